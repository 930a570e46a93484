import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';
import {
  AdminLoginBody,
  AdminLoginReply,
  DecisionBody,
  DecisionQuery,
  DEFAULT_REJECTION_NOTE,
  StatisticsReply,
  VerificationListReply,
  VerificationQuery,
  type VerificationRow,
  type VerificationStatus,
} from '../contract/admin.js';
import { ErrorReply, IdParams, isId, MessageReply } from '../contract/http.js';
import { isFirmRole, ROLE_LABELS, VERIFY, type FirmRole } from '../contract/vocabulary.js';
import { newId } from '../db/ids.js';
import { auditLog, users } from '../db/schema.js';
import { conflict, notFound, unauthorized } from '../errors.js';
import { sendStoredFile } from '../files/send-stored-file.js';
import { documentDownload } from '../services/firm-documents.js';
import { verifyPassword } from '../services/passwords.js';
import { likePattern } from '../queries/sql.js';
import { findUserByEmail } from '../queries/users.js';
import { createSession, revokeSession, type UserRow } from '../services/sessions.js';

const STATUS_VALUES: Record<VerificationStatus, number[]> = {
  pending: [VERIFY.pending],
  approved: [VERIFY.approved],
  rejected: [VERIFY.rejected],
  all: [VERIFY.pending, VERIFY.approved, VERIFY.rejected],
};

const adminErrors = { 401: ErrorReply, 403: ErrorReply };

function toRow(row: UserRow): VerificationRow {
  return {
    id: row.id,
    userName: row.userName,
    firmName: row.firmName,
    firmType: row.firmType,
    email: row.email,
    businessEmail: row.businessEmail,
    contactNo: row.contactNo,
    website: row.website,
    address: row.address,
    country: row.country,
    state: row.state,
    city: row.city,
    isVerify: row.isVerify,
    verifyNote: row.verifyNote,
    documentName: row.documentKey ? row.documentName : null,
    hasDocument: row.documentKey !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The super-admin's sign-in (scope `public`): an admin-kind token, refused by every user endpoint
 * as user tokens are refused by the admin area.
 */
export const adminLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limiter } = app.ctx;

  app.post(
    '/admin/login',
    { schema: { tags: ['admin'], body: AdminLoginBody, response: { 200: AdminLoginReply, 400: ErrorReply, 401: ErrorReply, 429: ErrorReply, 503: ErrorReply } } },
    async (request) => {
      const { email, password } = request.body;
      return limiter.run('admin-login', { address: request.ip, account: email }, async () => {
        const user = await findUserByEmail(db, email);
        const ok = await verifyPassword(user?.passwordHash, password);
        // The same answer for an unknown email, a wrong password and an account that is not a super-admin.
        if (!user || !ok || !user.isSuperAdmin) throw unauthorized('Invalid email or password');
        const { token } = await createSession(db, user.id, { remember: false, kind: 'admin' });
        await db.insert(auditLog).values({ id: newId(), actorId: user.id, action: 'admin.login', targetId: user.id, details: { ip: request.ip } });
        return { token };
      });
    },
  );
};

