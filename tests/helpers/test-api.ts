import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createAppContext } from '../../server/context';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { databaseUrl, TEST_PG_URL } from '../setup/database-url';
import { TEST_ON_PGLITE } from '../setup/test-database';
import pino from 'pino';
import { REQUEST_ID_HEADER } from '../../server/contract/request-id';

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * An api instance on a fresh database copied from the migrated template (PostgreSQL, or PGlite
 * with TEST_DATABASE=pglite, docs/decisions/303), with its own data folder (uploads, outbox). Call `close()` in afterAll.
 */
export async function createTestApi(overrides: Partial<Record<string, string>> = {}, options: Pick<BuildOptions, 'extraRoutes'> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: TEST_ON_PGLITE ? 'memory://' : await copyTemplateDatabase(),
    RATE_LIMIT_MAX: '1000',
    UPLOAD_TMP_DIR: path.join(dataDir, 'tmp'),
    // Tests that sign in wrongly several times in a row are not about the account delay; its own tests turn it on.
    RATE_LIMIT_MAX_DELAY_SECONDS: '0',
    // Tests read right after writing through factories (not the api): the public cache has its own tests.
    PUBLIC_CACHE_MS: '0',
    SESSION_CACHE_MS: '0',
    // A test file's own heavy set-up (opening an embedded database blocks the loop for a second) must
    // not turn its calls away; the shedding has its own test (server/load-shedding.test.ts).
    API_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  });
  const database = TEST_ON_PGLITE
    ? await openDatabase({ url: 'memory://', dataDir, loadDataDir: await pgliteTemplate() })
    : await openDatabase({ url: config.DATABASE_URL, dataDir });
  const api = await startTestApi(config, database, options);
  return {
    ...api,
    async close() {
      await api.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database copied from the run's migrated template: its url. */
async function copyTemplateDatabase(): Promise<string> {
  const template = inject('templateDatabase');
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return databaseUrl(name);
}

/** The run's migrated PGlite data folder, read once per worker (each database opens its own copy of it). */
let pgliteTemplateFile: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateFile ??= fs.readFile(inject('pgliteTemplate')).then((bytes) => new Blob([new Uint8Array(bytes)]));
  return pgliteTemplateFile;
}

/** Answers of declared operations that broke their declaration, by request id (docs/decisions/370). */
const violations = new Map<string, string>();

/**
 * Every call through `app.inject` fails when the answer breaks its operation's declaration (a
 * status it does not declare, another content type, a body its schema refuses): every api test
 * checks the replies it sees, with no line of its own.
 */
function checkReplies(app: Awaited<ReturnType<typeof buildApp>>) {
  const inject = app.inject.bind(app) as (options: unknown) => Promise<{ headers: Record<string, unknown> }>;
  app.inject = (async (options: unknown) => {
    const response = await inject(options);
    const id = String(response.headers[REQUEST_ID_HEADER] ?? '');
    const violation = violations.get(id);
    violations.delete(id);
    if (violation) throw new Error(`The answer breaks its declaration: ${violation}`);
    return response;
  }) as typeof app.inject;
}

/** The api, silent and ready for `inject`, on an open database, with the context the server builds. */
export async function startTestApi(config: Config, database: DatabaseHandle, options: Pick<BuildOptions, 'extraRoutes'> = {}) {
  const ctx = createAppContext({ config, db: database.db, log: pino({ level: 'silent' }), listen: database.listen });
  await ctx.storage.prepare();
  const app = await buildApp(ctx, { ...options, onReplyViolation: (id, violation) => violations.set(id, violation) });
  checkReplies(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    ctx,
    config,
    /** Mails written to the outbox, oldest first (after the background work of earlier requests is done). */
    async outbox(): Promise<Array<{ to: string; subject: string; text: string }>> {
      await ctx.background.idle();
      const files = (await fs.readdir(config.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(config.outboxDir, f), 'utf8'))));
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Authorization header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The field messages of an api error reply (its `details`), by field path. */
export function messagesByPath(res: { json: () => { details: Array<{ path: string; message: string }> } }): Record<string, string> {
  return Object.fromEntries(res.json().details.map((d) => [d.path, d.message]));
}

/** A part of a multipart body: a field, or a file. */
export type MultipartPart = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A multipart body (for app.inject) built by the platform's FormData, as a browser would send it. */
export async function multipart(parts: MultipartPart[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part) form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type ?? 'application/octet-stream' }), part.filename);
    else form.append(part.name, part.value);
  }
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

/** POSTs a multipart body to the api, signed in with `token` when there is one. */
export async function postMultipart(api: TestApi, url: string, parts: MultipartPart[], token?: string | null) {
  const body = await multipart(parts);
  return api.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
}

/** Signs a user in through the api and returns the token. */
export async function loginToken(api: TestApi, email: string, password = 'secret123'): Promise<string> {
  const res = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token;
}
