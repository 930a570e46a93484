import type pg from 'pg';
import type { TestApi } from './test-api';

type Query = (...args: unknown[]) => unknown;

/**
 * Counts the SQL statements the api sends to PostgreSQL while `run` goes: every drizzle query on
 * node-postgres goes through the pool's `query`, or, in a transaction, through the `query` of the
 * client the pool hands out.
 */
export async function countQueries<T>(api: TestApi, run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const counted = (original: Query): Query =>
    function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      queries.push(typeof first === 'string' ? first : (first?.text ?? '?'));
      return original.apply(this, args);
    };
  if (api.database.kind === 'pglite') return countPgliteQueries(api, run, queries, counted);
  const pool = (api.db as unknown as { $client: pg.Pool }).$client;
  const originalQuery = pool.query;
  const originalConnect = pool.connect;
  const clients = new Map<pg.PoolClient, Query>();
  pool.query = counted(originalQuery as Query) as typeof pool.query;
  // The pool's own `query` checks out a client with a callback: that one is already counted.
  pool.connect = async function (this: pg.Pool, ...args: unknown[]) {
    if (args.length) return (originalConnect as Query).apply(this, args);
    const client = await (originalConnect as () => Promise<pg.PoolClient>).call(this);
    if (!clients.has(client)) {
      clients.set(client, client.query as Query);
      client.query = counted(client.query as Query) as typeof client.query;
    }
    return client;
  } as typeof pool.connect;
  try {
    const result = await run();
    return { result, queries };
  } finally {
    pool.query = originalQuery;
    pool.connect = originalConnect;
    for (const [client, query] of clients) client.query = query as typeof client.query;
  }
}

type PgliteClient = { query: Query; transaction: (run: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown> };

/** The same on PGlite: its `query`, and in a transaction the `query` of the transaction it hands out. */
async function countPgliteQueries<T>(api: TestApi, run: () => Promise<T>, queries: string[], counted: (original: Query) => Query) {
  const client = (api.db as unknown as { $client: PgliteClient }).$client;
  const originalQuery = client.query;
  const originalTransaction = client.transaction;
  client.query = counted(originalQuery);
  client.transaction = (body) =>
    originalTransaction.call(client, (tx) => {
      tx.query = counted(tx.query.bind(tx));
      return body(tx);
    });
  try {
    const result = await run();
    return { result, queries };
  } finally {
    // Back to the methods of its class (an own property left behind would shadow them).
    delete (client as Partial<PgliteClient>).query;
    delete (client as Partial<PgliteClient>).transaction;
  }
}
