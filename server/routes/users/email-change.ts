import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOperations as ops } from '../../contract/account-operations.js';
import type { PendingEmailChange } from '../../contract/email-change.js';
import { routeOf } from '../declared.js';
import { recordAudit } from '../../queries/audit.js';
import { setCredentials } from '../../queries/credentials.js';
import { badRequest, conflict, HttpError, isUniqueViolation } from '../../errors.js';
import { issueCode, openCode, redeemCode, type CodeRow } from '../../queries/one-time-codes.js';
import { verifyPassword } from '../../services/passwords.js';
import { findUserByEmail, userJson } from '../../queries/users.js';
import { emailTaken } from './index.js';

const BAD_CODE = 'The code is invalid or has expired. Request a new one.';
const refused = (path: string, message: string) => badRequest(message, [{ path, message }]);
const pendingOf = (row: CodeRow): PendingEmailChange => ({ newEmail: row.newEmail!, expiresAt: row.expiresAt.toISOString() });

/**
 * Changing the login email (docs/decisions/066-login-email-change.md). The current
 * password starts it and a code mailed to the new address finishes it, so neither a forged
 * request nor a stolen session alone can move an account to another mailbox; the old address is
 * told when it happens.
 */
export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, limiter, background, config } = app.ctx;

  app.route({
    ...routeOf(ops.startEmailChange),
    handler: async (request) => {
      const { user } = request.session;
      const { newEmail, password } = request.body;
      if (newEmail === user.email.toLowerCase()) throw refused('newEmail', 'This is already your login email');
      if (!user.passwordHash) {
        throw refused('password', 'Your account has no password yet. Set one with “Forgot password?” first, then change your email.');
      }
      // Wrong passwords are limited like sign-ins: a stolen session cannot guess its way on.
      const pending = await limiter.run('email-change', { address: request.ip, account: user.id }, async () => {
        if (!(await verifyPassword(user.passwordHash, password))) throw refused('password', 'The password is incorrect');
        if (await findUserByEmail(db, newEmail)) throw emailTaken('newEmail');
        const { code, row } = await issueCode(db, user.id, 'email-change', { newEmail });
        try {
          await mailer.send({
            to: newEmail,
            subject: 'Confirm your new login email',
            text:
              `Hello ${user.userName},\n\nYour code to make ${newEmail} the login email of your account is ${code}. ` +
              'It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this mail: nothing changes.',
          });
        } catch (error) {
          request.log.error({ err: error }, 'email-change code mail failed');
          throw new HttpError(503, 'We could not send the code. Please try again in a moment.');
        }
        return pendingOf(row);
      });
      return { message: `We sent a 6-digit code to ${newEmail}. Enter it to confirm the change.`, pending };
    },
  });

  app.route({
    ...routeOf(ops.pendingEmailChange),
    handler: async (request) => {
      const { user } = request.session;
      const row = await openCode(db, user.id, 'email-change');
      return { pending: row ? pendingOf(row) : null };
    },
  });

  app.route({
    ...routeOf(ops.confirmEmailChange),
    handler: async (request) => {
      const { user, sessionId } = request.session;
      const oldEmail = user.email;
      const updated = await limiter.run('email-change-confirm', { address: request.ip, account: user.id }, async () => {
        try {
          const result = await redeemCode(db, user.id, 'email-change', request.body.code, async (tx, code) => {
            // Whoever else was signed in (perhaps whoever this change locks out) is signed out; this session stays.
            const row = await setCredentials(tx, user.id, { email: code.newEmail! }, sessionId);
            await recordAudit(tx, { actorId: user.id, firmId: user.firmId ?? null, action: 'user.email-changed', targetType: 'user', targetId: user.id, details: { from: oldEmail, to: code.newEmail, ip: request.ip } });
            return row;
          });
          if (!result.ok) throw refused('code', BAD_CODE);
          return result.value;
        } catch (error) {
          // Another account took the address since the code was sent.
          if (isUniqueViolation(error)) throw conflict('An account with this email already exists. Start again with another address.');
          throw error;
        }
      });
      background.defer('email-change notice', () =>
        mailer.send({
          to: oldEmail,
          subject: 'Your login email was changed',
          text:
            `Hello ${updated.userName},\n\nThe login email of your account was changed from ${oldEmail} to ${updated.email}. ` +
            'Every other session of the account was signed out.\n\n' +
            `If you did not make this change, someone who knows your password did: contact us right away at ${config.PUBLIC_URL}.`,
        }),
      );
      return { data: await userJson(db, updated) };
    },
  });
};