/**
 * The super-admin area (workspace-and-admin.md sections 4, 6, 7; scope `admin`): the verification
 * list, decisions (audited and mailed), document downloads and statistics.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, mailer, config } = app.ctx;

  app.post(
    '/admin/logout',
    { schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: MessageReply, ...adminErrors } } },
    async (request) => {
      await revokeSession(db, request.session.sessionId);
      return { message: 'Logged out' };
    },
  );

  app.get(
    '/admin/statistics',
    { schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: StatisticsReply, ...adminErrors } } },
    async (request) => {
      const rows = await db
        .select({ isVerify: users.isVerify, n: count() })
        .from(users)
        .where(and(inArray(users.isVerify, STATUS_VALUES.all), eq(users.isSuperAdmin, false)))
        .groupBy(users.isVerify);
      const n = (value: number) => Number(rows.find((r) => r.isVerify === value)?.n ?? 0);
      return { pending: n(VERIFY.pending), approved: n(VERIFY.approved), rejected: n(VERIFY.rejected) };
    },
  );

  app.get(
    '/admin/user-verification',
    {
      schema: {
        tags: ['admin'],
        summary: 'Firm registrations: search over name, firm name and email; 15 a page; pending by default',
        security: [{ bearer: [] }],
        querystring: VerificationQuery,
        response: { 200: VerificationListReply, 400: ErrorReply, ...adminErrors },
      },
    },
    async (request) => {
      const { search, page, limit, status } = request.query;
      const conditions: SQL[] = [inArray(users.isVerify, STATUS_VALUES[status]), eq(users.isSuperAdmin, false)];
      // PostgreSQL text cannot hold a NUL: no row matches such a search.
      if (search?.includes('\u0000')) return { data: { userList: [], count: 0 } };
      if (search) {
        const pattern = likePattern(search);
        conditions.push(
          or(
            ilike(users.userName, pattern),
            ilike(users.firmName, pattern),
            ilike(users.email, pattern),
            ilike(users.businessEmail, pattern),
          )!,
        );
      }
      const where = and(...conditions);
      // The queue shows the longest-waiting registration first; decided ones the latest first.
      const order = status === 'pending' ? [asc(users.updatedAt), asc(users.id)] : [desc(users.updatedAt), asc(users.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { data: { userList: rows.map(toRow), count: Number(total?.n ?? 0) } };
    },
  );

  app.put(
    '/admin/user-verification/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approves (isVerify=2) or rejects (isVerify=3, optional reason in the body) a firm registration',
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: DecisionQuery,
        body: DecisionBody,
        response: { 200: MessageReply, 400: ErrorReply, 404: ErrorReply, 409: ErrorReply, ...adminErrors },
      },
    },
    async (request) => {
      const admin = request.session.user;
      const { id } = request.params;
      const decision = request.query.isVerify;
      const approve = decision === VERIFY.approved;
      const [target] = isId(id) ? await db.select().from(users).where(eq(users.id, id)).limit(1) : [];
      if (!target || target.isSuperAdmin) throw notFound('User not found');
      if (!(STATUS_VALUES.all as number[]).includes(target.isVerify) || !target.firmType || !isFirmRole(target.firmType)) {
        throw conflict('This account has no firm registration to verify');
      }
      const note = approve ? null : request.body?.note || DEFAULT_REJECTION_NOTE;
      if (target.isVerify === decision && target.verifyNote === note) {
        // A repeated click: nothing changes, nothing is mailed again.
        return { message: approve ? 'Firm is already approved' : 'Firm is already rejected' };
      }

      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ isVerify: decision, verifyNote: note, role: target.firmType!, updatedAt: new Date() })
          .where(and(eq(users.id, target.id), eq(users.isVerify, target.isVerify)))
          .returning();
        if (!row) return null;
        await tx.insert(auditLog).values({
          id: newId(),
          actorId: admin.id,
          action: approve ? 'firm.approved' : 'firm.rejected',
          targetId: target.id,
          details: {
            decision: approve ? 'approved' : 'rejected',
            isVerify: decision,
            previousVerify: target.isVerify,
            note,
            firmName: target.firmName,
            email: target.email,
            admin: admin.email,
          },
        });
        return row;
      });
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
  );

  app.get(
    '/admin/user/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Downloads a firm's registration document (super-admin only)",
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 200: z.unknown().describe('The document file'), 404: ErrorReply, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [target] = isId(id) ? await db.select().from(users).where(eq(users.id, id)).limit(1) : [];
      if (!target?.documentKey) throw notFound('Invalid document URL');
      return sendStoredFile(reply, request, documentDownload(target.documentKey, target.documentName));
    },
  );
};
