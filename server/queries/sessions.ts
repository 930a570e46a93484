import { and, desc, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { sessions, users } from '../db/schema/index.js';
import { employerJson, type UserRow } from './users.js';
import { ShortCache } from '../services/short-cache.js';
import { hashToken, newToken } from '../services/tokens.js';

/** 'user' for the product, 'admin' for the super-admin area: a token of one kind is refused by the other. */
export type SessionKind = 'user' | 'admin';

const DAY = 24 * 60 * 60 * 1000;

/** Where a session was opened from, as Setting lists it (decision 332); both kept short. */
export type SessionOrigin = { userAgent?: string | null; address?: string | null };

export async function createSession(db: Database, userId: string, options: { remember: boolean; kind?: SessionKind } & SessionOrigin) {
  const { token, hash } = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (options.remember ? 7 * DAY : DAY));
  await db.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: hash,
    kind: options.kind ?? 'user',
    expiresAt,
    userAgent: options.userAgent?.slice(0, 512) || null,
    address: options.address?.slice(0, 64) || null,
    lastUsedAt: now,
  });
  return { token, expiresAt };
}

const employerUser = alias(users, 'employer');

export type Employer = ReturnType<typeof employerJson>;

export type FoundSession = { user: UserRow; employer: Employer | null; sessionId: string; kind: SessionKind; expiresAt: Date; lastUsedAt: Date | null };

/**
 * The open session of a token hash and its account, built and named once per database like the
 * explore statements (docs/decisions/132): it runs before every signed-in call. Expiry is checked
 * by the caller, so a cached row (below) cannot outlive its session.
 */
function sessionStatement(db: Database) {
  return db
    .select({
      user: users,
      employer: { id: employerUser.id, firmName: employerUser.firmName, userName: employerUser.userName, profileImage: employerUser.profileImage, timeZone: employerUser.timeZone },
      sessionId: sessions.id,
      kind: sessions.kind,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(employerUser, eq(employerUser.id, users.firmId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.deactivatedAt)))
    .limit(1)
    .prepare('find_session');
}
const statementOf = new WeakMap<Database, ReturnType<typeof sessionStatement>>();

/**
 * The open session of a bearer token (of either kind) and its account, or undefined (unknown,
 * expired, or of a deactivated account). An employee's firm comes in the same statement: the
 * viewer version names it (docs/decisions/170).
 */
export async function findSession(db: Database, token: string): Promise<FoundSession | undefined> {
  let statement = statementOf.get(db);
  if (!statement) statementOf.set(db, (statement = sessionStatement(db)));
  const [row] = await statement.execute({ hash: hashToken(token), now: new Date() });
  return row && { ...row, employer: row.employer?.id ? employerJson(row.employer) : null, kind: row.kind as SessionKind };
}

/**
 * Sessions as every signed-in call reads them, kept for SESSION_CACHE_MS (1 s by default,
 * docs/decisions/177) so a burst of calls with one token (a page's loaders, a busy account) costs
 * one statement. The api empties it after every successful write (server/app.ts), so a sign-out,
 * a deactivation, a removed employee or a changed role counts from the next call; changes made
 * outside the api (a script, another api process) count within SESSION_CACHE_MS.
 */
export class SessionLookup {
  private readonly cache: ShortCache<FoundSession | undefined>;

  constructor(
    private readonly db: Database,
    ttlMs: number,
  ) {
    this.cache = new ShortCache(ttlMs, 5000);
  }

  async find(token: string): Promise<FoundSession | undefined> {
    const row = await this.cache.get(token, () => findSession(this.db, token));
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now) return undefined;
    // Last use, for Setting's list (decision 332): written at most once a minute per session, not
    // on every call; the cached row carries the new time so a burst writes once.
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
      row.lastUsedAt = new Date(now);
      await touchSession(this.db, row.sessionId, row.lastUsedAt);
    }
    return row;
  }

  clear() {
    this.cache.clear();
  }
}

/** How often a session's last use is written at most. */
export const LAST_USE_EVERY_MS = 60_000;

/** Sets a session's last use, unless another call (another replica) did within the minute. */
export async function touchSession(db: Database, sessionId: string, at: Date) {
  await db
    .update(sessions)
    .set({ lastUsedAt: at })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastUsedAt), lt(sessions.lastUsedAt, new Date(at.getTime() - LAST_USE_EVERY_MS)))));
}

export type SessionListRow = { id: string; userAgent: string | null; address: string | null; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date };

/** A person's open product sessions, the most recently used first (admin sessions are the admin area's). */
export async function listOpenSessions(db: Database, userId: string, now = new Date()): Promise<SessionListRow[]> {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, address: sessions.address, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'user'), gt(sessions.expiresAt, now)))
    .orderBy(sql`${sessions.lastUsedAt} desc nulls last`, desc(sessions.createdAt));
}

/** Ends one of the person's own product sessions; false when it is not theirs, or already gone. */
export async function revokeOwnSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), eq(sessions.kind, 'user')))
    .returning({ id: sessions.id });
  return removed.length > 0;
}

/** Ends every product session of the person but `keepSessionId`; answers how many ended. */
export async function revokeOtherSessions(db: Database, userId: string, keepSessionId: string): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'user'), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return removed.length;
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes every session past its end (the housekeeping's hourly pass); answers how many. */
export async function removeExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const removed = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return removed.length;
}
