import { z } from 'zod/v4';
import { ErrorReply, IdParams, MessageReply } from './http.js';
import { PortalFeeProposal } from './fee-proposals.js';
import { InvoicePrintQuery, InvoicePrintReply, ReceiptPrintReply } from './invoices.js';
import { INVOICE_LIMITS } from './invoices-rules.js';
import { ANY_TYPE, binary, operationsOf } from './operation.js';
import {
  CODE_CHANNELS,
  PAYMENT_NOTE_METHODS,
  PAYMENT_NOTE_REASON_MAX,
  PAYMENT_NOTE_REFERENCE_MAX,
  PAYMENT_NOTE_REFERENCE_MIN,
  PAYMENT_NOTE_STATUSES,
  PORTAL_MESSAGES as M,
} from './portal-rules.js';
import { dayText, wellFormed } from './text-fields.js';

/**
 * The client portal (docs/decisions/390–392): the client's side (scope `public`, the portal's
 * token is the key; committing calls also name a proof of the contact's address) and the firm's
 * (scope `workspace`, the firm and its sub-admins). Nothing here carries a trade price, a margin
 * or a rate: the client's replies are built from client documents only.
 */
export * from './portal-rules.js';

const TokenParams = z.object({ token: z.string().max(200) });
const TokenInvoiceParams = z.object({ token: z.string().max(200), invoiceId: z.string().max(64) });
const TokenPaymentParams = z.object({ token: z.string().max(200), invoiceId: z.string().max(64), paymentId: z.string().max(64) });

const opened = { firstOpenedAt: z.string().nullable(), lastOpenedAt: z.string().nullable() };

/** An invoice as the portal lists it. */
export const PortalInvoice = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit-note']),
  number: z.string(),
  projectName: z.string().nullable(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  total: z.number(),
  received: z.number(),
  outstanding: z.number(),
  status: z.string(),
  overdue: z.boolean(),
  /** Payment notes the firm has not yet confirmed or declined. */
  pendingNotes: z.number(),
  ...opened,
});
export type PortalInvoice = z.infer<typeof PortalInvoice>;

/** A schedule shared for approval, with the address of its approval page. */
export const PortalSchedule = z.object({
  id: z.string(),
  title: z.string(),
  projectName: z.string(),
  path: z.string().nullable(),
  sections: z.number(),
  approved: z.number(),
  rejected: z.number(),
  ...opened,
});
export type PortalSchedule = z.infer<typeof PortalSchedule>;

/** A project file the firm chose to share with the client (docs/decisions/422). */
export const PortalFile = z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number(), projectName: z.string(), sharedAt: z.string() });
export type PortalFile = z.infer<typeof PortalFile>;

export const PaymentNote = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_NOTE_METHODS),
  reference: z.string(),
  paidOn: z.string(),
  status: z.enum(PAYMENT_NOTE_STATUSES),
  receiptNumber: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentNote = z.infer<typeof PaymentNote>;

export const PortalOverview = z.object({
  /** The firm's public profile photo (its link previews are made from it), or null. */
  firm: z.object({ id: z.string(), name: z.string(), timeZone: z.string(), phone: z.string(), email: z.string(), image: z.string().nullable() }),
  /** `maskedPhone`: the mobile a code can be texted to (docs/decisions/430), only where SMS is set up and the contact has one. */
  client: z.object({ name: z.string(), maskedEmail: z.string(), maskedPhone: z.string().nullable() }),
  /** This browser has proved the contact's address (its proof is valid). */
  proven: z.boolean(),
  /** The portal is past its open period and this browser has no proof: nothing is listed until it proves. */
  locked: z.boolean(),
  schedules: z.array(PortalSchedule),
  invoices: z.array(PortalInvoice),
  /** Fee proposals shared for acceptance (docs/decisions/421): the latest waiting one and those answered, newest first. */
  feeProposals: z.array(PortalFeeProposal),
  /** Project files the firm chose to share (docs/decisions/422). */
  files: z.array(PortalFile),
});
export type PortalOverview = z.infer<typeof PortalOverview>;
export const PortalOverviewReply = z.object({ data: PortalOverview });

