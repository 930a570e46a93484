import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_MESSAGES, settingsOperations as ops } from '../../contract/settings.js';
import { routeOf } from '../declared.js';
import { badRequest } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { setCredentials } from '../../queries/credentials.js';
import { readNotificationSettings, saveNotificationSettingsAtVersion } from '../../queries/settings.js';
import { hashPassword, verifyPassword } from '../../services/passwords.js';

/**
 * The Setting page's calls for the signed-in person (docs/decisions/118), scope
 * `signedIn`: change the password (the current one first; rate-limited like sign-in; every other
 * session of the account ends) and the mail choices.
 */

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limiter } = app.ctx;

  app.route({
    ...routeOf(ops.changePassword),
    handler: async (request) => {
      const { user, sessionId } = request.session;
      const { currentPassword, newPassword } = request.body;
      if (!user.passwordHash) throw badRequest(PASSWORD_MESSAGES.noPassword, [{ path: 'currentPassword', message: PASSWORD_MESSAGES.noPassword }]);
      // A stolen session must not be able to guess the password it does not know: failures count as sign-in failures do.
      await limiter.run('change-password', { address: request.ip, account: user.email }, async () => {
        if (!(await verifyPassword(user.passwordHash, currentPassword))) {
          throw badRequest(PASSWORD_MESSAGES.currentWrong, [{ path: 'currentPassword', message: PASSWORD_MESSAGES.currentWrong }]);
        }
      });
      if (currentPassword === newPassword) throw badRequest(PASSWORD_MESSAGES.sameAsCurrent, [{ path: 'newPassword', message: PASSWORD_MESSAGES.sameAsCurrent }]);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        // The session that changed it stays; every other one (another device, a thief) ends now.
        await setCredentials(tx, user.id, { passwordHash }, sessionId);
        await recordAudit(tx, { actorId: user.id, firmId: user.firmId ?? null, action: 'user.password-changed', targetType: 'user', targetId: user.id });
      });
      return { message: PASSWORD_MESSAGES.changed };
    },
  });

  app.route({ ...routeOf(ops.notifications), handler: async (request) => ({ data: await readNotificationSettings(db, request.session.user.id) }) });

  app.route({
    ...routeOf(ops.saveNotifications),
    handler: async (request) => {
      const { version, ...choices } = request.body;
      return { data: await saveNotificationSettingsAtVersion(db, request.session.user.id, choices, version) };
    },
  });
};
