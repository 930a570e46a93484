import { call } from '~/utils/api.server';
import { invoiceOperations as ops } from '../../server/contract/invoices';
import type { CreditNoteBody, FreeLine, InvoiceCreateBody, InvoicesQuery, IssueBody, LineEditBody, PaymentBody, VoidBody } from '../../server/contract/invoices';
import { tdsOperations } from '../../server/contract/tds';
import type { TdsCertificateBody, TdsStatementBody } from '../../server/contract/tds';

/** The web's calls of invoices and payments (docs/decisions/280), by their declarations (server/contract/invoices.ts, docs/decisions/370). */

export const listInvoices = async (request: Request, query: InvoicesQuery = {}) => (await call(request, ops.list, { query })).data;
export const getInvoice = async (request: Request, id: string) => (await call(request, ops.get, { params: { id } })).data;
export const createInvoice = (request: Request, body: InvoiceCreateBody) => call(request, ops.create, { json: body });
export const addInvoiceLine = (request: Request, id: string, body: FreeLine) => call(request, ops.addLine, { params: { id }, json: body });
/** A draft line's HSN/SAC, unit and quantity, from the version looked at (docs/decisions/320). */
export const editInvoiceLine = (request: Request, id: string, lineId: string, body: LineEditBody) => call(request, ops.editLine, { params: { id, lineId }, json: body });
export const removeInvoiceLine = (request: Request, id: string, lineId: string) => call(request, ops.removeLine, { params: { id, lineId } });
/** Issue names the version of the draft its person looked at (docs/decisions/320). */
export const issueInvoice = (request: Request, id: string, body: IssueBody) => call(request, ops.issue, { params: { id }, json: body });
export const voidInvoice = (request: Request, id: string, body: VoidBody) => call(request, ops.void, { params: { id }, json: body });
export const recordPayment = (request: Request, id: string, body: PaymentBody) => call(request, ops.recordPayment, { params: { id }, json: body });
export const issueCreditNote = (request: Request, id: string, body: CreditNoteBody) => call(request, ops.issueCreditNote, { params: { id }, json: body });
/** The print data; `upiAmount` (paise, within the UPI limit) asks for a QR of that part (decision 397). */
export const getInvoicePrint = async (request: Request, id: string, upiAmount?: number) => (await call(request, ops.print, { params: { id }, query: { upiAmount } })).data;
export const getReceiptPrint = async (request: Request, id: string, paymentId: string) => (await call(request, ops.receipt, { params: { id, paymentId } })).data;
export const mailInvoice = (request: Request, id: string, pdf: Buffer) => call(request, ops.mail, { params: { id }, json: { pdf: pdf.toString('base64') } });

/** TDS by client and quarter (docs/decisions/416). */
export const getTdsReport = async (request: Request, fy?: string) => (await call(request, tdsOperations.report, { query: fy ? { fy } : {} })).data;
export const recordTdsCertificate = (request: Request, body: TdsCertificateBody) => call(request, tdsOperations.recordCertificate, { json: body });
export const matchForm26as = (request: Request, body: TdsStatementBody) => call(request, tdsOperations.matchText, { json: body });
/** The Form 26AS or AIS file itself, passed on as it came (decision 383). */
export function uploadForm26as(request: Request, file: File, fy?: string) {
  const body = new FormData();
  if (fy) body.append('fy', fy);
  body.append('file', file, file.name);
  return call(request, tdsOperations.uploadStatement, { body });
}
