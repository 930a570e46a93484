import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Whether a DATABASE_URL means the embedded PGlite (unset, or `memory://`) rather than a PostgreSQL server. */
export const isEmbeddedDatabase = (url: string | undefined) => !url || url.startsWith('memory://');

/**
 * PostgreSQL when a url is given, otherwise PGlite persisted under `dataDir/pglite`
 * (or in memory for `memory://`). Migrations run before the handle is returned.
 */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (!isEmbeddedDatabase(options.url)) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.url!, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (options.url?.startsWith('memory://')) {
    client = new PGlite();
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    // PGlite does not create parent folders.
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
