import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OWNERS_ONLY } from '../../contract/admin-areas.js';
import { adminOperations as ops } from '../../contract/admin-operations.js';
import { isId } from '../../contract/http.js';
import { routeOf } from '../declared.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import {
  changeAdminPassword,
  createSubAdmin,
  EmailTakenError,
  isOwnerAdmin,
  listAdmins,
  revokeSubAdmin,
} from '../../queries/admin-accounts.js';
import { verifyPassword } from '../../services/passwords.js';

/**
 * Sub admins and Setting (scope `admin`; docs/decisions/127): every admin sees the
 * list; only an owner (made by `npm run admin:create`) creates and revokes sub-admins. Every admin
 * changes its own password.
 */
export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limiter } = app.ctx;

  const requireOwner = async (userId: string) => {
    if (!(await isOwnerAdmin(db, userId))) throw forbidden(OWNERS_ONLY);
  };

  app.route({
    ...routeOf(ops.admins),
    handler: async (request) => {
      const me = request.session.user;
      const [admins, canManage] = await Promise.all([listAdmins(db), isOwnerAdmin(db, me.id)]);
      return { data: { admins: admins.map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), you: a.id === me.id })), canManage } };
    },
  });

  app.route({
    ...routeOf(ops.createSubAdmin),
    handler: async (request, reply) => {
      const me = request.session.user;
      await requireOwner(me.id);
      try {
        await createSubAdmin(db, me, request.body);
      } catch (error) {
        if (error instanceof EmailTakenError) throw conflict('An account with this email already exists', [{ path: 'email', message: 'An account with this email already exists' }]);
        throw error;
      }
      return reply.code(201).send({ message: `${request.body.email} can now sign in at /admin/login` });
    },
  });

  app.route({
    ...routeOf(ops.revokeSubAdmin),
    handler: async (request) => {
      const me = request.session.user;
      await requireOwner(me.id);
      const { id } = request.params;
      if (!isId(id) || !(await revokeSubAdmin(db, me, id))) throw notFound('Sub-admin not found');
      return { message: 'Sub-admin revoked' };
    },
  });

  app.route({
    ...routeOf(ops.password),
    handler: async (request) => {
      const { user, sessionId } = request.session;
      const { currentPassword, newPassword } = request.body;
      return limiter.run('admin-login', { address: request.ip, account: user.email }, async () => {
        if (!(await verifyPassword(user.passwordHash, currentPassword))) {
          throw badRequest('The current password is not right', [{ path: 'currentPassword', message: 'The current password is not right' }]);
        }
        await changeAdminPassword(db, user.id, sessionId, newPassword);
        return { message: 'Password changed. Your other admin sessions have ended.' };
      });
    },
  });
};
