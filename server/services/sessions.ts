import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { sessions, users } from '../db/schema.js';
import type { UserRow } from '../queries/users.js';
import { hashToken, newToken } from './tokens.js';

/** 'user' for the product, 'admin' for the super-admin area: a token of one kind is refused by the other. */
export type SessionKind = 'user' | 'admin';

const DAY = 24 * 60 * 60 * 1000;

export async function createSession(db: Database, userId: string, options: { remember: boolean; kind?: SessionKind }) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + (options.remember ? 7 * DAY : DAY));
  await db.insert(sessions).values({ id: newId(), userId, tokenHash: hash, kind: options.kind ?? 'user', expiresAt });
  return { token, expiresAt };
}

/** The open session of a bearer token (of either kind) and its account, or undefined (unknown, expired, or of a deactivated account). */
export async function findSession(db: Database, token: string): Promise<{ user: UserRow; sessionId: string; kind: SessionKind; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, kind: sessions.kind, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()), isNull(users.deactivatedAt)))
    .limit(1);
  return row && { ...row, kind: row.kind as SessionKind };
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
