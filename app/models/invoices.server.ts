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
  IssueBody,
  PaymentBody,
  ReceiptPrintReply,
  VoidBody,
} from '../../server/contract/invoices';
import type { MessageReply } from '../../server/contract/http';

/** The web's calls of invoices and payments (docs/decisions/280): the only place their api paths are written. */

const enc = encodeURIComponent;
const of = (id: string) => `/invoices/${enc(id)}`;

export const listInvoices = async (request: Request, query: InvoicesQuery = {}) => (await api<InvoicesReply>(request, '/invoices', { query })).data;
export const getInvoice = async (request: Request, id: string) => (await api<InvoiceReply>(request, of(id))).data;
export const createInvoice = (request: Request, body: InvoiceCreateBody) => api<InvoiceSavedReply>(request, '/invoices', { method: 'POST', json: body });
export const addInvoiceLine = (request: Request, id: string, body: FreeLine) => api<InvoiceSavedReply>(request, `${of(id)}/lines`, { method: 'POST', json: body });
export const removeInvoiceLine = (request: Request, id: string, lineId: string) => api<InvoiceSavedReply>(request, `${of(id)}/lines/${enc(lineId)}`, { method: 'DELETE' });
/** Issue names the version of the draft its person looked at (docs/decisions/320). */
export const issueInvoice = (request: Request, id: string, body: IssueBody) => api<InvoiceSavedReply>(request, `${of(id)}/issue`, { method: 'POST', json: body });
export const voidInvoice = (request: Request, id: string, body: VoidBody) => api<InvoiceSavedReply>(request, `${of(id)}/void`, { method: 'POST', json: body });
export const recordPayment = (request: Request, id: string, body: PaymentBody) => api<InvoiceSavedReply>(request, `${of(id)}/payments`, { method: 'POST', json: body });
export const issueCreditNote = (request: Request, id: string, body: CreditNoteBody) => api<InvoiceSavedReply>(request, `${of(id)}/credit-notes`, { method: 'POST', json: body });
/** The print data; `upiAmount` (paise, within the UPI limit) asks for a QR of that part (decision 397). */
export const getInvoicePrint = async (request: Request, id: string, upiAmount?: number) => (await api<InvoicePrintReply>(request, `${of(id)}/print`, { query: { upiAmount } })).data;
export const getReceiptPrint = async (request: Request, id: string, paymentId: string) => (await api<ReceiptPrintReply>(request, `${of(id)}/payments/${enc(paymentId)}/receipt`)).data;
export const mailInvoice = (request: Request, id: string, pdf: Buffer) => api<MessageReply>(request, `${of(id)}/mail`, { method: 'POST', json: { pdf: pdf.toString('base64') } });
