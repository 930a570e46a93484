import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, waitFor } from '../../scripts/instance';
import { openDatabase } from './connection';

/**
 * The embedded default keeps what it acknowledged (docs/decisions/247): a write
 * the api answered survives a SIGKILL of the api, and PGlite on disk commits through a real fsync
 * (which is what also keeps it through a power loss). One data folder for both: PGlite's first
 * start runs every migration, a minute on a busy machine.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The api on `dataDir` with the embedded database, answering on `port`. */
async function startApi(port: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, API_PORT: String(port), API_HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', API_MAX_EVENT_LOOP_DELAY_MS: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'ignore' });
  children.push(child);
  await waitFor(`http://127.0.0.1:${port}/api/health`, 240);
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

const account = { userName: 'Durable Dora', email: 'durable@example.test', password: 'kept-after-kill', role: 'explorer', loginType: 'normal' };
const post = (url: string, body: object) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the embedded database keeps what the api acknowledged', () => {
  it('loses no write to a SIGKILL of the api: registered, killed with -9, restarted, signed in', { timeout: 600_000 }, async () => {
    const port = await freePort();
    const api = `http://127.0.0.1:${port}/api`;
    const first = await startApi(port);
    expect((await post(`${api}/users/register`, account)).status).toBe(201);
    await stop(first, 'SIGKILL');

    const second = await startApi(port);
    expect((await post(`${api}/users/login`, { email: account.email, password: account.password })).status).toBe(200);
    await stop(second, 'SIGTERM');
  });

  it('runs PGlite on disk with fsync on, and syncs the files of each commit before answering it', { timeout: 120_000 }, async () => {
    const handle = await openDatabase({ dataDir });
    try {
      const setting = (await handle.db.execute(sql`SHOW fsync`)) as unknown as { rows: Array<{ fsync: string }> };
      expect(setting.rows[0]!.fsync).toBe('on');
      await handle.db.execute(sql`CREATE TABLE durable_probe (n int)`);
      const fsync = vi.spyOn(fs, 'fsyncSync');
      for (let n = 0; n < 3; n++) await handle.db.execute(sql`INSERT INTO durable_probe VALUES (${n})`);
      expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(3);
      fsync.mockRestore();
    } finally {
      await handle.close();
    }
  });
});
