import { IdempotencyKey } from './http.js';
import { z } from 'zod/v4';
import {
  PURCHASE_ORDER_LIMITS as L,
  PURCHASE_ORDER_MESSAGES as M,
  PURCHASE_ORDER_STATUSES,
} from './purchase-orders-rules.js';
import { wellFormed } from './text-fields.js';
import { ErrorReply, IdParams, MessageReply } from './http.js';
import { operation, type Operation } from './operation.js';

/**
 * Purchase orders (docs/decisions/285): the bodies the api takes (and the web's
 * forms check first, with the same messages) and the replies it gives. Only for those who may see
 * trade prices (docs/decisions/258).
 */

export * from './purchase-orders-rules.js';

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

/** A new order: approved items of one schedule, to one supplier. */
export const NewPurchaseOrderBody = z.object({
  scheduleId: id(M.scheduleRequired),
  supplierId: id(M.supplierRequired),
  itemIds: z
    .array(z.string({ error: M.itemsRequired }).max(64, M.itemNotApproved), { error: M.itemsRequired })
    .min(1, M.itemsRequired)
    .max(L.linesPerOrder, M.itemsTooMany)
    .transform((ids) => [...new Set(ids)]),
  notes: z
    .string({ error: 'Must be text' })
    .trim()
    .max(L.notes, M.notesTooLong)
    .default('')
    .transform(wellFormed),
  /** The form's idempotency key (decision 399): the same key again gives the same order. */
  idempotencyKey: IdempotencyKey,
});
export type NewPurchaseOrderBody = z.input<typeof NewPurchaseOrderBody>;

/** Received quantities, per line, as counted now (not added to what was counted before). */
export const ReceiveBody = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.string({ error: M.lineUnknown }).max(64, M.lineUnknown),
        receivedQuantity: z.number({ error: M.receivedRange }).int(M.receivedRange).min(0, M.receivedRange).max(100_000, M.receivedRange),
      }),
      { error: M.linesRequired },
    )
    .min(1, M.linesRequired)
    .max(L.linesPerOrder, M.lineUnknown),
});
export type ReceiveBody = z.input<typeof ReceiveBody>;

/** The order's PDF, made by the web from the print data, base64: the mail's attachment. */
export const MailBody = z.object({ pdf: z.string({ error: M.pdfInvalid }).min(8, M.pdfInvalid).max(8 * 1024 * 1024, M.pdfInvalid) });

export const PurchaseOrderListQuery = z.object({ projectId: z.string().max(64).default('') });
export const CandidatesQuery = z.object({ projectId: z.string().max(64).default(''), scheduleId: z.string().max(64).optional() });

const Party = z.object({ name: z.string(), address: z.string(), state: z.string(), gstin: z.string(), email: z.string() });
const Status = z.enum(PURCHASE_ORDER_STATUSES);

export const PurchaseOrderLineJson = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  hsnSac: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  rateBp: z.number(),
  taxable: z.number(),
  tax: z.number(),
  total: z.number(),
  receivedQuantity: z.number(),
});

export const PurchaseOrderListItem = z.object({
  id: z.string(),
  number: z.string(),
  status: Status,
  projectId: z.string(),
  scheduleId: z.string().nullable(),
  supplierName: z.string(),
  total: z.number(),
  issuedAt: z.string(),
  mailedAt: z.string().nullable(),
});
export type PurchaseOrderListItem = z.infer<typeof PurchaseOrderListItem>;

