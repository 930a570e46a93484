import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, TEST_PG_URL } from '../../tests/setup/database-url';
import { openDatabase } from './connection';

/** The api's log says which migrations it ran when it started (README "Production", upgrades). */
describe('the migrations a start applied are logged', () => {
  // Named after the run's template, so that the run's teardown drops it even if this file fails.
  const name = `${inject('templateDatabase')}_migrations_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('each by its tag on an empty database, none on the next start', async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const journal = JSON.parse(fs.readFileSync(path.join(__dirname, 'migrations/meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    const lines: Array<{ details: Record<string, unknown>; message: string }> = [];
    const log = { warn: () => {}, info: (details: object, message: string) => void lines.push({ details: details as Record<string, unknown>, message }) };

    const first = await openDatabase({ url: databaseUrl(name), dataDir: '', log });
    await first.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details.migrations).toEqual(journal.entries.map((entry) => entry.tag));
    expect(lines[0]!.message).toContain(`migrations applied: ${journal.entries[0]!.tag}, `);

    const second = await openDatabase({ url: databaseUrl(name), dataDir: '', log });
    await second.close();
    expect(lines[1]).toEqual({ details: { recorded: journal.entries.length }, message: 'database schema up to date: no migration to apply' });
  });
});
