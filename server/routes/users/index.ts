import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAddressLink } from './address-confirmation.js';
import { accountOperations as ops } from '../../contract/account-operations.js';
import { routeOf } from '../declared.js';
import { PublicFirm } from '../../contract/users.js';
import { EMPLOYEE_MESSAGES } from '../../contract/employees-rules.js';
import { isFirmRole, VERIFY } from '../../contract/vocabulary.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import { issueCode, redeemCode } from '../../queries/one-time-codes.js';
import { hashPassword, verifyPassword } from '../../services/passwords.js';
import { findUserByEmail, findUserById, insertUser, userJson } from '../../queries/users.js';
import { createSession, revokeSession } from '../../queries/sessions.js';
import { sessionOriginOf } from '../../auth/session.js';
import { setCredentials } from '../../queries/credentials.js';
import { releasePendingEmployee } from '../../services/employee-confirmation.js';

const FORGOT_MESSAGE = 'If an account exists for this email, a 6-digit code has been sent to it.';
const BAD_CODE_MESSAGE = 'The code is invalid or has expired. Request a new one.';
const EMAIL_TAKEN = 'An account with this email already exists';
export const emailTaken = (path = 'email') => conflict(EMAIL_TAKEN, [{ path, message: EMAIL_TAKEN }]);
const badCode = () => badRequest(BAD_CODE_MESSAGE, [{ path: 'otp', message: BAD_CODE_MESSAGE }]);


/** Sign-up, login and password reset (scope `public`: no session is read). */
export const usersPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, limiter, background } = app.ctx;

  /** Mails a reset code to the account of `email`, if there is one (never to the super-admin). */
  async function sendResetCode(email: string) {
    const user = await findUserByEmail(db, email);
    if (!user || user.isSuperAdmin) return;
    const { code } = await issueCode(db, user.id, 'reset-password');
    await mailer.send({
      to: user.email,
      subject: 'Your password reset code',
      text: `Hello ${user.userName},\n\nYour code to reset your password is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.`,
    });
  }

  app.route({
    ...routeOf(ops.register),
    handler: async (request, reply) =>
      // Every sign-up counts against the address: each one that succeeds creates an account.
      limiter.run(
        'signup',
        { address: request.ip },
        async () => {
          const body = request.body;
          const holder = await findUserByEmail(db, body.email);
          // An address a firm added and nobody confirmed gives way to its owner (docs/decisions/236).
          if (holder?.unconfirmedSince) await releasePendingEmployee(app.ctx, holder, 'owner-signed-up');
          else if (holder) throw emailTaken();
          const passwordHash = await hashPassword(body.password);
          const row = await insertUser(db, {
            userName: body.userName,
            email: body.email,
            passwordHash,
            role: body.role,
            loginType: 'normal',
            firmType: isFirmRole(body.role) ? body.role : null,
            isVerify: VERIFY.none,
          });
          if (!row) throw emailTaken();
          const { token } = await createSession(db, row.id, { remember: true, ...sessionOriginOf(request) });
          // A link to prove the address, after the answer (docs/decisions/340): firms then always get this account's enquiries.
          background.defer('address confirmation mail', () => sendAddressLink(app.ctx, row));
          return reply.status(201).send({ userData: await userJson(db, row), token });
        },
        'every',
      ),
  });

  app.route({
    ...routeOf(ops.login),
    handler: async (request) => {
      const { email, password, remember } = request.body;
      return limiter.run('login', { address: request.ip, account: email }, async () => {
        const user = await findUserByEmail(db, email);
        const ok = await verifyPassword(user?.passwordHash, password);
        // Same answer for an unknown email and a wrong password; the super-admin signs in at /admin/login only.
        if (!user || !ok || user.isSuperAdmin) throw unauthorized('Invalid email or password');
        // Told only to whoever knows the password: the firm deactivated this employee.
        if (user.deactivatedAt) throw unauthorized(EMPLOYEE_MESSAGES.deactivated);
        // A firm's new employee signs in once its person has confirmed the address (docs/decisions/236).
        if (user.unconfirmedSince) throw forbidden(EMPLOYEE_MESSAGES.unconfirmed);
        const { token } = await createSession(db, user.id, { remember, ...sessionOriginOf(request) });
        return { data: await userJson(db, user), token };
      });
    },
  });

  app.route({
    ...routeOf(ops.forgotPassword),
    handler: async (request) => {
      const { email } = request.body;
      // Every request counts (each can send a mail), by the email asked for, known or not.
      await limiter.run('forgot', { address: request.ip, account: email }, async () => undefined, 'every');
      // The answer leaves before the account is even looked up: a known and an unknown email take
      // the same path and the same time up to it.
      background.defer('password reset code', () => sendResetCode(email));
      return { message: FORGOT_MESSAGE };
    },
  });

  app.route({
    ...routeOf(ops.resetPassword),
    handler: async (request) => {
      const { email, otp, newPassword } = request.body;
      return limiter.run('reset', { address: request.ip, account: email }, async () => {
        const user = await findUserByEmail(db, email);
        if (!user) throw badCode();
        const passwordHash = await hashPassword(newPassword);
        const reset = await redeemCode(db, user.id, 'reset-password', otp, async (tx) => {
          await setCredentials(tx, user.id, { passwordHash }, null, { mailedCode: true });
        });
        if (!reset.ok) throw badCode();
        return { message: 'Your password has been reset. You can log in now.' };
      });
    },
  });

};

/** The signed-in account (scope `signedIn`). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.logout),
    handler: async (request) => {
      await revokeSession(db, request.session.sessionId);
      return { message: 'Logged out' };
    },
  });

  app.route({
    ...routeOf(ops.me),
    handler: async (request) => {
      return { data: await userJson(db, request.session.user) };
    },
  });

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const me = request.session.user;
      const row = await findUserById(db, request.params.id);
      // Another account is visible only as an approved firm's public profile.
      const visible = row && (row.id === me.id || (isFirmRole(row.role) && row.isVerify === VERIFY.approved));
      if (!row || !visible) throw notFound('User not found');
      const user = await userJson(db, row);
      // Another firm's login email and sign-in fields stay private, as on its public pages (decision 210).
      return { data: row.id === me.id ? user : PublicFirm.parse(user) };
    },
  });
};
