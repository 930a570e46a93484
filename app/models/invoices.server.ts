import { api } from '~/utils/api.server';
import type {
  CreditNoteBody,
  FreeLine,
  InvoiceCreateBody,
  InvoicePrintReply,
  InvoiceReply,
  InvoiceSavedReply,
  InvoicesQuery,
  InvoicesReply,
  PaymentBody,
  ReceiptPrintReply,
  VoidBody,
} from '../../server/contract/invoices';
import type { MessageReply } from '../../server/contract/http';
import type { TdsCertificateBody, TdsReportReply, TdsSavedReply, TdsStatementBody } from '../../server/contract/tds';

/** The web's calls of invoices and payments (docs/decisions/280): the only place their api paths are written. */

const enc = encodeURIComponent;
const of = (id: string) => `/invoices/${enc(id)}`;

export const listInvoices = async (request: Request, query: InvoicesQuery = {}) => (await api<InvoicesReply>(request, '/invoices', { query })).data;
export const getInvoice = async (request: Request, id: string) => (await api<InvoiceReply>(request, of(id))).data;
export const createInvoice = (request: Request, body: InvoiceCreateBody) => api<InvoiceSavedReply>(request, '/invoices', { method: 'POST', json: body });
export const addInvoiceLine = (request: Request, id: string, body: FreeLine) => api<InvoiceSavedReply>(request, `${of(id)}/lines`, { method: 'POST', json: body });
export const removeInvoiceLine = (request: Request, id: string, lineId: string) => api<InvoiceSavedReply>(request, `${of(id)}/lines/${enc(lineId)}`, { method: 'DELETE' });
/** Issue names the version of the draft its person looked at (docs/decisions/320). */
export const issueInvoice = (request: Request, id: string, version: number) => api<InvoiceSavedReply>(request, `${of(id)}/issue`, { method: 'POST', json: { version } });
export const voidInvoice = (request: Request, id: string, body: VoidBody) => api<InvoiceSavedReply>(request, `${of(id)}/void`, { method: 'POST', json: body });
export const recordPayment = (request: Request, id: string, body: PaymentBody) => api<InvoiceSavedReply>(request, `${of(id)}/payments`, { method: 'POST', json: body });
export const issueCreditNote = (request: Request, id: string, body: CreditNoteBody) => api<InvoiceSavedReply>(request, `${of(id)}/credit-notes`, { method: 'POST', json: body });
export const getInvoicePrint = async (request: Request, id: string) => (await api<InvoicePrintReply>(request, `${of(id)}/print`)).data;
export const getReceiptPrint = async (request: Request, id: string, paymentId: string) => (await api<ReceiptPrintReply>(request, `${of(id)}/payments/${enc(paymentId)}/receipt`)).data;
export const mailInvoice = (request: Request, id: string, pdf: Buffer) => api<MessageReply>(request, `${of(id)}/mail`, { method: 'POST', json: { pdf: pdf.toString('base64') } });

/** TDS by client and quarter (docs/decisions/416). */
export const getTdsReport = async (request: Request, fy?: string) => (await api<TdsReportReply>(request, '/tds', { query: fy ? { fy } : {} })).data;
export const recordTdsCertificate = (request: Request, body: TdsCertificateBody) => api<TdsSavedReply>(request, '/tds/certificates', { method: 'POST', json: body });
export const matchForm26as = (request: Request, body: TdsStatementBody) => api<TdsReportReply>(request, '/tds/26as', { method: 'POST', json: body });
