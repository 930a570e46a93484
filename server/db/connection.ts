import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { detachedFromTransaction, guardClient, guardDrizzle } from './transaction-guard.js';
import { logMigrationRun, migrateAndReport, migrateYielding } from './migration-log.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * LISTEN on a channel: `onPayload` gets each NOTIFY's payload (from any process on the database),
 * `onReconnect` is called after a lost listening connection is back (notifications sent meanwhile
 * are lost: the caller catches up from the table). Resolves to the function that stops listening.
 */
export type Listen = (channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => Promise<() => Promise<void>>;

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL LISTEN (docs/decisions/116): how every api replica hears what another one wrote. */
  listen: Listen;
  close: () => Promise<void>;
  /** Runs `run` while no other process on this database runs one under the same key (PGlite: one process's anyway). */
  exclusive: <T>(key: number, run: () => Promise<T>) => Promise<T>;
  /** PGlite only: the whole data folder as a tar file, which `loadDataDir` opens again (the tests' migrated template). */
  dumpDataDir?: () => Promise<Blob>;
  /** The connection pool's connections, idle ones, and queries waiting for one (PostgreSQL; the metrics read it). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/** LISTEN on PostgreSQL: one dedicated connection per channel (a pooled one would lose it), reconnected after a second when lost. */
function postgresListen(pg: typeof import('pg').default, url: string): { listen: Listen; closeAll: () => Promise<void> } {
  const open = new Set<() => Promise<void>>();
  const listen: Listen = async (channel, onPayload, onReconnect) => {
    let client: InstanceType<typeof pg.Client> | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (again: boolean) => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      const lost = () => {
        if (stopped || client !== next) return;
        client = null;
        next.end().catch(() => undefined);
        retry = setTimeout(() => void connect(true).catch(() => lost()), 1000);
      };
      next.on('error', lost);
      next.on('end', lost);
      client = next;
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      if (again) onReconnect?.();
    };
    await connect(false);
    const stop = async () => {
      stopped = true;
      clearTimeout(retry);
      open.delete(stop);
      await client?.end().catch(() => undefined);
    };
    open.add(stop);
    return stop;
  };
  return { listen, closeAll: async () => void (await Promise.all([...open].map((stop) => stop()))) };
}

/** Keys of the session locks below (any constants: "arch" and "seed" in ASCII). */
export const LOCKS = { migrations: 0x61726368, demoSeed: 0x73656564 } as const;

/**
 * Runs `run` on one connection that holds a PostgreSQL advisory lock: api replicas that start
 * together (a rolling upgrade, two replicas in compose) take turns, so the migrations run once and
 * the later ones find them recorded, and the demo data is seeded once (decision 231).
 * The lock goes with the connection if the process dies.
 */
async function exclusively<T>(pool: import('pg').Pool, key: number, run: (client: import('pg').PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await run(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The planner's cost of a random page read against a sequential one, on both databases: a
 * showcase's hot pages are cached, where PostgreSQL's default (4, for spinning disks) had it sort
 * 3,600 firms rather than walk their name index for the directory's page 300 (docs/decisions/195).
 * A DATABASE_URL that sets `options` itself keeps its own.
 */
export const PLANNER_SETTINGS = ['random_page_cost=1.1'];

/** PostgreSQL settings of the embedded database, on top of PGlite's own start parameters. */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'temp_buffers=2MB', ...PLANNER_SETTINGS];

/** Whether a DATABASE_URL means the embedded PGlite (unset, or `memory://`) rather than a PostgreSQL server. */
export const isEmbeddedDatabase = (url: string | undefined) => !url || url.startsWith('memory://');

/**
 * PostgreSQL when a url is given, otherwise PGlite persisted under `dataDir/pglite`
 * (or in memory for `memory://`). Migrations run before the handle is returned.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  log?: { warn: (details: object, message: string) => void; info?: (details: object, message: string) => void };
  /** For `memory://`: start from this dump of a data folder (tests copy one migrated template, as on PostgreSQL). */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (!isEmbeddedDatabase(options.url)) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.url!, max: 10, options: PLANNER_SETTINGS.map((setting) => `-c ${setting}`).join(' ') });
    // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) is dropped
    // by the pool, and the next query opens another; without a listener its error ended the process.
    pool.on('error', (error) => options.log?.warn({ err: error }, 'a pooled PostgreSQL connection was closed by the server'));
    // Inside a transaction only its handle may be used, on both databases (docs/decisions/302).
    const db = guardDrizzle(drizzle(guardClient(pool, ['query']), { schema }));
    const run = await exclusively(pool, LOCKS.migrations, (client) =>
      migrateAndReport(migrationsFolder, (text) => client.query(text), () => migrateYielding((text) => client.query(text), () => migrate(drizzle(client, { schema }), { migrationsFolder }))),
    );
    logMigrationRun(options.log, run);
    const listening = postgresListen(pg, options.url!);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      listen: listening.listen,
      exclusive: (key, run) => exclusively(pool, key, run),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listening.closeAll();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The search's trigram indexes (migration 0005, docs/decisions/136).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // PGlite's PostgreSQL keeps its shared buffers in the WebAssembly heap, which never shrinks:
  // PostgreSQL's default of 128 MB was a quarter of the api's resident memory. The data
  // files stay in the OS page cache, outside the process; 16 MB keeps the hot pages of a firm's
  // showcase (docs/decisions/162).
  const ownSettings = PGLITE_SETTINGS.flatMap((s) => ['-c', s]);
  let client: InstanceType<typeof PGlite>;
  if (options.url?.startsWith('memory://')) {
    client = new PGlite({ extensions, loadDataDir: options.loadDataDir, startParams: [...PGlite.defaultStartParams, ...ownSettings] });
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    // PGlite does not create parent folders.
    fs.mkdirSync(dir, { recursive: true });
    // A commit is on the disk before it is acknowledged (docs/decisions/247): PGlite's default
    // (fsync off) could lose acknowledged writes to a power loss.
    const { DurableNodeFS, durableStartParams } = await import('./durable-nodefs.js');
    client = new PGlite({ fs: new DurableNodeFS(dir), extensions, startParams: [...durableStartParams(PGlite.defaultStartParams), ...ownSettings] });
  }
  // One connection: a query through the outer handle inside a transaction would wait for it forever (docs/decisions/302).
  const db = guardDrizzle(drizzle(guardClient(client, ['query', 'exec', 'sql']), { schema }));
  logMigrationRun(options.log, await migrateAndReport(migrationsFolder, (text) => client.query(text), () => migrate(db, { migrationsFolder })));
  // PGlite is one process's: its NOTIFY reaches the listeners of that same process.
  const listen: Listen = async (channel, onPayload) => {
    // PGlite calls the listener while the notifying transaction commits, in that transaction's
    // async context: what the listener starts is not part of it (docs/decisions/302).
    const unlisten = await client.listen(channel, (payload) => detachedFromTransaction(() => onPayload(payload)));
    return () => unlisten();
  };
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    listen,
    exclusive: (_key, run) => run(),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
