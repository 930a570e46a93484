import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply, IdParams, MessageReply } from '../contract/http.js';
import {
  ForgotPasswordBody,
  LoginBody,
  LoginReply,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
  UserReply,
} from '../contract/users.js';
import { isFirmRole, VERIFY } from '../contract/vocabulary.js';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../errors.js';
import { hashPassword, verifyPassword } from '../services/passwords.js';
import { countWrongTry, latestOpenCode, replaceCode, resetPasswordWithCode } from '../queries/one-time-codes.js';
import { findUserByEmail, findUserById, insertUser, userJson } from '../queries/users.js';
import { createSession, revokeSession } from '../services/sessions.js';
import { hashToken, newOneTimeCode, safeEqual } from '../services/tokens.js';

const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const RESET_PURPOSE = 'reset-password';
const FORGOT_MESSAGE = 'If an account exists for this email, a 6-digit code has been sent to it.';
const BAD_CODE_MESSAGE = 'The code is invalid or has expired. Request a new one.';

const errors = { 400: ErrorReply, 401: ErrorReply, 409: ErrorReply, 429: ErrorReply };

/** Sign-up, login and password reset (scope `public`: no session is read). */
export const usersPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, limiter } = app.ctx;

  const limit = (action: string, ip: string, email: string) => {
    if (!limiter.hit(`${action}:ip:${ip}`, `${action}:email:${email.toLowerCase()}`)) throw tooManyRequests();
  };

  app.post(
    '/users/register',
    { schema: { tags: ['users'], body: RegisterBody, response: { 201: RegisterReply, ...errors } } },
    async (request, reply) => {
      const body = request.body;
      if (await findUserByEmail(db, body.email)) {
        throw conflict('An account with this email already exists', [{ path: 'email', message: 'An account with this email already exists' }]);
      }
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
      if (!row) throw conflict('An account with this email already exists', [{ path: 'email', message: 'An account with this email already exists' }]);
      const { token } = await createSession(db, row.id, { remember: true });
      return reply.status(201).send({ userData: await userJson(db, row), token });
    },
  );

  app.post(
    '/users/login',
    { schema: { tags: ['users'], body: LoginBody, response: { 200: LoginReply, ...errors } } },
    async (request) => {
      const { email, password, remember } = request.body;
      limit('login', request.ip, email);
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash, password);
      // Same answer for an unknown email and a wrong password; the super-admin signs in at /admin/login only.
      if (!user || !ok || user.isSuperAdmin) throw unauthorized('Invalid email or password');
      const { token } = await createSession(db, user.id, { remember });
      return { data: await userJson(db, user), token };
    },
  );

  app.post(
    '/users/forgot-password',
    { schema: { tags: ['users'], body: ForgotPasswordBody, response: { 200: MessageReply, ...errors } } },
    async (request) => {
      const { email } = request.body;
      limit('forgot', request.ip, email);
      const user = await findUserByEmail(db, email);
      if (user && !user.isSuperAdmin) {
        const code = newOneTimeCode();
        // A new code replaces any earlier one.
        await replaceCode(db, { userId: user.id, purpose: RESET_PURPOSE, codeHash: hashToken(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
        await mailer.send({
          to: user.email,
          subject: 'Your password reset code',
          text: `Hello ${user.userName},\n\nYour code to reset your password is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.`,
        });
      }
      return { message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/users/reset-password',
    { schema: { tags: ['users'], body: ResetPasswordBody, response: { 200: MessageReply, ...errors } } },
    async (request) => {
      const { email, otp, newPassword } = request.body;
      limit('reset', request.ip, email);
      const user = await findUserByEmail(db, email);
      if (!user) throw badRequest(BAD_CODE_MESSAGE, [{ path: 'otp', message: BAD_CODE_MESSAGE }]);
      const code = await latestOpenCode(db, user.id, RESET_PURPOSE);
      if (!code || code.expiresAt.getTime() <= Date.now() || code.attempts >= CODE_MAX_ATTEMPTS) {
        throw badRequest(BAD_CODE_MESSAGE, [{ path: 'otp', message: BAD_CODE_MESSAGE }]);
      }
      if (!safeEqual(code.codeHash, hashToken(otp))) {
        await countWrongTry(db, code.id, CODE_MAX_ATTEMPTS);
        throw badRequest(BAD_CODE_MESSAGE, [{ path: 'otp', message: BAD_CODE_MESSAGE }]);
      }
      const passwordHash = await hashPassword(newPassword);
      const reset = await resetPasswordWithCode(db, { codeId: code.id, userId: user.id, passwordHash, maxAttempts: CODE_MAX_ATTEMPTS });
      if (!reset) throw badRequest(BAD_CODE_MESSAGE, [{ path: 'otp', message: BAD_CODE_MESSAGE }]);
      return { message: 'Your password has been reset. You can log in now.' };
    },
  );

};

/** The signed-in account (scope `signedIn`). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/users/logout',
    { schema: { tags: ['users'], response: { 200: MessageReply, 401: ErrorReply } } },
    async (request) => {
      await revokeSession(db, request.session.sessionId);
      return { message: 'Logged out' };
    },
  );

  app.get(
    '/users/me',
    { schema: { tags: ['users'], security: [{ bearer: [] }], response: { 200: UserReply, 401: ErrorReply } } },
    async (request) => {
      return { data: await userJson(db, request.session.user) };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: UserReply, 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const me = request.session.user;
      const row = await findUserById(db, request.params.id);
      // Another account is visible only as an approved firm's public profile.
      const visible = row && (row.id === me.id || (isFirmRole(row.role) && row.isVerify === VERIFY.approved));
      if (!row || !visible) throw notFound('User not found');
      return { data: await userJson(db, row) };
    },
  );
};
