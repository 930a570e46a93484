import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { pendingUploads } from '../db/schema';
import { createUser } from '../seed/factories';
import { storeUpload } from './pending-uploads';
import { removeStaleTempFolders, startUploadCleanup } from './upload-cleanup';

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
  const job = startUploadCleanup(api.ctx, pino({ level: 'silent' }), 50);
  await vi.waitFor(async () => expect(await api.ctx.storage.head('public', key)).toBeNull());
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
