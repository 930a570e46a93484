import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { platformSecrets } from '../db/schema/index.js';

/**
 * A secret every api replica shares, made on first use: the first replica's
 * random value wins (`on conflict do nothing`), and every replica reads the one stored.
 */
export async function platformSecret(db: Database, name: string): Promise<string> {
  await db.insert(platformSecrets).values({ name, value: crypto.randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: platformSecrets.value }).from(platformSecrets).where(eq(platformSecrets.name, name)).limit(1);
  return row!.value;
}
