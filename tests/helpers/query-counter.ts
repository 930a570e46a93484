import type pg from 'pg';
import type { TestApi } from './test-api';

/**
 * Counts the SQL statements the api sends to PostgreSQL while `run` goes: every drizzle query on
 * node-postgres goes through the pool's `query`.
 */
export async function countQueries<T>(api: TestApi, run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const pool = (api.db as unknown as { $client: pg.Pool }).$client;
  const original = pool.query;
  const queries: string[] = [];
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    queries.push(typeof first === 'string' ? first : (first?.text ?? '?'));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  try {
    const result = await run();
    return { result, queries };
  } finally {
    pool.query = original;
  }
}
