import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile } from '../../tests/helpers/documents';
import { postMultipart, startTestApi, type TestApi } from '../../tests/helpers/test-api';
import { runHousekeeping } from '../services/housekeeping';
import { pendingUploads } from './schema';
import { loadConfig } from '../config';
import { openDatabase } from './connection';

/** The api on the embedded database (no DATABASE_URL), as a newcomer runs it. */
async function startOn(url: string | undefined, dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', API_MAX_EVENT_LOOP_DELAY_MS: '0', UPLOAD_TMP_DIR: path.join(dataDir, 'tmp') });
  return startTestApi(config, await openDatabase({ url, dataDir }));
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pglite-smoke-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

// Starting PGlite (WebAssembly) and migrating takes seconds, more on a busy machine.
describe('the api on PGlite', { timeout: 120_000 }, () => {
  it('registers, logs in, reads /users/me, resets a password and logs out on an in-memory database', async () => {
    const api = await startOn('memory://', dataDir);
    try {
      expect(api.database.kind).toBe('pglite');
      expect((await api.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
      // Its shared buffers are bounded (docs/decisions/162): the WebAssembly heap never gives memory back.
      const shown = (await api.db.execute(sql`select current_setting('shared_buffers') as value`)) as unknown as { rows: Array<{ value: string }> };
      expect(shown.rows[0]!.value).toBe('16MB');
      // The same planner costs as the api's PostgreSQL connections (decision 195).
      const cost = (await api.db.execute(sql`select current_setting('random_page_cost') as value`)) as unknown as { rows: Array<{ value: string }> };
      expect(cost.rows[0]!.value).toBe('1.1');

      const register = await api.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { userName: 'Lite User', email: 'Lite@Example.test', password: 'secret123', role: 'architect' },
      });
      expect(register.statusCode).toBe(201);
      expect(register.json().userData).toMatchObject({ email: 'lite@example.test', role: 'architect' });

      const duplicate = await api.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { userName: 'Again', email: 'LITE@example.test', password: 'secret123' },
      });
      expect(duplicate.statusCode).toBe(409);

      const login = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'lite@example.test', password: 'secret123', remember: true } });
      expect(login.statusCode).toBe(200);
      const token = login.json().token as string;

      const me = await api.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toMatchObject({ userName: 'Lite User', email: 'lite@example.test' });

      // Password reset runs a transaction; a NUL character is refused with 400 by this database too.
      await api.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: 'lite@example.test' } });
      const code = /\b(\d{6})\b/.exec((await api.outbox()).filter((m) => m.subject === 'Your password reset code').at(-1)!.text)![1];
      const reset = await api.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { email: 'lite@example.test', otp: code, newPassword: 'another123' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await api.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      const nul = await api.app.inject({ method: 'POST', url: '/api/users/register', payload: { userName: 'a\u0000b', email: 'nul@example.test', password: 'secret123' } });
      expect(nul.statusCode).toBe(400);

      const second = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'lite@example.test', password: 'another123' } });
      const secondToken = second.json().token as string;

      // An upload is tracked as pending and removed by the clean-up (FOR UPDATE SKIP LOCKED) here too.
      const upload = await postMultipart(api as TestApi, '/api/users/upload/file', [{ name: 'files', file: pdfFile(), filename: 'lite.pdf' }], secondToken);
      expect(upload.statusCode, upload.body).toBe(200);
      await api.db.update(pendingUploads).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
      expect(await runHousekeeping(api.ctx)).toMatchObject({ uploads: 1, tempFolders: 0 });
      expect(await api.db.select().from(pendingUploads)).toEqual([]);
      const logout = await api.app.inject({ method: 'POST', url: '/api/users/logout', headers: { authorization: `Bearer ${secondToken}` } });
      expect(logout.statusCode).toBe(200);
      expect((await api.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${secondToken}` } })).statusCode).toBe(401);
    } finally {
      await api.close();
    }
  });

  it('keeps accounts in the data folder across restarts (migrations run again without harm)', async () => {
    const first = await startOn(undefined, dataDir);
    try {
      const res = await first.app.inject({ method: 'POST', url: '/api/users/register', payload: { userName: 'Kept', email: 'kept@example.test', password: 'secret123' } });
      expect(res.statusCode).toBe(201);
    } finally {
      await first.close();
    }
    await expect(fs.stat(path.join(dataDir, 'pglite'))).resolves.toBeTruthy();

    const second = await startOn(undefined, dataDir);
    try {
      const login = await second.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'kept@example.test', password: 'secret123' } });
      expect(login.statusCode).toBe(200);
      const me = await second.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${login.json().token}` } });
      expect(me.json().data.userName).toBe('Kept');
    } finally {
      await second.close();
    }
  });
});
