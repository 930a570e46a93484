import { z } from 'zod/v4';
import { ErrorReply, IdempotencyKey, MessageReply, StaleReply, VersionBody } from './http.js';
import { operation, type Operation } from './operation.js';
import { HSN_SAC_PATTERN, isGstRate } from './billing-rules.js';
import { INVOICE_LIMITS as L, INVOICE_MESSAGES as M, INVOICE_STATUSES, PAYMENT_METHODS } from './invoices-rules.js';
import { parsePercent } from './summary-rules.js';
import { parseRupees } from './money-text.js';
import { codeOrEmpty, dayText, requiredText, TAN_TYPED } from './text-fields.js';
import { TAN_PATTERN, TDS_SECTIONS } from './tds-rules.js';
import { isUqc, parseQuantity, QUANTITY_TYPED, UQC_CODES, type Uqc } from './quantity.js';

/**
 * Invoices, credit notes and payments (docs/decisions/280–282): the api's
 * bodies take amounts in paise; the web's forms take rupees as typed ("25,000.50") and turn them
 * into the same bodies (`*Form` schemas), so one set of rules and messages serves both.
 */

export * from './invoices-rules.js';

const TDS_TAN_MESSAGE = 'A TAN is four letters, five digits and a letter (e.g. MUMA12345B)';
const day = dayText(M.dateInvalid);
const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
const paise = z.number({ error: M.amount }).int(M.amount).min(1, M.amountPositive).max(L.amount, M.amount);
const rate = z.number({ error: M.rate }).refine(isGstRate, M.rate);
const hsnSac = codeOrEmpty(HSN_SAC_PATTERN, M.hsnSac);
const reminderDays = z.number({ error: M.reminderDays }).int(M.reminderDays).min(0, M.reminderDays).max(L.reminderDays, M.reminderDays).nullable().default(null);
const rupees = z
  .string({ error: M.amount })
  .trim()
  .transform((v, ctx) => {
    const value = parseRupees(v);
    if (value === null) ctx.addIssue({ code: 'custom', message: M.amount });
    else if (value < 1) ctx.addIssue({ code: 'custom', message: M.amountPositive });
    return value ?? 0;
  });

/**
 * A quantity as typed or sent: a number or its text ("12.5", "3.25"), at most three decimals, kept
 * exactly as thousandths of its unit (decision 407); never read through a float's arithmetic.
 */
const quantityText = z.union([z.number(), z.string().meta({ pattern: QUANTITY_TYPED })], { error: M.quantity });
const toMilli = (v: number | string, ctx: z.RefinementCtx) => {
  const milli = parseQuantity(String(v));
  if (milli === null || milli < 1 || milli > L.quantity * 1000) ctx.addIssue({ code: 'custom', message: M.quantity });
  return milli ?? 0;
};
const quantity = quantityText.default(1).transform(toMilli);
/** A quantity changed on a draft's line: required, the same rules as a new line's (decision 407). */
const quantityChange = quantityText.transform(toMilli);
/** A code of GST's UQC list; absent, NA for a SAC and NOS for goods (defaultUnit). */
const unit = z
  .string({ error: M.unit })
  .trim()
  .toUpperCase()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isUqc(v), M.unit)
  .transform((v) => v as Uqc | undefined)
  .meta({ enum: UQC_CODES });

/** A free line: a design fee, a site visit, 12.5 MTR of fabric; quantity × unit price, taxed at its rate. */
export const FreeLine = z.object({
  description: requiredText(M.descriptionRequired, L.description),
  quantity,
  unit,
  unitPrice: paise,
  rateBp: rate,
  hsnSac,
});
export type FreeLine = z.input<typeof FreeLine>;

