import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfFile } from '../../tests/helpers/documents';
import { startS3Server, type TestS3Server } from '../../tests/helpers/s3-server';
import { projectBody, testImage, uploadedImageIds, uploadImages } from '../../tests/helpers/showcase';
import { bearer, createTestApi, loginToken, postMultipart, type TestApi } from '../../tests/helpers/test-api';
import { closingBoundary, cutOffBody, filePartHead, listenOnLoopback, multipartHeaders, openUpload } from '../../tests/helpers/uploads';
import { IMAGE_TYPE_MESSAGE } from '../contract/projects';
import { pendingUploads, users } from '../db/schema';
import { createFirm, createUser } from '../seed/factories';
import { runHousekeeping } from '../services/housekeeping';
import { createSession } from '../queries/sessions';
import { TOO_MANY_UPLOADS_MESSAGE } from './upload-slots';

/**
 * The file pipeline end to end, on both storage backends: uploads checked as they arrive, streamed
 * through temporary files into the storage, never half-stored; served back with ranges; pending
 * uploads removed by the clean-up after a day (docs/decisions/075 to 078).
 */

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const backends: Array<[string, () => Record<string, string>]> = [
  ['local disk', () => ({})],
  ['an S3 bucket', () => s3.env(`pipeline-${crypto.randomBytes(4).toString('hex')}`)],
];

