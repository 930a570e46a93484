import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection';
import { databaseUrl, TEST_PG_URL } from './database-url';
import { TEST_ON_PGLITE } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database's name. */
    templateDatabase: string;
    /** PGlite: the file holding the migrated template's data folder (a tar). */
    pgliteTemplate: string;
  }
}

/** PGlite: one migrated data folder, dumped once; each api test opens a copy of it (a second, not five of migrating). */
async function setupPglite(project: TestProject) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
  const handle = await openDatabase({ url: 'memory://', dataDir: '' });
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const file = path.join(folder, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('templateDatabase', '');
  return () => fs.rm(folder, { recursive: true, force: true });
}

/**
 * Migrates one template database per test run; each api test file copies it into a database of
 * its own (CREATE DATABASE … TEMPLATE), so files never see each other's data.
 */
export default async function setup(project: TestProject) {
  if (TEST_ON_PGLITE) return setupPglite(project);
  project.provide('pgliteTemplate', '');
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