export const InvoiceCreateBody = z.object({
  contactId: id(M.contactRequired),
  /** The project it belongs to; taken from the schedule when one is named. */
  projectId: z.string().trim().max(64).optional(),
  scheduleId: z.string().trim().max(64).optional(),
  /** Approved sections to invoice whole; with neither these nor items nor a milestone, every approved section. */
  sectionIds: z.array(z.string().max(64)).max(L.lines).optional(),
  itemIds: z.array(z.string().max(64)).max(L.lines).optional(),
  /** A milestone: this share (basis points) of the approved sections, as one line. */
  milestoneBp: z.number({ error: M.milestone }).int(M.milestone).min(1, M.milestone).max(10_000, M.milestone).optional(),
  lines: z.array(FreeLine).max(L.lines, M.tooManyLines).default([]),
  reminderDays,
  notes: z.string().trim().max(L.notes, `At most ${L.notes} characters`).default(''),
  /** The New invoice form's key (decision 399): the same key again answers with the draft it made, never a second one. */
  idempotencyKey: IdempotencyKey,
});
export type InvoiceCreateBody = z.input<typeof InvoiceCreateBody>;

/** The web's New invoice form: what to invoice, a milestone as "30", a free line in rupees. */
export const InvoiceCreateForm = z
  .object({
    contactId: id(M.contactRequired),
    projectId: z.string().trim().max(64).optional(),
    scheduleId: z.string().trim().max(64).optional(),
    what: z.enum(['approved', 'chosen', 'milestone', 'line'], { error: 'Choose what to invoice' }),
    /** For `chosen`: whole approved sections and single items of them (checkboxes). */
    sectionIds: z.array(z.string().trim().max(64)).max(L.lines).optional(),
    itemIds: z.array(z.string().trim().max(64)).max(L.lines).optional(),
    milestonePercent: z.string().trim().optional(),
    description: z.string().trim().max(L.description).optional(),
    amount: z.string().trim().optional(),
    rateBp: z.number({ error: M.rate }).optional(),
    hsnSac: z.string().trim().optional(),
    reminderDays: z.number({ error: M.reminderDays }).int(M.reminderDays).min(0, M.reminderDays).max(L.reminderDays, M.reminderDays).optional(),
    notes: z.string().trim().max(L.notes).optional(),
    idempotencyKey: IdempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (v.what !== 'line' && !v.scheduleId) ctx.addIssue({ code: 'custom', path: ['scheduleId'], message: v.what === 'milestone' ? M.milestoneNeedsSchedule : M.scheduleNotFound });
    if (v.what === 'chosen' && !v.sectionIds?.length && !v.itemIds?.length) ctx.addIssue({ code: 'custom', path: ['sectionIds'], message: M.chooseSome });
    if (v.what === 'milestone') {
      const bp = parsePercent(v.milestonePercent ?? '');
      if (!bp) ctx.addIssue({ code: 'custom', path: ['milestonePercent'], message: M.milestone });
    }
    if (v.what === 'line') {
      if (!v.description) ctx.addIssue({ code: 'custom', path: ['description'], message: M.descriptionRequired });
      const amount = parseRupees(v.amount ?? '');
      if (!amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount === 0 ? M.amountPositive : M.amount });
      if (v.rateBp === undefined || !isGstRate(v.rateBp)) ctx.addIssue({ code: 'custom', path: ['rateBp'], message: M.rate });
      if (v.hsnSac && !HSN_SAC_PATTERN.test(v.hsnSac)) ctx.addIssue({ code: 'custom', path: ['hsnSac'], message: M.hsnSac });
    }
  })
  .transform(
    (v): z.input<typeof InvoiceCreateBody> => ({
      contactId: v.contactId,
      projectId: v.projectId || undefined,
      scheduleId: v.what === 'line' ? undefined : v.scheduleId,
      ...(v.what === 'chosen' ? { sectionIds: v.sectionIds ?? [], itemIds: v.itemIds ?? [] } : {}),
      milestoneBp: v.what === 'milestone' ? parsePercent(v.milestonePercent ?? '') ?? undefined : undefined,
      lines: v.what === 'line' ? [{ description: v.description ?? '', quantity: 1, unitPrice: parseRupees(v.amount ?? '') ?? 0, rateBp: v.rateBp ?? 0, hsnSac: v.hsnSac ?? '' }] : [],
      reminderDays: v.reminderDays ?? null,
      notes: v.notes ?? '',
      idempotencyKey: v.idempotencyKey,
    }),
  );

