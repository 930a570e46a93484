import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../contract/http.js';
import { INVOICE_MESSAGES as M, invoiceOperations as ops } from '../../contract/invoices.js';
import { routeOf } from '../declared.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { supplyKind } from '../../money/totals.js';
import { recordAudit } from '../../queries/audit.js';
import { findContactOfFirm, insertInvoice } from '../../queries/invoice-writes.js';
import { findInvoice, listInvoices } from '../../queries/invoices.js';
import { onceByKey } from '../../queries/money-write-keys.js';
import { codeOfFreeLine, draftLines, freeLine, priceLines } from '../../services/invoice-drafts.js';
import { defaultUnit } from '../../contract/quantity.js';
import { changeDraftLines, placeOfSupply } from '../../services/invoices.js';
import { billingFirm, firmInvoice, firmServiceSac, invoiceReply, requireProfile, today } from './shared.js';

/**
 * `/api/invoices` (docs/decisions/280), scope `workspace`, the firm and its
 * sub-admins: the list (by project, by status, overdue), a new draft from a schedule's approved
 * sections, chosen items, a milestone or free lines, one invoice, and a draft's lines.
 */

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { firmId } = billingFirm(request);
      const { projectId, status } = request.query;
      return { data: await listInvoices(db, firmId, { projectId: projectId && isId(projectId) ? projectId : projectId ? 'none' : undefined, status }, today()) };
    },
  });

  app.route({
    ...routeOf(ops.create),
    handler: async (request, reply) => {
      const { actor, firmId } = billingFirm(request);
      const body = request.body;
      const profile = await requireProfile(db, firmId);
      const contact = isId(body.contactId) ? await findContactOfFirm(db, firmId, body.contactId) : undefined;
      if (!contact?.isClient) throw badRequest(M.notAClient, [{ path: 'contactId', message: M.notAClient }]);
            const { projectId, lines } = await draftLines(db, firmId, profile, {
        ...body,
        serviceSac: await firmServiceSac(db, firmId, body.projectId),
      });
      const supply = supplyKind(profile.state, contact.state);
      const { stored, totals } = priceLines(lines, supply);
      const draft = async (tx: typeof db) => {
        const created = await insertInvoice(
          tx,
          {
            issuerId: firmId,
            firmId,
            kind: 'invoice',
            contactId: contact.id,
            projectId,
            status: 'draft',
            supply,
            placeOfSupply: placeOfSupply(contact.state),
            notes: body.notes,
            reminderDays: body.reminderDays,
            createdBy: actor.id,
          },
          totals,
          stored,
        );
        await recordAudit(tx, { actorId: actor.id, firmId, action: 'invoice.drafted', targetType: 'invoice', targetId: created.id, details: { lines: stored.length, total: totals.total } });
        return created;
      };
      // A double submit or a retried request with the form's key gives the draft the first made (decision 399).
      const row = await db.transaction((tx) => onceByKey(tx, firmId, body.idempotencyKey, 'invoice-create', () => draft(tx), (r) => r.id, async (doneId) => (await findInvoice(tx, firmId, doneId))!));
      return reply.status(201).send({ message: M.created, data: await invoiceReply(db, row) });
    },
  });

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const { firmId } = billingFirm(request);
      return { data: await invoiceReply(db, await firmInvoice(db, firmId, request.params.id)) };
    },
  });

  app.route({
    ...routeOf(ops.addLine),
    handler: async (request) => {
      const { actor, firmId } = billingFirm(request);
      const invoice = await firmInvoice(db, firmId, request.params.id);
      const id = invoice.id;
      const line = freeLine(request.body, await firmServiceSac(db, firmId, invoice.projectId));
      const row = await db.transaction((tx) =>
        changeDraftLines(tx, firmId, id, actor.id, (lines) => {
          if (lines.length >= 300) throw badRequest(M.tooManyLines);
          return [...lines, line];
        }),
      );
      return { message: M.lineAdded, data: await invoiceReply(db, row) };
    },
  });

  app.route({
    ...routeOf(ops.editLine),
    handler: async (request) => {
      const { actor, firmId } = billingFirm(request);
      const invoice = await firmInvoice(db, firmId, request.params.id);
      const { version, quantity, unit } = request.body;
      const serviceSac = await firmServiceSac(db, firmId, invoice.projectId);
      const row = await db.transaction((tx) =>
        changeDraftLines(
          tx,
          firmId,
          invoice.id,
          actor.id,
          (lines) => {
            const line = lines.find((l) => l.id === request.params.lineId);
            if (!line) throw notFound(M.lineNotFound);
            if (line.sourceItemId && quantity !== line.input.quantityMilli) throw conflict(M.itemQuantityKept);
            const hsnSac = codeOfFreeLine(request.body.hsnSac, unit, serviceSac);
            const changed = { ...line, hsnSac, unit: unit ?? defaultUnit(hsnSac), input: { ...line.input, quantityMilli: quantity } };
            return lines.map((l) => (l === line ? changed : l));
          },
          version,
        ),
      );
      return { message: M.lineChanged, data: await invoiceReply(db, row) };
    },
  });

  app.route({
    ...routeOf(ops.removeLine),
    handler: async (request) => {
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
  });
};
