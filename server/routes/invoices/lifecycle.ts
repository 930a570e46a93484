import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVOICE_MESSAGES as M, invoiceOperations as ops } from '../../contract/invoices.js';
import { routeOf } from '../declared.js';
import { findInvoice } from '../../queries/invoices.js';
import { issueCreditNote, issueFirmInvoice, recordPayment, voidInvoice } from '../../services/invoices.js';
import { billingFirm, firmInvoice, invoiceReply, requireProfile } from './shared.js';

/**
 * An invoice's life (docs/decisions/280–281), scope `workspace`, the firm
 * and its sub-admins: issue (numbered in the issuing transaction), payments, credit notes, void.
 * Each step locks the invoice's row; each is audited.
 */

export const invoiceLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.issue),
    handler: async (request) => {
      const { actor, firmId, email, timeZone } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const profile = await requireProfile(db, firmId);
      const row = await db.transaction((tx) => issueFirmInvoice(tx, actor, id, profile, email, request.body.version, new Date(), timeZone, request.body.idempotencyKey));
      return { message: M.issued(row.number ?? ''), data: await invoiceReply(db, row) };
    },
  });

  app.route({
    ...routeOf(ops.void),
    handler: async (request) => {
      const { actor, firmId } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const row = await db.transaction((tx) => voidInvoice(tx, actor.id, firmId, id, request.body.reason));
      return { message: M.voided, data: await invoiceReply(db, row) };
    },
  });

  app.route({
    ...routeOf(ops.recordPayment),
    handler: async (request, reply) => {
      const { actor, firmId, timeZone } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const payment = await db.transaction((tx) => recordPayment(tx, actor.id, firmId, id, request.body, new Date(), timeZone));
      const row = (await findInvoice(db, firmId, id))!;
      return reply.status(201).send({ message: M.paymentRecorded(payment.receiptNumber), data: await invoiceReply(db, row) });
    },
  });

  app.route({
    ...routeOf(ops.issueCreditNote),
    handler: async (request, reply) => {
      const { actor, firmId, timeZone } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const note = await db.transaction((tx) => issueCreditNote(tx, actor.id, firmId, id, request.body, new Date(), timeZone));
      const row = (await findInvoice(db, firmId, id))!;
      return reply.status(201).send({ message: M.creditNoteIssued(note.number ?? ''), data: await invoiceReply(db, row) });
    },
  });
};