/** The web's Add a line form (on a draft). */
export const FreeLineForm = z
  .object({ description: requiredText(M.descriptionRequired, L.description), quantity: z.string({ error: M.quantity }).trim().default('1').meta({ pattern: QUANTITY_TYPED }), unit, unitPrice: rupees, rateBp: rate, hsnSac })
  .superRefine((v, ctx) => {
    const milli = parseQuantity(v.quantity);
    if (milli === null || milli < 1 || milli > L.quantity * 1000) ctx.addIssue({ code: 'custom', path: ['quantity'], message: M.quantity });
  })
  .transform((v): FreeLine => v);

/**
 * A draft line's HSN/SAC, unit and quantity changed (CGST rule 46(g): the HSN/SAC of each line; rule
 * 46(f): the quantity and its unit), from the draft's `version` looked at (docs/decisions/320): a
 * draft changed meanwhile answers 409 with it as it now is. An empty code on a service line takes
 * the firm's SAC (decision 382); a line from the summary keeps its quantity (its discount is the
 * summary's, for that quantity).
 */
export const LineEditBody = VersionBody.extend({ hsnSac, unit, quantity: quantityChange });
export type LineEditBody = z.input<typeof LineEditBody>;
/** The web's Edit form of a line: the same fields as typed, and the line it names. */
export const LineEditForm = LineEditBody.extend({
  lineId: z.string({ error: M.lineNotFound }).trim().min(1, M.lineNotFound).max(64, M.lineNotFound),
  // Kept as typed ("12.5"): the api reads the text itself, never a float of it.
  quantity: z
    .string({ error: M.quantity })
    .trim()
    .refine((v) => {
      const milli = parseQuantity(v);
      return milli !== null && milli >= 1 && milli <= L.quantity * 1000;
    }, M.quantity),
});

/** A TDS rate in basis points (1000 = 10 %). */
const tdsRate = z.number({ error: 'A rate from 0 to 100 %' }).int('A rate from 0 to 100 %').min(0, 'A rate from 0 to 100 %').max(10_000, 'A rate from 0 to 100 %');

export const PaymentBody = z.object({
  paidOn: day,
  amount: paise,
  method: z.enum(PAYMENT_METHODS, { error: M.methodRequired }),
  reference: z.string({ error: 'Must be text' }).trim().max(L.reference, `At most ${L.reference} characters`).default(''),
  idempotencyKey: IdempotencyKey,
  /** TDS the client deducted (docs/decisions/415): the invoice settles on amount + tds. */
  tds: z.number({ error: M.amount }).int(M.amount).min(0, M.amount).max(L.amount, M.amount).default(0),
  /** '' lets the api name the section of the payment's day (194J before 1 April 2026, 393 from then). */
  tdsSection: z.enum(['', ...TDS_SECTIONS], { error: 'Choose 194J or 393' }).default(''),
  /** The rate the client applied (1000 = 10 %, 200 = 2 %, or as its certificate states). */
  tdsRateBp: tdsRate.nullable().default(null),
  tdsTan: codeOrEmpty(TAN_PATTERN, TDS_TAN_MESSAGE, { upper: true, documented: TAN_TYPED }),
});
export type PaymentBody = z.input<typeof PaymentBody>;
/** The web's form: rupees, and the TDS rate as a choice of basis points ('' for none). */
export const PaymentForm = PaymentBody.extend({
  amount: rupees,
  tds: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      if (v === '') return 0;
      const value = parseRupees(v);
      if (value === null || value < 0) ctx.addIssue({ code: 'custom', message: M.amount });
      return value ?? 0;
    }),
  tdsRateBp: z
    .string()
    .trim()
    .default('')
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(tdsRate.nullable()),
});

