/**
 * The plain rules of purchase orders (docs/decisions/285): statuses and their
 * labels, which change each status allows, limits and messages. No zod: the api and the web's
 * pages read the same module.
 */

export const PURCHASE_ORDER_STATUSES = ['sent', 'acknowledged', 'partly_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  partly_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** What a purchase order prints of the firm and of the supplier, frozen when it is raised. */
export type PurchaseOrderParty = { name: string; address: string; state: string; gstin: string; email: string };

/** The number's prefix: purchase orders have their own series, apart from the firm's invoices. */
export const PURCHASE_ORDER_PREFIX = 'PO';

export const PURCHASE_ORDER_LIMITS = {
  notes: 2000,
  linesPerOrder: 200,
} as const;

/** What a person may do to an order in each status (the api answers 409 to anything else). */
export const PURCHASE_ORDER_ACTIONS = {
  acknowledge: ['sent'],
  receive: ['sent', 'acknowledged', 'partly_received', 'received'],
  cancel: ['sent', 'acknowledged'],
  mail: ['sent', 'acknowledged', 'partly_received', 'received'],
} as const satisfies Record<string, readonly PurchaseOrderStatus[]>;
export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_ACTIONS;

export const canDo = (action: PurchaseOrderAction, status: string) => (PURCHASE_ORDER_ACTIONS[action] as readonly string[]).includes(status);

/** The status after the received quantities of every line are set: all in → received, some → partly received. */
export function statusAfterReceiving(lines: ReadonlyArray<{ quantity: number; receivedQuantity: number }>): PurchaseOrderStatus {
  if (lines.length && lines.every((l) => l.receivedQuantity >= l.quantity)) return 'received';
  if (lines.some((l) => l.receivedQuantity > 0)) return 'partly_received';
  // Nothing has arrived (a correction back to zero): the supplier had taken the order.
  return 'acknowledged';
}

/** Orders that commit the firm's money (the Financial overview's Committed): every one not cancelled. */
export const isCommitted = (status: string) => status !== 'cancelled';

const ACTION_PAST: Record<PurchaseOrderAction, string> = { acknowledge: 'acknowledged', receive: 'received', cancel: 'cancelled', mail: 'mailed' };

export const PURCHASE_ORDER_MESSAGES = {
  notFound: 'Purchase order not found',
  tradeOnly: 'Purchase orders show trade prices: only the firm, its sub-admins and employees allowed to see financials can see them',
  scheduleRequired: 'Choose a schedule',
  supplierRequired: 'Choose a supplier',
  supplierUnknown: 'Choose a supplier from your Address Book',
  notSupplier: 'This contact is not marked Supplier in the Address Book',
  itemsRequired: 'Tick at least one approved item to order',
  itemsTooMany: `An order holds at most ${PURCHASE_ORDER_LIMITS.linesPerOrder} lines`,
  itemNotApproved: 'Only priced items of approved sections of this schedule can be ordered; reload the page and tick them again',
  notesTooLong: `Notes are at most ${PURCHASE_ORDER_LIMITS.notes} characters`,
  noBillingProfile: 'Fill in the billing profile (Setting → Billing profile) before raising a purchase order: it prints your legal name, address and GSTIN',
  noSupplierEmail: 'This supplier has no email address: add one in the Address Book, then mail the order',
  transition: (status: string, action: PurchaseOrderAction) => `This order is ${PURCHASE_ORDER_STATUS_LABELS[status as PurchaseOrderStatus]?.toLowerCase() ?? status}: it cannot be ${ACTION_PAST[action]} now`,
  receivedRange: 'Received quantity must be a whole number from 0 to the quantity ordered',
  lineUnknown: 'A line is not part of this order; reload the page',
  linesRequired: 'Send the received quantity of at least one line',
  pdfInvalid: 'The attachment must be the order’s PDF',
  raised: (number: string) => `Purchase order ${number} raised`,
  acknowledged: 'Marked acknowledged',
  cancelled: 'Order cancelled',
  received: 'Received quantities saved',
  mailed: (email: string) => `Order mailed to ${email}`,
} as const;

