import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply, isId } from '../../contract/http.js';
import { FreeLine, INVOICE_MESSAGES as M, InvoiceCreateBody, InvoiceIdParams, InvoiceLineParams, InvoiceReply, InvoiceSavedReply, InvoicesQuery, InvoicesReply } from '../../contract/invoices.js';
import { badRequest, notFound } from '../../errors.js';
import { supplyKind } from '../../money/totals.js';
import { recordAudit } from '../../queries/audit.js';
import { findContactOfFirm, insertInvoice } from '../../queries/invoice-writes.js';
import { listInvoices } from '../../queries/invoices.js';
import { draftLines, priceLines } from '../../services/invoice-drafts.js';
import { changeDraftLines, placeOfSupply } from '../../services/invoices.js';
import { billingFirm, firmInvoice, invoiceReply, requireProfile, today } from './shared.js';

/**
 * `/api/invoices` (docs/decisions/280), scope `workspace`, the firm and its
 * sub-admins: the list (by project, by status, overdue), a new draft from a schedule's approved
 * sections, chosen items, a milestone or free lines, one invoice, and a draft's lines.
 */

const tags = ['invoices'];

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/invoices', { schema: { tags, summary: "The firm's invoices, newest first (?projectId=, ?status= including overdue)", querystring: InvoicesQuery, response: { 200: InvoicesReply } } }, async (request) => {
    const { firmId } = billingFirm(request);
    const { projectId, status } = request.query;
    return { data: await listInvoices(db, firmId, { projectId: projectId && isId(projectId) ? projectId : projectId ? 'none' : undefined, status }, today()) };
  });

  app.post(
    '/invoices',
    { schema: { tags, summary: 'A draft invoice for a client contact', body: InvoiceCreateBody, response: { 201: InvoiceSavedReply, 409: ErrorReply } } },
    async (request, reply) => {
      const { actor, firmId } = billingFirm(request);
      const body = request.body;
      const profile = await requireProfile(db, firmId);
      const contact = isId(body.contactId) ? await findContactOfFirm(db, firmId, body.contactId) : undefined;
      if (!contact?.isClient) throw badRequest(M.notAClient, [{ path: 'contactId', message: M.notAClient }]);
      const { projectId, lines } = await draftLines(db, firmId, profile, {
        ...body,
        lines: body.lines.map((l) => ({ ...l, quantity: l.quantity, hsnSac: l.hsnSac })),
      });
      const supply = supplyKind(profile.state, contact.state);
      const { stored, totals } = priceLines(lines, supply);
      const row = await db.transaction(async (tx) => {
        const created = await insertInvoice(
          tx,
          { issuerId: firmId, firmId, kind: 'invoice', contactId: contact.id, projectId, status: 'draft', supply, placeOfSupply: placeOfSupply(contact.state), notes: body.notes, reminderDays: body.reminderDays, createdBy: actor.id },
          totals,
          stored,
        );
        await recordAudit(tx, { actorId: actor.id, firmId, action: 'invoice.drafted', targetType: 'invoice', targetId: created.id, details: { lines: stored.length, total: totals.total } });
        return created;
      });
      return reply.status(201).send({ message: M.created, data: await invoiceReply(db, row) });
    },
  );

  app.get('/invoices/:id', { schema: { tags, summary: 'An invoice with its lines, payments and credit notes', params: InvoiceIdParams, response: { 200: InvoiceReply, 404: ErrorReply } } }, async (request) => {
    const { firmId } = billingFirm(request);
    return { data: await invoiceReply(db, await firmInvoice(db, firmId, request.params.id)) };
  });

  app.post(
    '/invoices/:id/lines',
    { schema: { tags, summary: 'Add a free line to a draft (a design fee, a site visit)', params: InvoiceIdParams, body: FreeLine, response: { 200: InvoiceSavedReply, 404: ErrorReply, 409: ErrorReply } } },
    async (request) => {
      const { actor, firmId } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const { description, quantity, unitPrice, rateBp, hsnSac } = request.body;
      const row = await db.transaction((tx) =>
        changeDraftLines(tx, firmId, id, actor.id, (lines) => {
          if (lines.length >= 300) throw badRequest(M.tooManyLines);
          return [...lines, { description, hsnSac, sourceItemId: null, input: { quantity, unitPrice, discount: 0, rateBp } }];
        }),
      );
      return { message: M.lineAdded, data: await invoiceReply(db, row) };
    },
  );

  app.delete(
    '/invoices/:id/lines/:lineId',
    { schema: { tags, summary: "Remove a draft's line", params: InvoiceLineParams, response: { 200: InvoiceSavedReply, 404: ErrorReply, 409: ErrorReply } } },
    async (request) => {
      const { actor, firmId } = billingFirm(request);
      const id = (await firmInvoice(db, firmId, request.params.id)).id;
      const row = await db.transaction((tx) =>
        changeDraftLines(tx, firmId, id, actor.id, (lines) => {
          const left = lines.filter((l) => l.id !== request.params.lineId);
          if (left.length === lines.length) throw notFound(M.lineNotFound);
          return left;
        }),
      );
      return { message: M.lineRemoved, data: await invoiceReply(db, row) };
    },
  );
};
