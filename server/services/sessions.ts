import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { sessions, users } from '../db/schema.js';
import { forbidden, unauthorized } from '../errors.js';
import { hashToken, newToken } from './tokens.js';

export type SessionKind = 'user' | 'admin';
export type UserRow = typeof users.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;

export async function createSession(db: Database, userId: string, options: { remember: boolean; kind?: SessionKind }) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + (options.remember ? 7 * DAY : DAY));
  await db.insert(sessions).values({ id: newId(), userId, tokenHash: hash, kind: options.kind ?? 'user', expiresAt });
  return { token, expiresAt };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const EXPIRED = 'Your session has expired. Please log in again.';
export const ADMIN_ONLY = 'This is for the super-admin only.';

/**
 * The signed-in user of a request: 401 for a missing, unknown or expired token. A live token of
 * the other kind is 401 on user endpoints too (an admin session is not a product session), but
 * 403 on admin endpoints: the caller is signed in, just not as the super-admin.
 */
export async function requireSession(db: Database, request: FastifyRequest, kind: SessionKind = 'user') {
  const token = bearerToken(request);
  if (!token || token.length > 200) throw unauthorized();
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, kind: sessions.kind })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) throw unauthorized(EXPIRED);
  if (row.kind !== kind) throw kind === 'admin' ? forbidden(ADMIN_ONLY) : unauthorized(EXPIRED);
  return { user: row.user, sessionId: row.sessionId };
}

export async function requireAdmin(db: Database, request: FastifyRequest) {
  const session = await requireSession(db, request, 'admin');
  if (!session.user.isSuperAdmin) throw forbidden(ADMIN_ONLY);
  return session;
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
