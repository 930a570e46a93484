import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply } from '../../contract/http.js';
import { CreditNoteBody, INVOICE_MESSAGES as M, InvoiceIdParams, IssueBody, InvoiceSavedReply, InvoiceStaleReply, PaymentBody, VoidBody } from '../../contract/invoices.js';
import { findInvoice } from '../../queries/invoices.js';
import { issueCreditNote, issueFirmInvoice, recordPayment, voidInvoice } from '../../services/invoices.js';
import { billingFirm, firmInvoice, invoiceReply, requireProfile } from './shared.js';

/**
 * An invoice's life (docs/decisions/280–281), scope `workspace`, the firm
 * and its sub-admins: issue (numbered in the issuing transaction), payments, credit notes, void.
 * Each step locks the invoice's row; each is audited.
 */

const tags = ['invoices'];
const replies = { 200: InvoiceSavedReply, 404: ErrorReply, 409: ErrorReply };

export const invoiceLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/invoices/:id/issue',
    {
      schema: {
        tags,
        summary: 'Issue a draft from the `version` looked at: lines frozen, the next number of the financial year; 409 with the current draft when its lines changed meanwhile',
        params: InvoiceIdParams,
        body: IssueBody,
        response: { ...replies, 409: InvoiceStaleReply },
      },
    },
    async (request) => {
    const { actor, firmId, email, timeZone } = billingFirm(request);
    const id = (await firmInvoice(db, firmId, request.params.id)).id;
    const profile = await requireProfile(db, firmId);
    const row = await db.transaction((tx) => issueFirmInvoice(tx, actor, id, profile, email, request.body.version, new Date(), timeZone, request.body.idempotencyKey));
    return { message: M.issued(row.number ?? ''), data: await invoiceReply(db, row) };
    },
  );

  app.post('/invoices/:id/void', { schema: { tags, summary: 'Void an invoice with no payment or credit note (its number stays used)', params: InvoiceIdParams, body: VoidBody, response: replies } }, async (request) => {
    const { actor, firmId } = billingFirm(request);
    const id = (await firmInvoice(db, firmId, request.params.id)).id;
    const row = await db.transaction((tx) => voidInvoice(tx, actor.id, firmId, id, request.body.reason));
    return { message: M.voided, data: await invoiceReply(db, row) };
  });

  app.post(
    '/invoices/:id/payments',
    { schema: { tags, summary: "Record a payment (at most the outstanding amount; dated from the invoice's date to today in the firm's time zone); it gets a receipt number", params: InvoiceIdParams, body: PaymentBody, response: { ...replies, 201: InvoiceSavedReply } } },
    async (request, reply) => {
      const { actor, firmId, timeZone } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const payment = await db.transaction((tx) => recordPayment(tx, actor.id, firmId, id, request.body, new Date(), timeZone));
      const row = (await findInvoice(db, firmId, id))!;
      return reply.status(201).send({ message: M.paymentRecorded(payment.receiptNumber), data: await invoiceReply(db, row) });
    },
  );

  app.post(
    '/invoices/:id/credit-notes',
    { schema: { tags, summary: 'Issue a credit note against an issued invoice (at most what is owed)', params: InvoiceIdParams, body: CreditNoteBody, response: { ...replies, 201: InvoiceSavedReply } } },
    async (request, reply) => {
      const { actor, firmId, timeZone } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const note = await db.transaction((tx) => issueCreditNote(tx, actor.id, firmId, id, request.body, new Date(), timeZone));
      const row = (await findInvoice(db, firmId, id))!;
      return reply.status(201).send({ message: M.creditNoteIssued(note.number ?? ''), data: await invoiceReply(db, row) });
    },
  );
};
