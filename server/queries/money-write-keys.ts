import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { moneyWriteKeys } from '../db/schema/index.js';
import { conflict } from '../errors.js';

/** A money write that a form's idempotency key can repeat safely (decision 399). */
export type MoneyOperation = 'invoice-create' | 'invoice-issue' | 'payment' | 'credit-note' | 'purchase-order';

export const KEY_REUSED = 'This form was already used for another change: reload the page and try again';

/**
 * Runs a money write once per idempotency key, inside the caller's transaction: the key is claimed
 * first (a second transaction with the same key waits on it), the write runs, and the key names the
 * document it made. The same key again returns `replay(documentId)` instead of writing twice; a
 * write that fails rolls its claim back with it. Without a key the write simply runs.
 */
export async function onceByKey<T>(
  tx: Database,
  issuerId: string,
  key: string | undefined,
  operation: MoneyOperation,
  write: () => Promise<T>,
  idOf: (made: T) => string,
  replay: (documentId: string) => Promise<T>,
): Promise<T> {
  if (!key) return write();
  const [claimed] = await tx.insert(moneyWriteKeys).values({ issuerId, key, operation }).onConflictDoNothing().returning({ key: moneyWriteKeys.key });
  const where = and(eq(moneyWriteKeys.issuerId, issuerId), eq(moneyWriteKeys.key, key));
  if (!claimed) {
    const [earlier] = await tx.select().from(moneyWriteKeys).where(where).limit(1);
    if (!earlier || earlier.operation !== operation || !earlier.documentId) throw conflict(KEY_REUSED);
    return replay(earlier.documentId);
  }
  const made = await write();
  await tx.update(moneyWriteKeys).set({ documentId: idOf(made) }).where(where);
  return made;
}
