import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { oneTimeCodes, pendingUploads, sessions } from '../db/schema';
import { createUser } from '../seed/factories';
import { storeUpload } from './pending-uploads';
import { removeStaleTempFolders, runHousekeeping, startHousekeeping } from './housekeeping';
import { issueCode } from '../queries/one-time-codes';
import { createSession } from '../queries/sessions';
import { hashToken } from './tokens';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const DAY = 24 * 60 * 60 * 1000;

it('the periodic job started by the api removes a day-old upload on its own, and stops cleanly', async () => {
  const owner = await createUser(api.db);
  const key = `projects/${owner.id}/stale/w480.webp`;
  await storeUpload(api.db, api.ctx.storage, { ownerId: owner.id, kind: 'project-image', area: 'public', keys: [key] }, () =>
    api.ctx.storage.put('public', key, Buffer.from('x'), { contentType: 'image/webp' }),
  );
  await api.db.update(pendingUploads).set({ createdAt: new Date(Date.now() - DAY - 60_000) });
  const job = startHousekeeping(api.ctx, pino({ level: 'silent' }), 50);
  await vi.waitFor(async () => expect(await api.ctx.storage.head('public', key)).toBeNull(), { timeout: 30_000 });
  expect(await api.db.select().from(pendingUploads)).toEqual([]);
  await job.stop();
});

it('removes temporary upload folders a crashed process left for a day, and nothing else', async () => {
  const tmp = api.config.uploadTmpDir;
  await fs.mkdir(path.join(tmp, 'upload-old'), { recursive: true });
  await fs.writeFile(path.join(tmp, 'upload-old', '0'), 'half a file');
  await fs.mkdir(path.join(tmp, 'upload-new'));
  await fs.mkdir(path.join(tmp, 'someone-else'));
  const old = new Date(Date.now() - DAY - 60_000);
  await fs.utimes(path.join(tmp, 'upload-old'), old, old);
  await fs.utimes(path.join(tmp, 'someone-else'), old, old);
  expect(await removeStaleTempFolders(tmp, DAY)).toBe(1);
  expect((await fs.readdir(tmp)).sort()).toEqual(['someone-else', 'upload-new']);
});

it('deletes the sessions and mailed codes past their end, and only those', async () => {
  const user = await createUser(api.db);
  const codeNow = await issueCode(api.db, user.id, 'reset-password');
  await issueCode(api.db, user.id, 'email-change');
  await api.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.purpose, 'email-change'));
  const live = await createSession(api.db, user.id, { remember: false });
  const ended = await createSession(api.db, user.id, { remember: true });
  await api.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(ended.token)));
  expect((await runHousekeeping(api.ctx)).sessions).toBeGreaterThanOrEqual(1);
  const left = (await api.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id))).map((s) => s.hash);
  expect(left).toEqual([hashToken(live.token)]);
  expect((await api.db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id))).map((c) => c.id)).toEqual([codeNow.row.id]);
  expect(await runHousekeeping(api.ctx)).toMatchObject({ sessions: 0, codes: 0 });
});