export const CreditNoteBody = z.object({
  reason: requiredText(M.reasonRequired, L.reason),
  /** The taxable value credited (before GST), at one of the invoice's rates. */
  amount: paise,
  rateBp: rate,
  idempotencyKey: IdempotencyKey,
});
export type CreditNoteBody = z.input<typeof CreditNoteBody>;
export const CreditNoteForm = CreditNoteBody.extend({ amount: rupees });

/** Issue: the draft's version looked at, and the form's idempotency key (decisions 320, 399). */
export const IssueBody = VersionBody.extend({ idempotencyKey: IdempotencyKey });
export type IssueBody = z.input<typeof IssueBody>;

export const VoidBody = z.object({ reason: requiredText(M.reasonRequired, L.reason) });
export type VoidBody = z.input<typeof VoidBody>;

/** The Tax Invoice PDF the web printed, to attach to the mail (base64; the api checks it is a PDF). */
export const InvoiceMailBody = z.object({ pdf: z.string({ error: M.pdfInvalid }).max(4_000_000, M.pdfInvalid) });
export type InvoiceMailBody = z.input<typeof InvoiceMailBody>;

export const InvoicesQuery = z.object({
  projectId: z.string().max(64).optional(),
  status: z.enum([...INVOICE_STATUSES, 'overdue'], { error: 'Unknown status' }).optional(),
});
export type InvoicesQuery = z.input<typeof InvoicesQuery>;

export const InvoiceIdParams = z.object({ id: z.string().max(64) });
/** The print data's `?upiAmount=`: a part of what is owed in paise, at most the UPI limit (decision 397). */
export const InvoicePrintQuery = z.object({ upiAmount: z.coerce.number({ error: M.amount }).int(M.amount).min(1, M.amountPositive).max(L.amount, M.amount).optional() });
export const InvoiceLineParams = z.object({ id: z.string().max(64), lineId: z.string().max(64) });
export const PaymentParams = z.object({ id: z.string().max(64), paymentId: z.string().max(64) });

// Replies -------------------------------------------------------------------------------------

const Party = z.object({
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  gstin: z.string(),
  email: z.string(),
  pan: z.string().optional(),
  bankAccountName: z.string().optional(),
  bankAccountNumber: z.string().optional(),
  bankIfsc: z.string().optional(),
  upiId: z.string().optional(),
  /** The issuer's only: CGST rule 46(p), tax payable on reverse charge (decision 396). */
  reverseCharge: z.boolean().optional(),
  /** The issuer's only: paise above which no UPI QR is printed for the whole amount (decision 397). */
  upiLimit: z.number().optional(),
});
export type Party = z.infer<typeof Party>;

