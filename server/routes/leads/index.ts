import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireDemandBox, requireLeadAccess } from '../../auth/lead-access.js';
import { ErrorReply, IdParams, MessageReply } from '../../contract/http.js';
import { LEAD_MESSAGES, LeadDetailReply, LeadMessageBody, LeadMessageReply, LeadReply, LeadsQuery, LeadsReply, LEADS_PAGE_SIZE, UpdateLeadBody } from '../../contract/leads.js';
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

const errors = { 404: ErrorReply };

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, firmMail } = app.ctx;

  /** A lead with its project's name, as JSON. */
  async function leadJson(row: Parameters<typeof toLeadJson>[0]) {
    return toLeadJson(row, await leadProjectNames(db, [row]));
  }

  app.get(
    '/leads',
    { schema: { tags: ['leads'], summary: "A page of the firm's demand box", querystring: LeadsQuery, response: { 200: LeadsReply, ...errors } } },
    async (request) => {
      const firm = requireDemandBox(request.session);
      const { page, view } = request.query;
      const { rows, count, unread, held } = await listLeads(db, firm.firmId, view, page, LEADS_PAGE_SIZE);
      const names = await leadProjectNames(db, rows);
      return { data: { leads: rows.map((r) => toLeadJson(r, names)), count, unread, held, page, pageSize: LEADS_PAGE_SIZE } };
    },
  );

  app.get(
    '/leads/:id',
    { schema: { tags: ['leads'], summary: 'A lead with its thread (opening it marks it read)', params: IdParams, response: { 200: LeadDetailReply, ...errors } } },
    async (request) => {
      const { lead } = await requireLeadAccess(db, request.session, request.params.id);
      // Opening an enquiry is reading it, as in a mail client; the menu marks it unread again.
      const row = lead.isRead ? lead : ((await updateLead(db, lead.id, { isRead: true })) ?? lead);
      const [json, messages] = await Promise.all([leadJson(row), listLeadMessages(db, lead.id)]);
      return { data: { lead: json, messages: messages.map(toLeadMessageJson) } };
    },
  );

  app.patch(
    '/leads/:id',
    {
      schema: { tags: ['leads'], summary: 'Mark a lead read or unread, handled or not, archived or not', params: IdParams, body: UpdateLeadBody, response: { 200: LeadReply, ...errors } },
    },
    async (request) => {
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
  );

  app.post(
    '/leads/:id/release',
    {
      schema: {
        tags: ['leads'],
        summary: 'Release a held enquiry to the inbox (docs/decisions/340); one already in the inbox is answered as it is',
        params: IdParams,
        response: { 200: LeadReply, ...errors },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/leads/:id',
    { schema: { tags: ['leads'], summary: 'Delete a lead and its thread', params: IdParams, response: { 200: MessageReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const { lead, firm } = await requireLeadAccess(db, request.session, request.params.id);
      await db.transaction(async (tx) => {
        await deleteLead(tx, lead.id);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'lead.deleted', targetType: 'lead', targetId: lead.id, details: { email: lead.email } });
      });
      return { message: 'Enquiry deleted' };
    },
  );

  app.post(
    '/leads/:id/messages',
    {
      bodyLimit: BODY_LIMITS.leadMessage,
      schema: {
        tags: ['leads'],
        summary: 'Send a mail to a lead (New Message) and add it to its thread',
        params: IdParams,
        body: LeadMessageBody,
        response: { 201: LeadMessageReply, ...errors, 429: ErrorReply, 502: ErrorReply, 503: ErrorReply },
      },
    },
    async (request, reply) => {
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
  );
};