export const AskCodeQuery = z.object({ channel: z.enum(CODE_CHANNELS, { error: `channel is one of ${CODE_CHANNELS.join(', ')}` }).default('mail') });
export const ProofBody = z.object({ code: z.string({ error: M.codeShape }).trim().regex(/^\d{6}$/, M.codeShape) });
export const ProofReply = z.object({ message: z.string(), data: z.object({ proof: z.string(), expiresAt: z.string(), portalId: z.string() }) });
export type ProofReply = z.infer<typeof ProofReply>;

export const PortalInvoiceReply = z.object({ data: z.object({ print: InvoicePrintReply.shape.data, notes: z.array(PaymentNote), ...opened }) });
export type PortalInvoiceReply = z.infer<typeof PortalInvoiceReply>;

const amount = z.number({ error: 'Enter the amount paid' }).int('Enter the amount paid in paise').min(1, 'Enter the amount paid').max(INVOICE_LIMITS.amount, 'Enter the amount paid');
export const PaymentNoteBody = z.object({
  amount,
  method: z.enum(PAYMENT_NOTE_METHODS, { error: M.methodRequired }),
  reference: z
    .string({ error: M.referenceRequired })
    .trim()
    .min(1, M.referenceRequired)
    .regex(new RegExp(`^[A-Za-z0-9]{${PAYMENT_NOTE_REFERENCE_MIN},${PAYMENT_NOTE_REFERENCE_MAX}}$`), M.referenceShape)
    .transform((v) => v.toUpperCase()),
  paidOn: dayText('Enter the day you paid'),
});
export type PaymentNoteBody = z.input<typeof PaymentNoteBody>;

/** The firm's view of a contact's portal. */
export const FirmPortal = z.object({
  contact: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
  portal: z
    .object({ id: z.string(), createdAt: z.string(), revokedAt: z.string().nullable(), path: z.string().nullable(), ...opened })
    .nullable(),
  schedules: z.array(PortalSchedule),
  invoices: z.array(PortalInvoice),
  notes: z.array(PaymentNote),
  /** Schedules of the firm's projects that may be shared (not yet shared with this client). */
  shareable: z.array(z.object({ id: z.string(), title: z.string(), projectName: z.string() })),
  /** Files shared in the open portal (docs/decisions/422), and the firm's project files that may be (newest first). */
  files: z.array(PortalFile),
  shareableFiles: z.array(z.object({ id: z.string(), fileName: z.string(), projectName: z.string() })),
});
export type FirmPortal = z.infer<typeof FirmPortal>;
export const FirmPortalReply = z.object({ data: FirmPortal });
export type FirmPortalReply = z.infer<typeof FirmPortalReply>;
export const PortalMadeReply = z.object({ message: z.string(), data: z.object({ path: z.string() }) });

export const ShareScheduleBody = z.object({ scheduleId: z.string({ error: 'Choose a schedule' }).min(1, 'Choose a schedule').max(64) });
export const ShareFileBody = z.object({ fileId: z.string({ error: 'Choose a file' }).min(1, 'Choose a file').max(64) });
const FileParams = z.object({ id: z.string().max(64), fileId: z.string().max(64) });
const TokenFileParams = z.object({ token: z.string().max(200), fileId: z.string().max(64) });
export const ConfirmNoteBody = z.object({});
export const DeclineNoteBody = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(PAYMENT_NOTE_REASON_MAX, `At most ${PAYMENT_NOTE_REASON_MAX} characters`).transform(wellFormed),
});
export const PaymentNotesQuery = z.object({ status: z.enum(PAYMENT_NOTE_STATUSES).optional(), invoiceId: z.string().max(64).optional() });
export const PaymentNotesReply = z.object({ data: z.array(PaymentNote) });
export type PaymentNotesReply = z.infer<typeof PaymentNotesReply>;

const client = operationsOf('public', ['client portal']);
const firm = operationsOf('workspace', ['client portal']);
const gone = { 404: ErrorReply, 410: ErrorReply, 429: ErrorReply };