export const PurchaseOrderJson = PurchaseOrderListItem.extend({
  projectName: z.string(),
  buyer: Party,
  supplier: Party,
  supply: z.enum(['intra', 'inter']),
  notes: z.string(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  lines: z.array(PurchaseOrderLineJson),
});
export type PurchaseOrderJson = z.infer<typeof PurchaseOrderJson>;

export const PurchaseOrderReply = z.object({ data: PurchaseOrderJson, message: z.string().optional() });
export type PurchaseOrderReply = z.infer<typeof PurchaseOrderReply>;

export const PurchaseOrderListReply = z.object({
  data: z.object({ project: z.object({ id: z.string(), projectName: z.string() }), orders: z.array(PurchaseOrderListItem) }),
});
export type PurchaseOrderListReply = z.infer<typeof PurchaseOrderListReply>;

/** What the PDF prints: the order, the firm's logo (its profile picture) as a data URL, and the firm's time zone, which dates it (decision 331). */
export const PurchaseOrderPrintReply = z.object({ data: z.object({ order: PurchaseOrderJson, logo: z.string().nullable(), totalInWords: z.string(), timeZone: z.string() }) });
export type PurchaseOrderPrintReply = z.infer<typeof PurchaseOrderPrintReply>;
export type PurchaseOrderPrint = PurchaseOrderPrintReply['data'];

/** The new-order form: the project's schedules, the chosen one's approved items, the firm's suppliers. */
export const CandidatesReply = z.object({
  data: z.object({
    project: z.object({ id: z.string(), projectName: z.string() }),
    schedules: z.array(z.object({ id: z.string(), title: z.string() })),
    scheduleId: z.string().nullable(),
    items: z.array(
      z.object({
        id: z.string(),
        roomName: z.string(),
        sectionTitle: z.string(),
        title: z.string(),
        /** 'product' (goods) or 'financial' (a fee or service). */
        type: z.string(),
        quantity: z.number(),
        tradePrice: z.number(),
        /** Numbers of the orders (not cancelled) that already hold this item. */
        orderedOn: z.array(z.string()),
      }),
    ),
    suppliers: z.array(z.object({ id: z.string(), name: z.string(), company: z.string(), email: z.string(), state: z.string() })),
    /** False until the firm has a billing profile: the order prints it. */
    billingReady: z.boolean(),
  }),
});
export type CandidatesReply = z.infer<typeof CandidatesReply>;

const op = <const O extends Omit<Operation, 'scope' | 'tags'>>(declaration: O) => operation({ ...declaration, scope: 'workspace', tags: ['purchase-orders'] } as const);
const moved = { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } as const;

/**
 * The purchase orders' operations (docs/decisions/285, 370), scope `workspace`; 403 for anyone who
 * may not see trade prices: registered by server/routes/purchase-orders/, called by
 * app/models/purchase-orders.server.ts.
 */
export const purchaseOrderOperations = {
  list: op({ method: 'GET', path: '/purchase-orders', summary: "A project's purchase orders, newest first", query: PurchaseOrderListQuery, replies: { 200: PurchaseOrderListReply, 404: ErrorReply } }),
  candidates: op({
    method: 'GET',
    path: '/purchase-orders/candidates',
    summary: "The new-order form's choices: the project's schedules, the approved priced items of the one chosen, the firm's suppliers",
    query: CandidatesQuery,
    replies: { 200: CandidatesReply, 404: ErrorReply },
  }),
  get: op({ method: 'GET', path: '/purchase-orders/:id', summary: 'One purchase order with its lines', params: IdParams, replies: { 200: PurchaseOrderReply, 404: ErrorReply } }),
  print: op({ method: 'GET', path: '/purchase-orders/:id/print', summary: "A purchase order's print data: the order and the firm's logo as a data URL", params: IdParams, replies: { 200: PurchaseOrderPrintReply, 404: ErrorReply } }),
  raise: op({
    method: 'POST',
    path: '/purchase-orders',
    summary: 'Raise a purchase order to a supplier for approved items of a schedule, at trade price (numbered, status Sent)',
    body: NewPurchaseOrderBody,
    replies: { 201: PurchaseOrderReply.extend({ message: z.string() }), 404: ErrorReply, 409: ErrorReply },
  }),
  acknowledge: op({ method: 'POST', path: '/purchase-orders/:id/acknowledge', summary: 'Mark a sent order acknowledged by the supplier', params: IdParams, replies: moved }),
  cancel: op({ method: 'POST', path: '/purchase-orders/:id/cancel', summary: 'Cancel an order nothing has arrived on', params: IdParams, replies: moved }),
  receive: op({
    method: 'POST',
    path: '/purchase-orders/:id/receive',
    summary: 'Set the quantity received of lines (as counted now); the order becomes partly received or received',
    params: IdParams,
    body: ReceiveBody,
    replies: moved,
  }),
  mail: op({
    method: 'POST',
    path: '/purchase-orders/:id/mail',
    summary: "Mail the order's PDF (base64, made from its print data) to the supplier (verified firms only)",
    params: IdParams,
    body: MailBody,
    replies: { ...moved, 413: ErrorReply, 429: ErrorReply, 503: ErrorReply },
  }),
} as const;
