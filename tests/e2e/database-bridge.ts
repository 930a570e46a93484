import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The journeys' way into the api's embedded database (docs/decisions/303). The journeys run against
 * the api as `npm start` runs it, on PGlite, which is one connection inside the api's process: no
 * second process can open it. Journeys that prepare data with the seed factories reach it through
 * this bridge instead, which the end-to-end harness (serve-api.ts) starts beside the api, on
 * loopback only; the product never has it. A journey's transaction holds the one connection until
 * it commits or rolls back, as it would on PostgreSQL hold its rows.
 */

type PgliteTx = { query: (sql: string, params?: unknown[], options?: object) => Promise<unknown> };
type Pglite = PgliteTx & { transaction: <T>(run: (tx: PgliteTx) => Promise<T>) => Promise<T> };

/** drizzle's own parsers on PGlite (drizzle-orm/pglite): dates, times and intervals stay text. */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
export const DRIZZLE_PARSERS = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, (value: string) => value]));

/** JSON with what SQL values JSON lacks: bytes, big integers and dates. */
export function encode(value: unknown): string {
  return JSON.stringify(value, function (key, v: unknown) {
    const raw = (this as Record<string, unknown>)[key];
    if (raw instanceof Uint8Array) return { $bytes: Buffer.from(raw).toString('base64') };
    if (typeof raw === 'bigint') return { $bigint: raw.toString() };
    if (raw instanceof Date) return raw.toISOString();
    return v;
  });
}
export function decode(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && '$bytes' in v) return new Uint8Array(Buffer.from((v as { $bytes: string }).$bytes, 'base64'));
    if (v && typeof v === 'object' && '$bigint' in v) return BigInt((v as { $bigint: string }).$bigint);
    return v;
  });
}

type Open = { tx: PgliteTx; commit: () => void; rollback: (error: Error) => void; done: Promise<unknown> };

export async function startDatabaseBridge(client: Pglite, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const open = new Map<string, Open>();

  async function begin(): Promise<string> {
    const id = crypto.randomUUID();
    return new Promise<string>((started, failed) => {
      let commit!: () => void;
      let rollback!: (error: Error) => void;
      const ended = new Promise<void>((resolve, reject) => {
        commit = resolve;
        rollback = reject;
      });
      const done = client
        .transaction(async (tx) => {
          open.set(id, { tx, commit, rollback, done });
          started(id);
          await ended;
        })
        .catch((error: unknown) => {
          failed(error);
          throw error;
        })
        .finally(() => open.delete(id));
      // A rolled back transaction's rejection is answered to the caller of rollback, not left unhandled.
      done.catch(() => undefined);
    });
  }

  async function answer(path: string, body: { sql?: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: string }) {
    if (path === '/begin') return { tx: await begin() };
    const current = body.tx ? open.get(body.tx) : undefined;
    if (body.tx && !current) throw new Error('no such transaction');
    if (path === '/commit' || path === '/rollback') {
      if (path === '/commit') current!.commit();
      else current!.rollback(new Error('rolled back'));
      await current!.done.catch(() => undefined);
      return {};
    }
    const target = current?.tx ?? client;
    return target.query(body.sql!, body.params ?? [], { rowMode: body.rowMode, parsers: DRIZZLE_PARSERS });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(request.url ?? '', decode(Buffer.concat(chunks).toString('utf8') || '{}') as Parameters<typeof answer>[1])
        .then((result) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(encode(result));
        })
        .catch((error: Error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: error.message, code: (error as { code?: string }).code }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
