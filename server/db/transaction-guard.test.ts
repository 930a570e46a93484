import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection';
import { detachedFromTransaction, OuterHandleInTransactionError } from './transaction-guard';
import { platformSecrets } from './schema';
import { databaseUrl, TEST_PG_URL } from '../../tests/setup/database-url';
import pg from 'pg';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { TEST_ON_PGLITE } from '../../tests/setup/test-database';

/**
 * Inside a transaction only its handle may be used (decision 302): on PGlite's one connection the
 * outer handle would wait for the transaction forever, so it must fail at once, and on PostgreSQL
 * the same mistake must fail too, so the tests that run there catch it.
 */
async function openPostgres(): Promise<DatabaseHandle> {
  const name = `${inject('templateDatabase')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  return openDatabase({ url: databaseUrl(name), dataDir: '' });
}

const kinds: Array<[string, () => Promise<DatabaseHandle>]> = [
  ['PGlite', () => openDatabase({ url: 'memory://', dataDir: '' })],
  // On the PGlite run there is no PostgreSQL template (docs/decisions/303).
  ...(TEST_ON_PGLITE ? [] : [['PostgreSQL', openPostgres] as [string, () => Promise<DatabaseHandle>]]),
];

describe.each(kinds)('the outer handle inside a transaction on %s', { timeout: 120_000 }, (_kind, open) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('refuses a query at once, with a message naming the mistake, and the database keeps answering', async () => {
    const { db } = database;
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await db.select().from(platformSecrets).limit(1);
    });
    // drizzle wraps a driver's error in its own ("Failed query: …") with the driver's as the cause.
    const error = await attempt.then(() => null, (e: unknown) => e as Error);
    expect(error?.cause).toBeInstanceOf(OuterHandleInTransactionError);
    expect((error?.cause as Error).message).toMatch(/use the transaction's handle/);
    // The transaction was rolled back and the connection is free: the next query answers.
    const after = (await db.execute(sql`select 2 as two`)) as unknown as { rows: Array<{ two: number }> };
    expect(after.rows[0]!.two).toBe(2);
  });

  it('refuses a second transaction opened through the outer handle', async () => {
    const { db } = database;
    await expect(db.transaction(async () => db.transaction(async () => undefined))).rejects.toBeInstanceOf(OuterHandleInTransactionError);
  });

  it("allows the transaction's own handle, nested savepoints, and the outer handle once the transaction ended", async () => {
    const { db } = database;
    let later: Promise<unknown> | undefined;
    const value = await db.transaction(async (tx) => {
      await tx.transaction(async (inner) => inner.execute(sql`select 1`));
      // Work started without awaiting it (a background task) is detached and waits for the connection.
      later = detachedFromTransaction(() => db.execute(sql`select 3`));
      return 'done';
    });
    expect(value).toBe('done');
    await expect(later).resolves.toBeDefined();
    await expect(Promise.all([db.execute(sql`select 4`), db.execute(sql`select 5`)])).resolves.toHaveLength(2);
  });
});