describe.each(backends)('uploads on %s', (_name, env) => {
  let api: TestApi;
  let firmId: string;
  let token: string;
  let port: number;

  beforeAll(async () => {
    api = await createTestApi(env());
    const firm = await createFirm(api.db, { email: `owner-${crypto.randomBytes(3).toString('hex')}@example.test` });
    firmId = firm.id;
    token = await loginToken(api, firm.email);
    port = await listenOnLoopback(api);
  });
  afterAll(() => api?.close());

  /** Every stored key of an area under a prefix. */
  async function stored(area: 'public' | 'private', prefix: string) {
    const keys: string[] = [];
    for await (const file of api.ctx.storage.list(area, prefix)) keys.push(file.key);
    return keys.sort();
  }
  const pendingCount = async () => Number((await api.db.select({ n: count() }).from(pendingUploads))[0]!.n);
  const tempEntries = () => fs.readdir(api.config.uploadTmpDir).catch(() => [] as string[]);
  /** What a refused or broken request must leave: nothing new stored, nothing pending, no temporary file. */
  async function expectNothingLeft(before: { images: string[]; pending: number }) {
    expect(await stored('public', `projects/${firmId}/`)).toEqual(before.images);
    expect(await pendingCount()).toBe(before.pending);
    expect(await tempEntries()).toEqual([]);
  }
  const snapshot = async () => ({ images: await stored('public', `projects/${firmId}/`), pending: await pendingCount() });

  /**
   * Waits until the firm has `count` uploads under way. The state is polled, not slept on; the
   * deadline is long because on a loaded machine the api took over vitest's default second to
   * reach it (a test that failed only under load).
   */
  const uploadsInProgress = (count: number) => vi.waitFor(() => expect(api.ctx.uploadSlots.inProgress(firmId)).toBe(count), { timeout: 60_000 });

  it('stores a project image through the backend and serves its variants at /uploads, ranges too', async () => {
    const res = await uploadImages(api, token, [await testImage('png', 1200, 800)]);
    expect(res.statusCode, res.body).toBe(201);
    const [image] = res.json().images;
    const keys = await stored('public', `projects/${firmId}/${image.id}/`);
    expect(keys).toEqual(['w1600', 'w480', 'w960'].map((w) => `projects/${firmId}/${image.id}/${w}.webp`));

    const whole = await api.app.inject({ method: 'GET', url: image.w480 });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const part = await api.app.inject({ method: 'GET', url: image.w480, headers: { range: 'bytes=8-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('WEBP');
    expect((await api.app.inject({ method: 'GET', url: `/uploads/projects/${firmId}/nothing/w480.webp` })).statusCode).toBe(404);
    expect(await tempEntries()).toEqual([]);
  });

  it('refuses a text file named .png at its first bytes, while the rest of its body is still on the way', async () => {
    const before = await snapshot();
    const upload = openUpload(port, '/api/projects/images', token);
    await upload.write(filePartHead('files', 'photo.png', 'image/png'));
    await upload.write(Buffer.from('just some text, not a picture\n'.repeat(3000)));
    // The body is not finished, yet the answer is there.
    const res = await upload.response;
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ message: IMAGE_TYPE_MESSAGE, details: [{ path: 'files.0', message: `photo.png: ${IMAGE_TYPE_MESSAGE}` }] });
    upload.abandon();
    await uploadsInProgress(0);
    await expectNothingLeft(before);
  });

  it('a body cut off inside the second file stores nothing of the request and names the file', async () => {
    const before = await snapshot();
    const jpeg = await testImage('jpeg', 300, 200);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/projects/images',
      headers: { ...multipartHeaders, ...bearer(token) },
      payload: cutOffBody([{ field: 'files', filename: 'first.jpg', data: jpeg }, { field: 'files', filename: 'second.jpg', data: jpeg }], 400),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The upload of second.jpg was cut off; nothing of this request was stored. Please try again.',
      details: [{ path: 'files.1', message: 'second.jpg: The upload was cut off; nothing of this request was stored. Please try again.' }],
    });
    await expectNothingLeft(before);
  });

  it('a client that goes away in the middle of a file leaves nothing behind', async () => {
    const before = await snapshot();
    const upload = openUpload(port, '/api/projects/images', token);
    await upload.write(filePartHead('files', 'first.jpg', 'image/jpeg'));
    await upload.write(await testImage('jpeg', 300, 200));
    await upload.write(filePartHead('files', 'second.jpg', 'image/jpeg', false));
    await upload.write((await testImage('jpeg', 300, 200)).subarray(0, 500));
    await uploadsInProgress(1);
    upload.abandon();
    await uploadsInProgress(0);
    await expectNothingLeft(before);
  });

  it('a client that goes away before the api starts reading the body gives its upload slot back', async () => {
    const before = await snapshot();
    // The server's side of the request is closed right after the slot is taken, while the api still
    // checks the firm's storage: the multipart parser then starts on a request already closed.
    let serverSide: IncomingMessage | undefined;
    const remember = (req: IncomingMessage) => (serverSide = req);
    api.app.server.on('request', remember);
    const slots = api.ctx.uploadSlots;
    const acquire = slots.acquire;
    slots.acquire = (accountId) => {
      const release = acquire.call(slots, accountId);
      serverSide?.destroy();
      return release;
    };
    try {
      const upload = openUpload(port, '/api/projects/images', token);
      const body = Buffer.concat([Buffer.from(filePartHead('files', 'first.jpg', 'image/jpeg')), await testImage('jpeg', 300, 200)]);
      // The write may fail: the server may have closed the connection before it was taken.
      await upload.write(body).catch(() => {});
      await expect(upload.response).rejects.toThrow();
      await uploadsInProgress(0);
      await expectNothingLeft(before);
    } finally {
      slots.acquire = acquire;
      api.app.server.off('request', remember);
    }
  });

  it('an image that fails after its type check (a corrupt JPEG) undoes the images stored before it', async () => {
    const before = await snapshot();
    const jpeg = await testImage('jpeg', 200, 200);
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(400, 0x55)]);
    const res = await postMultipart(
      api,
      '/api/projects/images',
      [
        { name: 'files', file: await testImage('png', 100, 80), filename: 'fine.png', type: 'image/png' },
        { name: 'files', file: broken, filename: 'broken.jpg', type: 'image/jpeg' },
      ],
      token,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: IMAGE_TYPE_MESSAGE, details: [{ path: 'files.1', message: `broken.jpg: ${IMAGE_TYPE_MESSAGE}` }] });
    await expectNothingLeft(before);
  });

  it('takes at most three uploads of one account at once: the fourth answers 429; another account is not held up', async () => {
    const open = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const upload = openUpload(port, '/api/projects/images', token);
        await upload.write(filePartHead('files', `slow-${i}.png`, 'image/png'));
        return upload;
      }),
    );
    await uploadsInProgress(3);
    const fourth = await uploadImages(api, token, [await testImage('jpeg')]);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(TOO_MANY_UPLOADS_MESSAGE(3));

    const other = await createFirm(api.db, { email: `other-${crypto.randomBytes(3).toString('hex')}@example.test` });
    expect((await uploadImages(api, await loginToken(api, other.email), [await testImage('jpeg')])).statusCode).toBe(201);

    const png = await testImage('png', 40, 30);
    const answers = await Promise.all(open.map(async (upload) => (await upload.end(Buffer.concat([png, Buffer.from(closingBoundary)])), upload.response)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    await uploadsInProgress(0);
    expect((await uploadImages(api, token, [await testImage('jpeg')])).statusCode).toBe(201);
  });

  it('streams a registration document into private storage; the super-admin downloads it, with ranges', async () => {
    const explorer = await createUser(api.db, { role: 'explorer', email: `doc-${crypto.randomBytes(3).toString('hex')}@example.test` });
    const explorerToken = await loginToken(api, explorer.email);
    const pdf = pdfFile();
    const up = await postMultipart(api, '/api/users/upload/file', [{ name: 'files', file: pdf, filename: 'Licence Ørsted.pdf', type: 'application/pdf' }], explorerToken);
    expect(up.statusCode, up.body).toBe(200);
    expect(await stored('public', 'firm-documents/')).toEqual([]);
    expect(await stored('private', `firm-documents/${explorer.id}/`)).toHaveLength(1);
    const register = await api.app.inject({
      method: 'POST',
      url: '/api/users/user-firm',
      headers: bearer(explorerToken),
      payload: {
        firmName: 'Ørsted Studio',
        firmType: 'architect',
        businessEmail: 'studio@orsted.example',
        contactNo: '9876543210',
        address: '1 Harbour Road',
        country: 'India',
        state: 'Maharashtra',
        city: 'Pune',
        documentURL: up.json().urls[0],
      },
    });
    expect(register.statusCode, register.body).toBe(200);

    const admin = await createUser(api.db, { isSuperAdmin: true });
    const { token: adminToken } = await createSession(api.db, admin.id, { remember: false, kind: 'admin' });
    const whole = await api.app.inject({ method: 'GET', url: `/api/admin/user/${explorer.id}`, headers: bearer(adminToken) });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="Licence _rsted.pdf"; filename*=UTF-8''Licence%20%C3%98rsted.pdf`);
    expect(whole.headers['content-security-policy']).toMatch(/^sandbox;/);
    const part = await api.app.inject({ method: 'GET', url: `/api/admin/user/${explorer.id}`, headers: { ...bearer(adminToken), range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(0, 8))).toBe(true);
    const past = await api.app.inject({ method: 'GET', url: `/api/admin/user/${explorer.id}`, headers: { ...bearer(adminToken), range: `bytes=${pdf.length}-` } });
    expect(past.statusCode).toBe(416);
    const [row] = await api.db.select({ documentKey: users.documentKey }).from(users).where(eq(users.id, explorer.id));
    expect(row!.documentKey).toMatch(new RegExp(`^firm-documents/${explorer.id}/[0-9a-f]{24}\\.pdf$`));
  });

  it('the clean-up removes uploads unused for a day with their files, and keeps used and recent ones', async () => {
    await api.db.delete(pendingUploads);
    const used = await uploadedImageIds(api, token, 4);
    const project = await api.app.inject({ method: 'POST', url: '/api/projects/public-project', headers: bearer(token), payload: projectBody(used) });
    expect(project.statusCode, project.body).toBe(201);
    const [forgotten] = await uploadedImageIds(api, token, 1);
    const [recent] = await uploadedImageIds(api, token, 1);
    const explorer = await createUser(api.db, { role: 'explorer' });
    const doc = await postMultipart(api, '/api/users/upload/file', [{ name: 'files', file: pdfFile(), filename: 'never-sent.pdf' }], await loginToken(api, explorer.email));
    expect(doc.statusCode).toBe(200);
    // The forgotten image and the document were uploaded 25 hours ago.
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const forgottenHex = forgotten!.slice(0, 24);
    const docHex = doc.json().urls[0].split('/').pop();
    await api.db.update(pendingUploads).set({ createdAt: old }).where(sql`${pendingUploads.id} in (${forgottenHex}, ${docHex})`);
    expect(await stored('public', `projects/${firmId}/${forgotten}/`)).toHaveLength(3);
    expect(await stored('private', `firm-documents/${explorer.id}/`)).toHaveLength(1);

    // Two replicas running it at the same moment remove each upload once, without an error.
    const runs = await Promise.all([runHousekeeping(api.ctx), runHousekeeping(api.ctx)]);
    expect(runs[0]!.uploads + runs[1]!.uploads).toBe(2);

    expect(await stored('public', `projects/${firmId}/${forgotten}/`)).toEqual([]);
    expect(await stored('private', `firm-documents/${explorer.id}/`)).toEqual([]);
    expect((await api.db.select().from(pendingUploads)).map((r) => r.id)).toEqual([recent!.slice(0, 24)]);
    // The project's images and the recent upload are untouched; the forgotten id is no longer accepted.
    for (const id of [...used, recent!]) expect(await stored('public', `projects/${firmId}/${id}/`), id).toHaveLength(3);
    const late = await api.app.inject({ method: 'POST', url: '/api/projects/public-project', headers: bearer(token), payload: projectBody([...used.slice(0, 3), forgotten!]) });
    expect(late.statusCode).toBe(400);
    expect((await runHousekeeping(api.ctx)).uploads).toBe(0);
  });
});