export const InvoiceLine = z.object({
  id: z.string(),
  description: z.string(),
  hsnSac: z.string(),
  /** Exact decimal text of the quantity ("12.5"; decision 407). */
  quantity: z.string(),
  /** Its UQC unit (NOS, MTR, SQM…; NA for a service). */
  unit: z.string(),
  unitPrice: z.number(),
  discount: z.number(),
  rateBp: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const Payment = z.object({
  id: z.string(),
  paidOn: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  /** TDS deducted by the client (docs/decisions/415); amount + tds is what the invoice settled. */
  tds: z.number(),
  tdsSection: z.string(),
  tdsRateBp: z.number().nullable(),
  tdsTan: z.string(),
  receiptNumber: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;

export const InvoiceSummary = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit-note']),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  clientName: z.string(),
  contactId: z.string().nullable(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  taxable: z.number(),
  total: z.number(),
  credited: z.number(),
  received: z.number(),
  outstanding: z.number(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const Invoice = InvoiceSummary.extend({
  issuer: z.enum(['firm', 'platform']),
  creditFor: z.string().nullable(),
  supply: z.enum(['intra', 'inter']),
  placeOfSupply: z.string(),
  seller: Party.nullable(),
  buyer: Party.nullable(),
  notes: z.string(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** Paise that bring the total to the rupee (decision 408); 0 when the profile does not round. */
  roundOff: z.number(),
  reminderDays: z.number().nullable(),
  reminderSentAt: z.string().nullable(),
  mailedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  lines: z.array(InvoiceLine),
  payments: z.array(Payment),
  creditNotes: z.array(InvoiceSummary),
  /** What an Issue names (docs/decisions/320): raised by every change of a draft's lines. */
  version: z.number(),
});
export type Invoice = z.infer<typeof Invoice>;
/** Issue's 409: the draft as it now is, who changed it and when. */
export const InvoiceStaleReply = StaleReply(Invoice);

export const InvoicesReply = z.object({ data: z.array(InvoiceSummary) });
export type InvoicesReply = z.infer<typeof InvoicesReply>;
export const InvoiceReply = z.object({ data: Invoice });
export type InvoiceReply = z.infer<typeof InvoiceReply>;
export const InvoiceSavedReply = z.object({ message: z.string(), data: Invoice });
export type InvoiceSavedReply = z.infer<typeof InvoiceSavedReply>;

/** What the PDF prints beyond the invoice: the amount in words, the UPI link and its QR (SVG), the title. */
export const InvoicePrint = z.object({
  invoice: Invoice,
  title: z.string(),
  amountInWords: z.string(),
  upiUri: z.string().nullable(),
  qrSvg: z.string().nullable(),
  /** Paise the UPI link asks for (the amount owed, or the part asked for), null without a link. */
  upiAmount: z.number().nullable(),
  /** The seller's UPI limit in paise (decision 397). */
  upiLimit: z.number(),
  /** What is owed is above the UPI limit: no QR for the whole amount; pay by bank transfer or in parts. */
  upiOverLimit: z.boolean(),
  /** CGST rule 46(e)–(f): the place of supply with its GST state code, "Karnataka (29)". */
  placeOfSupplyText: z.string(),
  /** CGST rule 46(p): "No", or "Yes" where the firm marks its supplies so. */
  reverseCharge: z.enum(['Yes', 'No']),
  /** A credit note's original invoice (CGST rule 53(1A)(g) via 46): its number and date. */
  original: z.object({ number: z.string(), issueDate: z.string().nullable() }).nullable(),
  /** CGST rule 46(q): the issuer's signature image as a data URL, printed above "Authorised signatory"; null: the words for a digitally signed document (decision 402). */
  signature: z.string().nullable(),
  /** Rate-wise tax summary. */
  byRate: z.array(z.object({ rateBp: z.number(), taxable: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), tax: z.number() })),
});
export type InvoicePrint = z.infer<typeof InvoicePrint>;
export const InvoicePrintReply = z.object({ data: InvoicePrint });
export type InvoicePrintReply = z.infer<typeof InvoicePrintReply>;

export const ReceiptPrint = z.object({
  invoice: InvoiceSummary.extend({ seller: Party.nullable(), buyer: Party.nullable() }),
  payment: Payment,
  amountInWords: z.string(),
  placeOfSupplyText: InvoicePrint.shape.placeOfSupplyText,
  reverseCharge: InvoicePrint.shape.reverseCharge,
  signature: InvoicePrint.shape.signature,
});
export type ReceiptPrint = z.infer<typeof ReceiptPrint>;
export const ReceiptPrintReply = z.object({ data: ReceiptPrint });
export type ReceiptPrintReply = z.infer<typeof ReceiptPrintReply>;

/** A printed invoice in base64 (at most 3 MB of PDF) and a little JSON around it: the mail's body limit. */
export const INVOICE_MAIL_BODY_LIMIT = 4_200_000;

const op = <const O extends Omit<Operation, 'scope' | 'tags'>>(declaration: O) => operation({ ...declaration, scope: 'workspace', tags: ['invoices'] } as const);
const saved = { 200: InvoiceSavedReply, 404: ErrorReply, 409: ErrorReply } as const;

/**
 * The invoices' operations (docs/decisions/280–282, 370), scope `workspace`, the firm and its
 * sub-admins: registered by server/routes/invoices/, called by app/models/invoices.server.ts.
 */
export const invoiceOperations = {
  list: op({ method: 'GET', path: '/invoices', summary: "The firm's invoices, newest first (?projectId=, ?status= including overdue)", query: InvoicesQuery, replies: { 200: InvoicesReply } }),
  create: op({ method: 'POST', path: '/invoices', summary: 'A draft invoice for a client contact', body: InvoiceCreateBody, replies: { 201: InvoiceSavedReply, 409: ErrorReply } }),
  get: op({ method: 'GET', path: '/invoices/:id', summary: 'An invoice with its lines, payments and credit notes', params: InvoiceIdParams, replies: { 200: InvoiceReply, 404: ErrorReply } }),
  addLine: op({ method: 'POST', path: '/invoices/:id/lines', summary: 'Add a free line to a draft (a design fee, a site visit)', params: InvoiceIdParams, body: FreeLine, replies: saved }),
  editLine: op({
    method: 'PATCH',
    path: '/invoices/:id/lines/:lineId',
    summary: "Change a draft line's HSN/SAC, unit and quantity from the `version` looked at; 409 with the current draft when it changed meanwhile",
    params: InvoiceLineParams,
    body: LineEditBody,
    replies: { ...saved, 409: InvoiceStaleReply },
  }),
  removeLine: op({ method: 'DELETE', path: '/invoices/:id/lines/:lineId', summary: "Remove a draft's line", params: InvoiceLineParams, replies: saved }),
  issue: op({
    method: 'POST',
    path: '/invoices/:id/issue',
    summary: 'Issue a draft from the `version` looked at: lines frozen, the next number of the financial year; 409 with the current draft when its lines changed meanwhile',
    params: InvoiceIdParams,
    body: IssueBody,
    replies: { ...saved, 409: InvoiceStaleReply },
  }),
  void: op({ method: 'POST', path: '/invoices/:id/void', summary: 'Void an invoice with no payment or credit note (its number stays used)', params: InvoiceIdParams, body: VoidBody, replies: saved }),
  recordPayment: op({
    method: 'POST',
    path: '/invoices/:id/payments',
    summary: "Record a payment (at most the outstanding amount; dated from the invoice's date to today in the firm's time zone); it gets a receipt number",
    params: InvoiceIdParams,
    body: PaymentBody,
    replies: { 201: InvoiceSavedReply, 404: ErrorReply, 409: ErrorReply },
  }),
  issueCreditNote: op({
    method: 'POST',
    path: '/invoices/:id/credit-notes',
    summary: 'Issue a credit note against an issued invoice (at most what is owed)',
    params: InvoiceIdParams,
    body: CreditNoteBody,
    replies: { 201: InvoiceSavedReply, 404: ErrorReply, 409: ErrorReply },
  }),
  print: op({
    method: 'GET',
    path: '/invoices/:id/print',
    summary: "The Tax Invoice PDF's data: the invoice, amount in words, UPI link and QR (SVG); ?upiAmount= asks for a part within the UPI limit",
    params: InvoiceIdParams,
    query: InvoicePrintQuery,
    replies: { 200: InvoicePrintReply, 400: ErrorReply, 404: ErrorReply },
  }),
  receipt: op({ method: 'GET', path: '/invoices/:id/payments/:paymentId/receipt', summary: "A payment's receipt data", params: PaymentParams, replies: { 200: ReceiptPrintReply, 404: ErrorReply } }),
  mail: op({
    method: 'POST',
    path: '/invoices/:id/mail',
    summary: 'Mail the issued invoice, its PDF attached, to the client (verified firms only, within the firm mail allowance)',
    params: InvoiceIdParams,
    body: InvoiceMailBody,
    // 413: past INVOICE_MAIL_BODY_LIMIT.
    replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply, 429: ErrorReply, 503: ErrorReply },
  }),
} as const;
