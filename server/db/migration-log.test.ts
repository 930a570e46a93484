import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, TEST_PG_URL } from '../../tests/setup/database-url';
import { openDatabase } from './connection';
import { migrateYielding } from './migration-log';

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

/**
 * A migration on a database the release before still serves yields to its traffic
 * (docs/decisions/431): it waits at most `lock_timeout` for a lock, gives its run up whole and
 * tries again, instead of holding a visitor's request until PostgreSQL picks a deadlock's victim.
 */
describe('a migration meeting a lock held by live traffic', () => {
  const name = `${inject('templateDatabase')}_yield_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('gives up its transaction after lock_timeout and runs again once the lock is gone; other errors are not retried', async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const visitor = new pg.Client({ connectionString: databaseUrl(name) });
    const migrator = new pg.Client({ connectionString: databaseUrl(name) });
    await visitor.connect();
    await migrator.connect();
    try {
      await migrator.query('create table rooms (id int)');
      // A visitor's transaction of the release before, reading the table the migration alters.
      await visitor.query('begin');
      await visitor.query('select * from rooms');
      let runs = 0;
      const migrate = async () => {
        runs += 1;
        await migrator.query('begin');
        try {
          await migrator.query('alter table rooms add column title text');
          await migrator.query('commit');
        } catch (error) {
          await migrator.query('rollback');
          throw error;
        }
      };
      // The visitor's transaction ends during the migration's first pause.
      await migrateYielding((text) => migrator.query(text), migrate, { lockTimeoutMs: 200, pause: () => visitor.query('commit').then(() => undefined) });
      expect(runs).toBe(2);
      const columns = await migrator.query("select column_name from information_schema.columns where table_name = 'rooms' order by 1");
      expect(columns.rows.map((row) => row.column_name)).toEqual(['id', 'title']);
      // The session's own setting is back once the migrations are done.
      expect((await migrator.query('show lock_timeout')).rows[0].lock_timeout).toBe('0');

      let failed = 0;
      const broken = async () => {
        failed += 1;
        await migrator.query('select no_such_column from rooms');
      };
      await expect(migrateYielding((text) => migrator.query(text), broken, { pause: async () => undefined })).rejects.toThrow(/no_such_column/);
      expect(failed).toBe(1);
    } finally {
      await visitor.end();
      await migrator.end();
    }
  });
});
