import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { addressBookOperations as ops, CONTACT_MESSAGES } from '../../contract/address-book.js';
import { isId } from '../../contract/http.js';
import { routeOf } from '../declared.js';
import { newId } from '../../db/ids.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { deleteContact, findContact, insertContact, listContacts, toContactJson, updateContact } from '../../queries/address-book.js';

/**
 * The firm's Address Book (docs/decisions/115), scope `workspace`: every person
 * of the firm reads it (an employee picks a project's client or member from it), the firm and its
 * sub-admins add, edit and delete. Another firm's contact answers 404.
 */

export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      const { q, kind, after, limit } = request.query;
      const page = await listContacts(db, firm.firmId, { q, kind, after: after && isId(after) ? after : undefined, limit });
      return { data: { contacts: page.rows.map(toContactJson), next: page.next, canManage: firm.canManage } };
    },
  });

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      const row = isId(request.params.id) ? await findContact(db, firm.firmId, request.params.id) : undefined;
      if (!row) throw notFound(CONTACT_MESSAGES.notFound);
      return { data: toContactJson(row) };
    },
  });

  app.route({
    ...routeOf(ops.create),
    handler: async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const id = newId();
      const row = await db.transaction(async (tx) => {
        const created = await insertContact(tx, { ...request.body, id, firmId: firm.firmId, createdBy: user.id });
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'contact.created', targetType: 'contact', targetId: id, details: { name: created.name, kind: created.kind } });
        return created;
      });
      return reply.status(201).send({ data: toContactJson(row) });
    },
  });

  app.route({
    ...routeOf(ops.update),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      if (!isId(request.params.id)) throw notFound(CONTACT_MESSAGES.notFound);
      const row = await db.transaction(async (tx) => {
        const { version, ...fields } = request.body;
        const updated = await updateContact(tx, firm.firmId, request.params.id, user.id, fields, version);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'contact.updated', targetType: 'contact', targetId: updated.id, details: { name: updated.name, kind: updated.kind } });
        return updated;
      });
      return { data: toContactJson(row) };
    },
  });

  app.route({
    ...routeOf(ops.remove),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      if (!isId(request.params.id)) throw notFound(CONTACT_MESSAGES.notFound);
      await db.transaction(async (tx) => {
        if (!(await deleteContact(tx, firm.firmId, request.params.id))) throw notFound(CONTACT_MESSAGES.notFound);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'contact.deleted', targetType: 'contact', targetId: request.params.id });
      });
      return { message: 'Contact deleted' };
    },
  });
};
