import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVOICE_MAIL_BODY_LIMIT, INVOICE_MESSAGES as M, invoiceOperations as ops } from '../../contract/invoices.js';
import { routeOf } from '../declared.js';
import { decodePdf, mailInvoice } from '../../services/invoice-mail.js';
import { printOfInvoice, receiptOfPayment } from '../../services/invoice-print.js';
import { billingFirm, firmInvoice } from './shared.js';

/**
 * What the web prints and mails (docs/decisions/281–282), scope
 * `workspace`, the firm and its sub-admins: the Tax Invoice's print data (amount in words, UPI QR),
 * a payment's receipt, and the mail of the printed invoice to the client.
 */

export const invoicePrintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, firmMail } = app.ctx;

  app.route({
    ...routeOf(ops.print),
    handler: async (request) => {
      const { firmId } = billingFirm(request);
      return { data: await printOfInvoice(app.ctx, await firmInvoice(db, firmId, request.params.id), request.query.upiAmount) };
    },
  });

  app.route({
    ...routeOf(ops.receipt),
    handler: async (request) => {
      const { firmId } = billingFirm(request);
      return { data: await receiptOfPayment(app.ctx, await firmInvoice(db, firmId, request.params.id), request.params.paymentId) };
    },
  });

  app.route({
    ...routeOf(ops.mail),
    bodyLimit: INVOICE_MAIL_BODY_LIMIT,
    handler: async (request) => {
      const { actor, firmId } = billingFirm(request);
      const row = await firmInvoice(db, firmId, request.params.id);
      const to = await mailInvoice(db, firmMail, actor.id, row, decodePdf(request.body.pdf));
      return { message: M.mailed(to) };
    },
  });
};
