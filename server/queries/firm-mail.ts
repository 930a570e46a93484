import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { users } from '../db/schema/index.js';

/**
 * What the firm-mail rules read (server/services/firm-mail.ts, docs/decisions/235): whether the
 * firm is approved, and which addresses are the firm's own accounts — the firm account and its
 * active employees whose person has confirmed the address.
 */

export async function firmVerifyState(db: Database, firmId: string): Promise<number | undefined> {
  const [row] = await db.select({ isVerify: users.isVerify }).from(users).where(eq(users.id, firmId)).limit(1);
  return row?.isVerify;
}

/** Which of `emails` (lower case) are the firm's own accounts. */
export async function firmOwnAddresses(db: Database, firmId: string, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.email})`, emails),
        or(eq(users.id, firmId), and(eq(users.firmId, firmId), eq(users.role, 'employee'), isNull(users.unconfirmedSince), isNull(users.deactivatedAt))),
      ),
    );
  return new Set(rows.map((r) => r.email.toLowerCase()));
}
