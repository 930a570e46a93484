import { IdempotencyKey } from './http.js';
import { z } from 'zod/v4';
import {
  PURCHASE_ORDER_LIMITS as L,
  PURCHASE_ORDER_MESSAGES as M,
  PURCHASE_ORDER_STATUSES,
} from './purchase-orders-rules.js';
import { wellFormed } from './text-fields.js';

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
