import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, TEST_PG_URL } from '../../tests/setup/database-url';
import { TEST_ON_PGLITE } from '../../tests/setup/test-database';
import { LOCKS, openDatabase } from './connection';

// Named after the run's template, so the run's teardown drops it with the others: a DROP DATABASE
// here waits for the server's checkpoint, which on a busy machine took minutes (a hook timeout in CI).
const name = `${inject('templateDatabase')}_mig_${crypto.randomBytes(4).toString('hex')}`;
const journal = JSON.parse(fs.readFileSync(path.join(__dirname, 'migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };

beforeAll(async () => {
  if (TEST_ON_PGLITE) return;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
});

describe.skipIf(TEST_ON_PGLITE)('migrations on PostgreSQL', () => {
  it('run once when three api replicas start together on an empty database, and the demo seed one at a time (advisory locks)', async () => {
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: databaseUrl(name), dataDir: '' })));
    const check = new pg.Client({ connectionString: databaseUrl(name) });
    await check.connect();
    const { rows } = await check.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
    await check.end();
    expect(Number(rows[0].count)).toBe(journal.entries.length);

    // What the demo seed runs under: one replica at a time, whichever process holds the handle.
    let inside = 0;
    let most = 0;
    await Promise.all(
      handles.map((handle) =>
        handle.exclusive(LOCKS.demoSeed, async () => {
          most = Math.max(most, ++inside);
          await new Promise((resolve) => setTimeout(resolve, 50));
          inside--;
        }),
      ),
    );
    await Promise.all(handles.map((handle) => handle.close()));
    expect(most).toBe(1);
  });
});
