import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_REJECTION_NOTE } from '../../contract/admin.js';
import { adminOperations as ops } from '../../contract/admin-operations.js';
import { routeOf } from '../declared.js';
import { isFirmRole, ROLE_LABELS, VERIFY, type FirmRole } from '../../contract/vocabulary.js';
import { conflict, notFound, unauthorized } from '../../errors.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { documentDownload } from '../../services/firm-documents.js';
import { verifyPassword } from '../../services/passwords.js';
import { decideRegistration, STATUS_VALUES, verificationPage, verificationStatistics } from '../../queries/admin.js';
import { recordAudit } from '../../queries/audit.js';
import { findUserByEmail, findUserById } from '../../queries/users.js';
import { createSession, revokeSession } from '../../queries/sessions.js';


/**
 * The super-admin's sign-in (scope `public`): an admin-kind token, refused by every user endpoint
 * as user tokens are refused by the admin area.
 */
export const adminLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limiter } = app.ctx;

  app.route({
    ...routeOf(ops.login),
    handler: async (request) => {
      const { email, password } = request.body;
      return limiter.run('admin-login', { address: request.ip, account: email }, async () => {
        const user = await findUserByEmail(db, email);
        const ok = await verifyPassword(user?.passwordHash, password);
        // The same answer for an unknown email, a wrong password and an account that is not a super-admin.
        if (!user || !ok || !user.isSuperAdmin) throw unauthorized('Invalid email or password');
        const { token } = await createSession(db, user.id, { remember: false, kind: 'admin' });
        await recordAudit(db, { actorId: user.id, action: 'admin.login', targetType: 'user', targetId: user.id, details: { ip: request.ip } });
        return { token };
      });
    },
  });
};

/**
 * The super-admin area (workspace-and-admin.md sections 4, 6, 7; scope `admin`): the verification
 * list, decisions (audited and mailed), document downloads and statistics.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.ctx;

  app.route({
    ...routeOf(ops.logout),
    handler: async (request) => {
      await revokeSession(db, request.session.sessionId);
      return { message: 'Logged out' };
    },
  });

  app.route({
    ...routeOf(ops.statistics),
    handler: async () => verificationStatistics(db),
  });

  app.route({
    ...routeOf(ops.verifications),
    handler: async (request) => ({ data: await verificationPage(db, request.query) }),
  });

  app.route({
    ...routeOf(ops.decide),
    handler: async (request) => {
      const admin = request.session.user;
      const { id } = request.params;
      const decision = request.query.isVerify;
      const approve = decision === VERIFY.approved;
      const target = await findUserById(db, id);
      if (!target || target.isSuperAdmin) throw notFound('User not found');
      if (!(STATUS_VALUES.all as number[]).includes(target.isVerify) || !target.firmType || !isFirmRole(target.firmType)) {
        throw conflict('This account has no firm registration to verify');
      }
      const note = approve ? null : request.body?.note || DEFAULT_REJECTION_NOTE;
      if (target.isVerify === decision && target.verifyNote === note) {
        // A repeated click: nothing changes, nothing is mailed again.
        return { message: approve ? 'Firm is already approved' : 'Firm is already rejected' };
      }

      const updated = await decideRegistration(db, { admin, target, decision, note });
      if (!updated) throw conflict('The registration changed meanwhile. Reload the list and try again.');

      const firm = updated.firmName ?? 'Your firm';
      const mail = approve
        ? {
            subject: 'Your firm is verified',
            text:
              `Hello ${updated.userName},\n\n${firm} (${ROLE_LABELS[target.firmType as FirmRole]}) has been verified. ` +
              `Your firm and its public projects now appear in Explore, in search and in the firm directory.\n\n` +
              `Your portfolio: ${config.PUBLIC_URL}/portfolio`,
          }
        : {
            subject: 'Your firm registration was not approved',
            text:
              `Hello ${updated.userName},\n\nWe could not approve the registration of ${firm}.\n\nReason: ${note}\n\n` +
              `You can correct your details and register again: ${config.PUBLIC_URL}/explore?dialog=register-firm`,
          };
      await mailer.send({ to: updated.email, ...mail }).catch((error) => request.log.error({ err: error }, 'verification mail failed'));
      return { message: approve ? 'Firm approved' : 'Firm rejected' };
    },
  });

  app.route({
    ...routeOf(ops.registrationDocument),
    handler: async (request, reply) => {
      const { id } = request.params;
      const target = await findUserById(db, id);
      if (!target?.documentKey) throw notFound('Invalid document URL');
      return sendStoredFile(reply, request, documentDownload(target.documentKey, target.documentName));
    },
  });
};
