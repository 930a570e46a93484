import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireDemandBox, requireLeadAccess } from '../../auth/lead-access.js';
import { LEAD_MESSAGES, leadOperations as ops, LEADS_PAGE_SIZE } from '../../contract/leads.js';
import { routeOf } from '../declared.js';
import { BODY_LIMITS } from '../../body-limits.js';
import { HttpError, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import {
  deleteLead,
  findLead,
  firmDisplayName,
  firmMailbox,
  insertLeadMessage,
  leadProjectNames,
  listLeadMessages,
  listLeads,
  releaseLead,
  toLeadJson,
  toLeadMessageJson,
  updateLead,
} from '../../queries/leads.js';
import { findUserById } from '../../queries/users.js';

/**
 * The demand box (workspace-and-admin.md screen 12, DESIGN.md section 9; docs/decisions/122, 123
 * and 340), scope `workspace`: the firm and its sub-admins list, open, mark, archive, release from
 * Held and delete its leads, and write to a lead by mail (New Message) from the firm's name,
 * answered at its email.
 */

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, firmMail } = app.ctx;

  /** A lead with its project's name, as JSON. */
  async function leadJson(row: Parameters<typeof toLeadJson>[0]) {
    return toLeadJson(row, await leadProjectNames(db, [row]));
  }

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const firm = requireDemandBox(request.session);
      const { page, view } = request.query;
      const { rows, count, unread, held } = await listLeads(db, firm.firmId, view, page, LEADS_PAGE_SIZE);
      const names = await leadProjectNames(db, rows);
      return { data: { leads: rows.map((r) => toLeadJson(r, names)), count, unread, held, page, pageSize: LEADS_PAGE_SIZE } };
    },
  });

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const { lead } = await requireLeadAccess(db, request.session, request.params.id);
      // Opening an enquiry is reading it, as in a mail client; the menu marks it unread again.
      const row = lead.isRead ? lead : ((await updateLead(db, lead.id, { isRead: true })) ?? lead);
      const [json, messages] = await Promise.all([leadJson(row), listLeadMessages(db, lead.id)]);
      return { data: { lead: json, messages: messages.map(toLeadMessageJson) } };
    },
  });

  app.route({
    ...routeOf(ops.update),
    handler: async (request) => {
      const { lead } = await requireLeadAccess(db, request.session, request.params.id);
      const { read, handled, archived } = request.body;
      const row = await updateLead(db, lead.id, {
        ...(read === undefined ? {} : { isRead: read }),
        ...(handled === undefined ? {} : { isHandled: handled }),
        ...(archived === undefined ? {} : { isArchived: archived }),
      });
      if (!row) throw notFound(LEAD_MESSAGES.notFound);
      return { data: await leadJson(row) };
    },
  });

  app.route({
    ...routeOf(ops.release),
    handler: async (request) => {
      const { user } = request.session;
      const { lead, firm } = await requireLeadAccess(db, request.session, request.params.id);
      if (!lead.isHeld) return { data: await leadJson(lead) };
      const row = await db.transaction(async (tx) => {
        const released = await releaseLead(tx, lead.id);
        // Released by the firm: its sender counts as established from now on (services/enquiry-delivery.ts).
        if (released) await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'lead.released', targetType: 'lead', targetId: lead.id, details: { email: lead.email } });
        return released;
      });
      // Released meanwhile by another click: the lead as it is now.
      return { data: await leadJson(row ?? (await findLead(db, lead.id)) ?? lead) };
    },
  });

  app.route({
    ...routeOf(ops.delete),
    handler: async (request) => {
      const { user } = request.session;
      const { lead, firm } = await requireLeadAccess(db, request.session, request.params.id);
      await db.transaction(async (tx) => {
        await deleteLead(tx, lead.id);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'lead.deleted', targetType: 'lead', targetId: lead.id, details: { email: lead.email } });
      });
      return { message: 'Enquiry deleted' };
    },
  });

  app.route({
    ...routeOf(ops.sendMessage),
    bodyLimit: BODY_LIMITS.leadMessage,
    handler: async (request, reply) => {
      const { user } = request.session;
      const { lead, firm } = await requireLeadAccess(db, request.session, request.params.id);
      const firmAccount = firm.isOwner ? user : await findUserById(db, firm.firmId);
      if (!firmAccount) throw notFound(LEAD_MESSAGES.notFound);
      const { to, cc, bcc, subject, message } = request.body;
      // Checked (verified firm, its allowance) and counted before it leaves (docs/decisions/235).
      const grant = await firmMail.reserve({ firmId: firm.firmId, actorId: user.id, kind: 'lead-message', target: { type: 'lead', id: lead.id } }, [...to, ...cc, ...bcc]);
      // Sent before it is kept: the thread shows only mails that left. A failure is the firm's to retry.
      try {
        await grant.send({ to, cc, bcc, subject, text: message, fromName: firmDisplayName(firmAccount), replyTo: firmMailbox(firmAccount) });
      } catch (error) {
        request.log.error({ err: error, leadId: lead.id }, 'lead mail failed');
        throw new HttpError(502, LEAD_MESSAGES.sendFailed);
      }
      const row = await db.transaction(async (tx) => {
        const created = await insertLeadMessage(tx, { leadId: lead.id, authorId: user.id, to, cc, bcc, subject, body: message });
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'lead.message-sent', targetType: 'lead', targetId: lead.id, details: { to, cc, bcc, subject } });
        return created;
      });
      // Writing to the lead is working on it: it is read.
      if (!lead.isRead) await updateLead(db, lead.id, { isRead: true });
      return reply.status(201).send({ data: toLeadMessageJson({ message: row, authorName: user.firmName?.trim() || user.userName }) });
    },
  });
};
