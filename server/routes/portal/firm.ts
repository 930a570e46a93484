import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requireFirmAccess } from '../../auth/firm.js';
import { requireScheduleAccess } from '../../auth/schedule-access.js';
import { isoDay, zoneOf } from '../../contract/dates.js';
import { isId } from '../../contract/http.js';
import { PORTAL_MESSAGES as M, PORTAL_SHARE_DAYS, portalOperations as ops } from '../../contract/portal.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { findContactOfFirm } from '../../queries/invoice-writes.js';
import { decideNote, firmFile, latestPortalOf, portalFiles, shareableFiles, sharePortalFile, toPortalFile, unsharePortalFile, lockNote, notesOfFirm, openPortalOf, portalInvoices, portalSchedules, portalSharesSchedule, revokePortal, shareableSchedules } from '../../queries/portal.js';
import { insertShareLink } from '../../queries/share-links.js';
import { recordPayment } from '../../services/invoices.js';
import { PortalAccess } from '../../services/portal-access.js';
import { newToken } from '../../services/tokens.js';
import { routeOf } from '../declared.js';

/**
 * The firm's side of client portals (docs/decisions/390–392), scope `workspace`, the firm and its
 * sub-admins (they manage the Address Book and the money): make, give again, mail and revoke a
 * contact's portal, share schedules in it, and confirm or decline what the client says they paid.
 */
