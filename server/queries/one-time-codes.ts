import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { oneTimeCodes } from '../db/schema/index.js';
import { hashToken, newOneTimeCode, safeEqual } from '../services/tokens.js';

/**
 * Mailed 6-digit codes (docs/decisions/007-mail-and-codes.md): stored as a hash, valid 10 minutes,
 * single use, burnt by the fifth wrong try or by a newer code of the same purpose.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

export type CodePurpose = 'reset-password' | 'email-change' | 'portal-proof';
/** Whom a code proves: an account, or a client portal's contact (docs/decisions/391). */
export type CodeOwner = string | { portalId: string };
export type CodeRow = typeof oneTimeCodes.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const ownedBy = (owner: CodeOwner) => (typeof owner === 'string' ? eq(oneTimeCodes.userId, owner) : eq(oneTimeCodes.portalId, owner.portalId));
const ownerColumns = (owner: CodeOwner) => (typeof owner === 'string' ? { userId: owner, portalId: null } : { userId: null, portalId: owner.portalId });

const isOpen = (owner: CodeOwner, purpose: CodePurpose) => and(ownedBy(owner), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt));

/** A new code for the account and purpose (earlier open ones are burnt); the plain code, to be mailed, and its row. */
export async function issueCode(db: Database, owner: CodeOwner, purpose: CodePurpose, options: { newEmail?: string } = {}) {
  const code = newOneTimeCode();
  const row = await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ usedAt: new Date() }).where(isOpen(owner, purpose));
    const [inserted] = await tx
      .insert(oneTimeCodes)
      .values({
        id: newId(),
        ...ownerColumns(owner),
        purpose,
        codeHash: hashToken(code),
        newEmail: options.newEmail ?? null,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      })
      .returning();
    return inserted!;
  });
  return { code, row };
}

/** The account's newest code of the purpose while it can still be used, or null. */
export async function openCode(db: Database, owner: CodeOwner, purpose: CodePurpose): Promise<CodeRow | null> {
  const [row] = await db.select().from(oneTimeCodes).where(isOpen(owner, purpose)).orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  return row && row.expiresAt.getTime() > Date.now() && row.attempts < CODE_MAX_ATTEMPTS ? row : null;
}

/** Thrown inside the claiming transaction to roll it back when another request used the code first. */
class CodeTaken extends Error {}

/**
 * Checks `code` against the account's open code of the purpose. A wrong code counts a try (the
 * fifth burns it). A right one is claimed and `apply` runs in the same transaction, so the code's
 * use and its effect happen together or not at all. `{ ok: false }` for any refused code.
 */
export async function redeemCode<T>(
  db: Database,
  owner: CodeOwner,
  purpose: CodePurpose,
  code: string,
  apply: (tx: Tx, row: CodeRow) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  const row = await openCode(db, owner, purpose);
  if (!row) return { ok: false };
  if (!safeEqual(row.codeHash, hashToken(code))) {
    // Counted in the database, so simultaneous wrong tries cannot share one count.
    await db
      .update(oneTimeCodes)
      .set({
        attempts: sql`${oneTimeCodes.attempts} + 1`,
        usedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then now() else ${oneTimeCodes.usedAt} end`,
      })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)));
    return { ok: false };
  }
  try {
    const value = await db.transaction(async (tx) => {
      // Claims the code only if it is still open: of two simultaneous uses, one wins.
      const claimed = await tx
        .update(oneTimeCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.id, row.id),
            isNull(oneTimeCodes.usedAt),
            lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
            gt(oneTimeCodes.expiresAt, new Date()),
          ),
        )
        .returning({ id: oneTimeCodes.id });
      if (claimed.length === 0) throw new CodeTaken();
      return apply(tx, row);
    });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof CodeTaken) return { ok: false };
    throw error;
  }
}

/** Deletes every code past its end, used or not (the housekeeping's hourly pass); answers how many. */
export async function removeExpiredCodes(db: Database, now = new Date()): Promise<number> {
  const removed = await db.delete(oneTimeCodes).where(lte(oneTimeCodes.expiresAt, now)).returning({ id: oneTimeCodes.id });
  return removed.length;
}
