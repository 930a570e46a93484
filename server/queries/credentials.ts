import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { oneTimeCodes, sessions, users } from '../db/schema/index.js';
import type { UserRow } from './users.js';

export type CredentialChange = { passwordHash: string } | { email: string };

/**
 * The one write of an account's credentials (issue 30 item 1): a new password hash or login email,
 * then every session of the account ends but `keepSessionId`, the one that made the change (null
 * on a reset by a mailed code: no session made it). A new email also closes the reset codes sent
 * to the old address, which must no longer open the account. Run it in the caller's transaction,
 * beside its audit row.
 */
export async function setCredentials(tx: Database, userId: string, change: CredentialChange, keepSessionId: string | null): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...change, updatedAt: new Date() })
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
