import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { oneTimeCodes, sessions, users } from '../db/schema/index.js';
import type { UserRow } from './users.js';

export type CredentialChange = { passwordHash: string } | { email: string };

/** How the change was made: `mailedCode` when a code mailed to the account's address opened it (that proves the address, decision 340). */
export type CredentialProof = { mailedCode?: boolean };

/**
 * The one write of an account's credentials: a new password hash or login email,
 * then every session of the account ends but `keepSessionId`, the one that made the change (null
 * on a reset by a mailed code: no session made it). A new email also closes the reset codes sent
 * to the old address, which must no longer open the account. Run it in the caller's transaction,
 * beside its audit row.
 */
export async function setCredentials(tx: Database, userId: string, change: CredentialChange, keepSessionId: string | null, proof: CredentialProof = {}): Promise<UserRow> {
  const now = new Date();
  // A new login email is set only with the code mailed to it, as is a reset password: the address is proven (decision 340).
  const proven = proof.mailedCode || 'email' in change;
  const [row] = await tx
    .update(users)
    .set({ ...change, ...(proven ? { emailConfirmedAt: now } : {}), updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  await tx.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
  if ('email' in change) {
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'reset-password'), isNull(oneTimeCodes.usedAt)));
  }
  return row!;
}
