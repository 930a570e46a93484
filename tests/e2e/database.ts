import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from '../../server/db/connection';
import * as schema from '../../server/db/schema';
import { decode, encode } from './database-bridge';
import { E2E } from './env';

/**
 * The journeys' handle on the api's database, through the harness's bridge (database-bridge.ts,
 * docs/decisions/303): the same drizzle database the factories take, its queries run by the api's
 * own PGlite. `close()` is there for the callers' `finally`; nothing stays open.
 */

type Options = { rowMode?: 'array' | 'object' };

async function call(path: string, body: object): Promise<unknown> {
  const response = await fetch(`${E2E.bridgeURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: encode(body) });
  const text = await response.text();
  if (!response.ok) {
    const { message, code } = JSON.parse(text) as { message: string; code?: string };
    throw Object.assign(new Error(message), { code });
  }
  return decode(text);
}

const remoteQuery = (tx?: string) => (sql: string, params: unknown[] = [], options: Options = {}) =>
  call('/query', { sql, params, rowMode: options.rowMode, tx });

const client = {
  query: remoteQuery(),
  async transaction<T>(run: (tx: { query: ReturnType<typeof remoteQuery> }) => Promise<T>): Promise<T> {
    const { tx } = (await call('/begin', {})) as { tx: string };
    try {
      const result = await run({ query: remoteQuery(tx) });
      await call('/commit', { tx });
      return result;
    } catch (error) {
      await call('/rollback', { tx }).catch(() => undefined);
      throw error;
    }
  },
};

export async function openE2EDatabase(): Promise<{ db: Database; close: () => Promise<void> }> {
  const db = drizzle({ client: client as never, schema }) as unknown as Database;
  return { db, close: async () => undefined };
}
