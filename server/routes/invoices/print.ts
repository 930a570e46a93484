import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply, MessageReply } from '../../contract/http.js';
import { INVOICE_MESSAGES as M, InvoiceIdParams, InvoiceMailBody, InvoicePrintQuery, InvoicePrintReply, PaymentParams, ReceiptPrintReply } from '../../contract/invoices.js';
import { decodePdf, mailInvoice } from '../../services/invoice-mail.js';
import { printOfInvoice, receiptOfPayment } from '../../services/invoice-print.js';
import { billingFirm, firmInvoice } from './shared.js';

/**
 * What the web prints and mails (docs/decisions/281–282), scope
 * `workspace`, the firm and its sub-admins: the Tax Invoice's print data (amount in words, UPI QR),
 * a payment's receipt, and the mail of the printed invoice to the client.
 */

const tags = ['invoices'];
/** A printed invoice in base64 (at most 3 MB of PDF) and a little JSON around it. */
const MAIL_BODY_LIMIT = 4_200_000;

export const invoicePrintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, firmMail } = app.ctx;

  app.get(
    '/invoices/:id/print',
    { schema: { tags, summary: "The Tax Invoice PDF's data: the invoice, amount in words, UPI link and QR (SVG); ?upiAmount= asks for a part within the UPI limit", params: InvoiceIdParams, querystring: InvoicePrintQuery, response: { 200: InvoicePrintReply, 400: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      const { firmId } = billingFirm(request);
      return { data: await printOfInvoice(db, await firmInvoice(db, firmId, request.params.id), request.query.upiAmount) };
    },
  );

  app.get('/invoices/:id/payments/:paymentId/receipt', { schema: { tags, summary: "A payment's receipt data", params: PaymentParams, response: { 200: ReceiptPrintReply, 404: ErrorReply } } }, async (request) => {
    const { firmId } = billingFirm(request);
    return { data: await receiptOfPayment(db, await firmInvoice(db, firmId, request.params.id), request.params.paymentId) };
  });

  app.post(
    '/invoices/:id/mail',
    {
      bodyLimit: MAIL_BODY_LIMIT,
      schema: { tags, summary: 'Mail the issued invoice, its PDF attached, to the client (verified firms only, within the firm mail allowance)', params: InvoiceIdParams, body: InvoiceMailBody, response: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply, 429: ErrorReply, 503: ErrorReply } },
    },
    async (request) => {
      const { actor, firmId } = billingFirm(request);
      const row = await firmInvoice(db, firmId, request.params.id);
      const to = await mailInvoice(db, firmMail, actor.id, row, decodePdf(request.body.pdf));
      return { message: M.mailed(to) };
    },
  );
};
