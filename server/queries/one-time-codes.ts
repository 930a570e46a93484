import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { oneTimeCodes, users } from '../db/schema.js';
import { revokeAllSessions } from '../services/sessions.js';

/** One-time codes (the password reset's 6 digits, DESIGN.md section 2), stored hashed. */

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

const open = (userId: string, purpose: string) => and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt));

/** Stores a new code for an account; any earlier open code of the same purpose is closed. */
export async function replaceCode(db: Database, { userId, purpose, codeHash, expiresAt }: { userId: string; purpose: string; codeHash: string; expiresAt: Date }) {
  await db.update(oneTimeCodes).set({ usedAt: new Date() }).where(open(userId, purpose));
  await db.insert(oneTimeCodes).values({ id: newId(), userId, purpose, codeHash, expiresAt });
}

/** The latest open code of an account for `purpose`, if any. */
export async function latestOpenCode(db: Database, userId: string, purpose: string): Promise<OneTimeCodeRow | undefined> {
  const [code] = await db.select().from(oneTimeCodes).where(open(userId, purpose)).orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  return code;
}

/**
 * Counts a wrong try in the database (so simultaneous wrong tries cannot share one count); the
 * try that reaches `maxAttempts` burns the code.
 */
export async function countWrongTry(db: Database, codeId: string, maxAttempts: number) {
  await db
    .update(oneTimeCodes)
    .set({
      attempts: sql`${oneTimeCodes.attempts} + 1`,
      usedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${maxAttempts} then now() else ${oneTimeCodes.usedAt} end`,
    })
    .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt)));
}

/**
 * Uses a code to set a new password, in one transaction: claims the code only if it is still open
 * (of two simultaneous uses, one wins), sets the password and ends every session of the account.
 * Answers false when the code was no longer open.
 */
export function resetPasswordWithCode(
  db: Database,
  { codeId, userId, passwordHash, maxAttempts }: { codeId: string; userId: string; passwordHash: string; maxAttempts: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(
        and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt), lt(oneTimeCodes.attempts, maxAttempts), gt(oneTimeCodes.expiresAt, new Date())),
      )
      .returning({ id: oneTimeCodes.id });
    if (claimed.length === 0) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    return true;
  });
}
