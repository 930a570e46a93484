/**
 * The plain rules of invoices, credit notes and payments that the web's forms and the api share
 * (5 and 8; docs/decisions/280–283). No zod, no imports from zod files.
 */

export const INVOICE_STATUSES = ['draft', 'issued', 'part_paid', 'paid', 'void'] as const;
export type InvoiceStatusName = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatusName, string> = { draft: 'Draft', issued: 'Issued', part_paid: 'Part paid', paid: 'Paid', void: 'Void' };

export const PAYMENT_METHODS = ['upi', 'bank_transfer', 'cheque', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { upi: 'UPI', bank_transfer: 'Bank transfer', cheque: 'Cheque', cash: 'Cash' };

/** The series of credit notes and receipts: their own prefixes, so they never read like an invoice number. */
export const CREDIT_NOTE_PREFIX = 'CN';
export const RECEIPT_PREFIX = 'RC';

export const INVOICE_LIMITS = {
  description: 500,
  notes: 2000,
  reference: 120,
  reason: 500,
  lines: 300,
  reminderDays: 365,
  /** The largest quantity of a line, in whole units (the money module's MAX_QUANTITY). */
  quantity: 100_000,
  /** The largest amount a form takes: ₹1,000 crore in paise (the money module's own bound). */
  amount: 10_000_000_000_000,
} as const;

export const INVOICE_MESSAGES = {
  contactRequired: 'Choose the client to invoice',
  notAClient: 'Choose a contact marked Client in the Address Book',
  projectNotFound: 'Choose one of your projects',
  scheduleNotFound: 'Choose a schedule of one of your projects',
  scheduleNotOfProject: 'The schedule is not part of the chosen project',
  sectionNotApproved: 'Only approved sections of the schedule can be invoiced',
  itemNotApproved: 'Only items of approved sections of the schedule can be invoiced',
  nothingApproved: 'The schedule has no approved section with a priced item',
  noLines: 'An invoice needs at least one line: choose approved sections or add a line',
  tooManyLines: `An invoice has at most ${INVOICE_LIMITS.lines} lines`,
  descriptionRequired: 'Describe the line',
  quantity: 'The quantity is a number from 0.001 to 100000, with at most three decimals (12.5)',
  unit: 'Choose a unit from the GST list (NOS, MTR, SQM, SET, KGS…)',
  amount: 'Enter an amount in rupees, like 25000 or 25,000.50',
  amountPositive: 'The amount must be more than zero',
  milestone: 'A milestone is a percentage from 0.01 to 100',
  milestoneNeedsSchedule: 'A milestone is a share of a schedule: choose the schedule',
  chooseSome: 'Tick at least one approved section or item',
  rate: 'Choose a GST rate from the list',
  hsnSac: 'An HSN or SAC code is 4, 6 or 8 digits',
  reminderDays: `A whole number of days from 0 to ${INVOICE_LIMITS.reminderDays}`,
  dateInvalid: 'Choose a valid date',
  /** A payment's date (its receipt's date) lies between the invoice's date and today in the firm's time zone (decision 331). */
  paidBeforeInvoice: (invoiceDay: string) => `The payment date cannot be before the invoice's date (${invoiceDay})`,
  paidInFuture: (today: string) => `The payment date cannot be in the future (today is ${today})`,
  /** A credit note is dated today in the firm's time zone; never before the invoice it corrects. */
  creditNoteBeforeInvoice: (invoiceDay: string) => `A credit note cannot be dated before its invoice (${invoiceDay}): today in the firm's time zone is earlier. Issue it on or after that day`,
  methodRequired: 'Choose how it was paid',
  reasonRequired: 'Say why',
  profileMissing: 'Fill in the billing profile in Setting before invoicing',
  notFound: 'Invoice not found',
  lineNotFound: 'Line not found',
  paymentNotFound: 'Payment not found',
  notDraft: 'An issued invoice cannot be changed: issue a credit note instead',
  notIssued: 'Issue the invoice first',
  isVoid: 'The invoice is void',
  voidWithPayments: 'An invoice with payments cannot be voided: issue a credit note instead',
  moreThanOutstanding: 'That is more than the outstanding amount',
  aboveUpiLimit: (limit: string) => `UPI takes at most ${limit} in one payment: ask for a smaller part`,
  zeroTotal: 'An invoice of ₹0 cannot be issued',
  numberTooLong: 'The invoice number would be longer than 16 characters: choose a shorter prefix in the billing profile',
  clientNoEmail: "The client has no email address in the Address Book",
  pdfInvalid: 'The invoice PDF could not be attached',
  created: 'Draft invoice created',
  lineAdded: 'Line added',
  lineRemoved: 'Line removed',
  lineChanged: 'Line changed',
  /** A summary item's line keeps its quantity: its discount is the summary's for that quantity. */
  itemQuantityKept: "A line from the summary keeps the summary's quantity: change it in the summary, or add a free line",
  issued: (number: string) => `Invoice ${number} issued`,
  voided: 'Invoice voided',
  paymentRecorded: (receipt: string) => `Payment recorded: receipt ${receipt}`,
  creditNoteIssued: (number: string) => `Credit note ${number} issued`,
  mailed: (to: string) => `Invoice mailed to ${to}`,
  platformProfileMissing: 'The platform has no billing profile yet: the super-admin sets it in admin Setting',
  platformProfileSaved: 'Platform billing profile saved',
} as const;

/** How an invoice line is described when it is a milestone of a schedule's approved sections. */
export const milestoneDescription = (percent: string, scheduleTitle: string) => `${percent} % of the approved sections of ${scheduleTitle}`;

/** The document's title as printed: a tax invoice only when the issuer is registered for GST. */
export function documentTitle(kind: 'invoice' | 'credit-note', sellerGstin: string): string {
  if (kind === 'credit-note') return 'Credit Note';
  return sellerGstin ? 'Tax Invoice' : 'Invoice';
}
