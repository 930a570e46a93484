import { and, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { sessions, users } from '../db/schema.js';
import { employerJson, type UserRow } from '../queries/users.js';
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

const employerUser = alias(users, 'employer');

export type Employer = ReturnType<typeof employerJson>;

/**
 * The open session of a bearer token (of either kind) and its account, or undefined (unknown,
 * expired, or of a deactivated account). An employee's firm comes in the same statement: the
 * viewer version names it (docs/decisions/170).
 */
export async function findSession(
  db: Database,
  token: string,
): Promise<{ user: UserRow; employer: Employer | null; sessionId: string; kind: SessionKind; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({
      user: users,
      employer: { id: employerUser.id, firmName: employerUser.firmName, userName: employerUser.userName, profileImage: employerUser.profileImage },
      sessionId: sessions.id,
      kind: sessions.kind,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(employerUser, eq(employerUser.id, users.firmId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()), isNull(users.deactivatedAt)))
    .limit(1);
  return row && { ...row, employer: row.employer?.id ? employerJson(row.employer) : null, kind: row.kind as SessionKind };
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
