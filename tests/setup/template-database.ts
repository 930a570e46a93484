import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection';
import { databaseUrl, TEST_PG_URL } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/**
 * Migrates one template database per test run; each api test file copies it into a database of
 * its own (CREATE DATABASE … TEMPLATE), so files never see each other's data.
 */
export default async function setup(project: TestProject) {
  const template = `tpl_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ url: databaseUrl(template), dataDir: '' });
  await handle.close();
  project.provide('templateDatabase', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template}_%`],
    );
    await admin.end();
    // Side by side, so that one checkpoint of the server serves several drops (each waits for one).
    const pool = new pg.Pool({ connectionString: TEST_PG_URL, max: 8 });
    await Promise.all(rows.map(({ datname }) => pool.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)));
    await pool.end();
  };
}