export const portalFirmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, firmMail, config } = app.ctx;
  const access = await PortalAccess.create(app.ctx);

  function manager(request: FastifyRequest) {
    const { user } = request.session;
    const firm = requireFirmAccess(user, 'manage');
    const timeZone = zoneOf({ timeZone: request.session.employer?.timeZone ?? user.timeZone });
    return { actorId: user.id, firmId: firm.firmId, timeZone };
  }

  async function contactOf(firmId: string, id: string) {
    const contact = isId(id) ? await findContactOfFirm(db, firmId, id) : undefined;
    if (!contact) throw notFound(M.contactNotFound);
    return contact;
  }

  async function openOf(contactId: string) {
    const portal = await openPortalOf(db, contactId);
    if (!portal) throw conflict(M.notOpen);
    return portal;
  }

  app.route({
    ...routeOf(ops.ofContact),
    handler: async (request) => {
      const { firmId, timeZone } = manager(request);
      const contact = await contactOf(firmId, request.params.id);
      const portal = await latestPortalOf(db, contact.id);
      const open = portal && !portal.revokedAt ? portal : null;
      const [schedules, invoices, notes, all, sharedFiles, allFiles] = await Promise.all([
        open ? portalSchedules(db, open.id, (link) => access.sharePathOf(link)) : [],
        portalInvoices(db, firmId, contact.id, open?.id ?? null, isoDay(new Date(), timeZone)),
        notesOfFirm(db, firmId, { contactId: contact.id }),
        shareableSchedules(db, firmId),
        open ? portalFiles(db, open.id) : [],
        shareableFiles(db, firmId),
      ]);
      const shared = new Set(schedules.map((s) => s.id));
      const filesShared = new Set(sharedFiles.map((f) => f.id));
      return {
        data: {
          contact: { id: contact.id, name: contact.name, email: contact.email, phone: contact.phone },
          portal: portal
            ? {
                id: portal.id,
                createdAt: portal.createdAt.toISOString(),
                revokedAt: portal.revokedAt?.toISOString() ?? null,
                path: open ? await access.portalPathOf(open) : null,
                firstOpenedAt: portal.firstOpenedAt?.toISOString() ?? null,
                lastOpenedAt: portal.lastOpenedAt?.toISOString() ?? null,
              }
            : null,
          schedules,
          invoices,
          notes,
          shareable: all.filter((s) => !shared.has(s.id)),
          files: sharedFiles.map(toPortalFile),
          shareableFiles: allFiles.filter((f) => !filesShared.has(f.id)),
        },
      };
    },
  });

  app.route({
    ...routeOf(ops.open),
    handler: async (request, reply) => {
      const { actorId, firmId } = manager(request);
      const contact = await contactOf(firmId, request.params.id);
      // The client proves the contact's address before committing: a portal needs one.
      if (!contact.email) throw conflict(M.noEmail);
      const { path } = await access.openFor({ firmId, contactId: contact.id, actorId });
      return reply.status(201).send({ message: M.created, data: { path: path ?? '' } });
    },
  });

  app.route({
    ...routeOf(ops.revoke),
    handler: async (request) => {
      const { actorId, firmId } = manager(request);
      const contact = await contactOf(firmId, request.params.id);
      const portal = await openOf(contact.id);
      await db.transaction(async (tx) => {
        await revokePortal(tx, portal, actorId);
        await recordAudit(tx, { actorId, firmId, action: 'portal.revoked', targetType: 'contact', targetId: contact.id, details: { portalId: portal.id } });
      });
      return { message: M.revokedDone };
    },
  });

  app.route({
    ...routeOf(ops.mail),
    handler: async (request) => {
      const { actorId, firmId } = manager(request);
      const contact = await contactOf(firmId, request.params.id);
      const portal = await openOf(contact.id);
      const path = await access.portalPathOf(portal);
      if (!path) throw conflict(M.notOpen);
      const firmName = request.session.employer?.name ?? (request.session.user.firmName || request.session.user.userName);
      await firmMail.send(
        { firmId, actorId, kind: 'portal-link', target: { type: 'contact', id: contact.id } },
        {
          to: contact.email,
          subject: `Your page with ${firmName}`,
          text: `Hello ${contact.name},\n\n${firmName} shares your schedules to approve, your invoices and receipts on one page, yours alone:\n\n${config.PUBLIC_URL}${path}\n\nKeep this link to yourself. Before you approve or tell us of a payment, the page asks for a code sent to this address.`,
        },
      );
      return { message: M.mailed(contact.email) };
    },
  });

  app.route({
    ...routeOf(ops.shareSchedule),
    handler: async (request, reply) => {
      const { actorId, firmId } = manager(request);
      const contact = await contactOf(firmId, request.params.id);
      const portal = await openOf(contact.id);
      const { schedule, access: scheduleAccess } = await requireScheduleAccess(db, request.session, request.body.scheduleId);
      if (scheduleAccess.firm.firmId !== firmId) throw notFound(M.scheduleNotFound);
      if (!(await portalSharesSchedule(db, portal.id, schedule.id))) {
        const { token, hash } = newToken();
        await db.transaction(async (tx) => {
          const values = { firmId, projectId: schedule.projectId, scheduleId: schedule.id, tokenHash: hash, clientName: contact.name, createdBy: actorId, expiresAt: new Date(Date.now() + PORTAL_SHARE_DAYS * 24 * 60 * 60 * 1000), portalId: portal.id };
          const row = await insertShareLink(tx, values, (id) => access.seal.seal(token, id));
          await recordAudit(tx, { actorId, firmId, action: 'share-link.created', targetType: 'share-link', targetId: row.link.id, details: { projectId: schedule.projectId, scheduleId: schedule.id, portalId: portal.id } });
        });
      }
      return reply.status(201).send({ message: M.scheduleShared });
    },
  });

  app.route({
    ...routeOf(ops.shareFile),
    handler: async (request, reply) => {
      const { actorId, firmId } = manager(request);
      const contact = await contactOf(firmId, request.params.id);
      const portal = await openOf(contact.id);
      const file = isId(request.body.fileId) ? await firmFile(db, firmId, request.body.fileId) : undefined;
      if (!file) throw notFound(M.fileNotFound);
      await db.transaction(async (tx) => {
        await sharePortalFile(tx, portal.id, file.id, actorId);
        await recordAudit(tx, { actorId, firmId, action: 'portal.file-shared', targetType: 'contact', targetId: contact.id, details: { portalId: portal.id, fileId: file.id, projectId: file.projectId } });
      });
      return reply.status(201).send({ message: M.fileShared });
    },
  });

  app.route({
    ...routeOf(ops.unshareFile),
    handler: async (request) => {
      const { actorId, firmId } = manager(request);
      const contact = await contactOf(firmId, request.params.id);
      const portal = await openOf(contact.id);
      await db.transaction(async (tx) => {
        if (!isId(request.params.fileId) || !(await unsharePortalFile(tx, portal.id, request.params.fileId))) throw notFound(M.fileNotFound);
        await recordAudit(tx, { actorId, firmId, action: 'portal.file-unshared', targetType: 'contact', targetId: contact.id, details: { portalId: portal.id, fileId: request.params.fileId } });
      });
      return { message: M.fileUnshared };
    },
  });

  app.route({
    ...routeOf(ops.notes),
    handler: async (request) => {
      const { firmId } = manager(request);
      return { data: await notesOfFirm(db, firmId, { status: request.query.status, invoiceId: request.query.invoiceId && isId(request.query.invoiceId) ? request.query.invoiceId : undefined }) };
    },
  });

  app.route({
    ...routeOf(ops.confirmNote),
    handler: async (request) => {
      const { actorId, firmId, timeZone } = manager(request);
      const id = request.params.id;
      const receipt = await db.transaction(async (tx) => {
        const note = isId(id) ? await lockNote(tx, firmId, id) : undefined;
        if (!note) throw notFound(M.noteNotFound);
        if (note.status !== 'pending') throw conflict(M.noteDecided);
        // The payment as the client noted it; its key makes a retried confirmation record it once.
        const payment = await recordPayment(tx, actorId, firmId, note.invoiceId, { paidOn: note.paidOn, amount: note.amount, method: note.method as 'upi' | 'bank_transfer', reference: note.reference, idempotencyKey: `payment-note-${note.id}` }, new Date(), timeZone);
        await decideNote(tx, note.id, { status: 'confirmed', decidedBy: actorId, paymentId: payment.id });
        return payment.receiptNumber;
      });
      return { message: M.confirmed(receipt) };
    },
  });

  app.route({
    ...routeOf(ops.declineNote),
    handler: async (request) => {
      const { actorId, firmId } = manager(request);
      const id = request.params.id;
      await db.transaction(async (tx) => {
        const note = isId(id) ? await lockNote(tx, firmId, id) : undefined;
        if (!note) throw notFound(M.noteNotFound);
        if (note.status !== 'pending') throw conflict(M.noteDecided);
        await decideNote(tx, note.id, { status: 'declined', decidedBy: actorId, declineReason: request.body.reason });
        await recordAudit(tx, { actorId, firmId, action: 'portal.payment-note-declined', targetType: 'invoice', targetId: note.invoiceId, details: { noteId: note.id, reason: request.body.reason } });
      });
      return { message: M.declined };
    },
  });
};