export const portalOperations = {
  overview: client({ method: 'GET', path: '/portal/:token', summary: 'Everything the firm shares with the client: schedules to approve, fee proposals, files, invoices and receipts (client prices only)', params: TokenParams, replies: { 200: PortalOverviewReply, ...gone } }),
  askCode: client({ method: 'POST', path: '/portal/:token/code', summary: "Send a 6-digit code to the portal's contact, by mail or (?channel=sms, where SMS is set up) to their mobile; rate-limited like sign-in", params: TokenParams, query: AskCodeQuery, replies: { 200: MessageReply, 400: ErrorReply, ...gone, 409: ErrorReply, 502: ErrorReply } }),
  prove: client({ method: 'POST', path: '/portal/:token/proof', summary: 'Trade the mailed code for a proof this browser keeps (sent back in the x-client-proof header)', params: TokenParams, body: ProofBody, replies: { 201: ProofReply, 400: ErrorReply, ...gone } }),
  invoice: client({ method: 'GET', path: '/portal/:token/invoices/:invoiceId', summary: "An invoice shared with the client: its document data (UPI link and QR for what is owed, ?upiAmount= for a part) and the client's payment notes", params: TokenInvoiceParams, query: InvoicePrintQuery, replies: { 200: PortalInvoiceReply, 400: ErrorReply, 403: ErrorReply, ...gone } }),
  receipt: client({ method: 'GET', path: '/portal/:token/invoices/:invoiceId/payments/:paymentId/receipt', summary: "A receipt of a payment of the client's invoice", params: TokenPaymentParams, replies: { 200: ReceiptPrintReply, 403: ErrorReply, ...gone } }),
  file: client({ method: 'GET', path: '/portal/:token/files/:fileId', summary: 'Download a project file the firm shared with the client (an attachment; only the files shared, while the portal is open)', params: TokenFileParams, replies: { 200: binary(ANY_TYPE), 403: ErrorReply, ...gone } }),
  notePayment: client({ method: 'POST', path: '/portal/:token/invoices/:invoiceId/payment-notes', summary: '"I have paid": the amount and its UPI (UTR) or bank reference, for the firm to confirm (needs a proof)', params: TokenInvoiceParams, body: PaymentNoteBody, replies: { 201: MessageReply, 400: ErrorReply, 403: ErrorReply, ...gone, 409: ErrorReply } }),

  ofContact: firm({ method: 'GET', path: '/contacts/:id/portal', summary: "A contact's portal: its address while open, what it shares, what the client opened and said they paid", params: IdParams, replies: { 200: FirmPortalReply, 404: ErrorReply } }),
  open: firm({ method: 'POST', path: '/contacts/:id/portal', summary: "Make the contact's portal (or give the open one's address again)", params: IdParams, replies: { 201: PortalMadeReply, 404: ErrorReply, 409: ErrorReply } }),
  revoke: firm({ method: 'DELETE', path: '/contacts/:id/portal', summary: "Revoke the contact's portal at once, and every link it shared", params: IdParams, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  mail: firm({ method: 'POST', path: '/contacts/:id/portal/mail', summary: "Mail the portal's address to the contact (verified firms, within the firm mail allowance)", params: IdParams, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  shareSchedule: firm({ method: 'POST', path: '/contacts/:id/portal/schedules', summary: "Share a schedule for approval in the contact's portal", params: IdParams, body: ShareScheduleBody, replies: { 201: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  shareFile: firm({ method: 'POST', path: '/contacts/:id/portal/files', summary: "Share a project file (a drawing, a render) in the contact's portal", params: IdParams, body: ShareFileBody, replies: { 201: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  unshareFile: firm({ method: 'DELETE', path: '/contacts/:id/portal/files/:fileId', summary: "Stop sharing a file in the contact's portal", params: FileParams, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  notes: firm({ method: 'GET', path: '/payment-notes', summary: 'Payment notes of clients, newest first (?status=pending for those to confirm)', query: PaymentNotesQuery, replies: { 200: PaymentNotesReply } }),
  confirmNote: firm({ method: 'POST', path: '/payment-notes/:id/confirm', summary: 'Confirm a payment note: the payment is recorded with its receipt', params: IdParams, body: ConfirmNoteBody, replies: { 200: MessageReply, 400: ErrorReply, 404: ErrorReply, 409: ErrorReply } }),
  declineNote: firm({ method: 'POST', path: '/payment-notes/:id/decline', summary: 'Decline a payment note with a reason the client reads', params: IdParams, body: DeclineNoteBody, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
} as const;
