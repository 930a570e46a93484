import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleThroughApi, tokenOf, uploadedScheduleImageIds, uploadScheduleFiles } from '../../../../tests/helpers/schedules';
import { testImage } from '../../../../tests/helpers/showcase';
import { bearer, createTestApi, messagesByPath, multipart, type MultipartPart, type TestApi } from '../../../../tests/helpers/test-api';
import { SCHEDULE_MESSAGES } from '../../../contract/schedules';
import { auditLog, pendingUploads, schedules } from '../../../db/schema';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../../seed/factories';
import { scheduleImageFolder, scheduleImageKeys, scheduleVariantKey } from '../../../services/schedule-images';
import type { UserRow } from '../../../queries/users';

let api: TestApi;
let firm: UserRow;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Schedule Studio' });
  token = await tokenOf(api, firm);
});
afterAll(async () => api?.close());

const project = () => createWorkspaceProject(api.db, firm.id);
const get = (url: string, as = token, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers: { ...bearer(as), ...headers } });
const post = (payload: object, as = token) => api.app.inject({ method: 'POST', url: '/api/projects/schedules', headers: bearer(as), payload });
/** A change from the version the schedule is at now (as a page read just now sends it; docs/decisions/320). */
const put = async (id: string, payload: object, as = token) => {
  const [row] = await api.db.select({ version: schedules.version }).from(schedules).where(eq(schedules.id, id)).limit(1).catch(() => []);
  return api.app.inject({ method: 'PUT', url: `/api/projects/schedules/${id}`, headers: bearer(as), payload: { version: row?.version ?? 1, ...payload } });
};
const del = (id: string, as = token) => api.app.inject({ method: 'DELETE', url: `/api/projects/schedules/${id}`, headers: bearer(as) });

/** Whether every stored variant of the image exists in the private area. */
async function stored(projectId: string, imageId: string) {
  const heads = await Promise.all(scheduleImageKeys([scheduleImageFolder(projectId, imageId)]).map((key) => api.ctx.storage.head('private', key)));
  return heads.every(Boolean) ? 'stored' : heads.some(Boolean) ? 'partly' : 'gone';
}

describe('GET /api/projects/schedules/{projectId}', () => {
  it('lists the schedules newest first, with the project, and an empty list for a project without any', async () => {
    const p = await project();
    const empty = await get(`/api/projects/schedules/${p.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: { schedules: [], project: { id: p.id, projectName: p.projectName } } });

    const first = await createScheduleThroughApi(api, token, p.id, { title: 'First' });
    const second = await createScheduleThroughApi(api, token, p.id, { title: 'Second' });
    const { data } = (await get(`/api/projects/schedules/${p.id}`)).json();
    expect(data.schedules.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect(data.schedules[0]).toEqual({
      id: second.id,
      projectId: p.id,
      userId: firm.id,
      title: 'Second',
      description: 'Tiles, worktops and fittings.',
      images: [],
      schedulesFiles: [],
      version: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.any(String),
    });
  });

  it('answers 404 for a malformed, unknown or other firm’s project id', async () => {
    const other = await createWorkspaceProject(api.db, (await createFirm(api.db)).id);
    for (const id of ['nope', 'f'.repeat(24), other.id]) {
      const res = await get(`/api/projects/schedules/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Project not found');
    }
  });
});

describe('POST /api/projects/schedules', () => {
  it('creates a schedule with its uploaded images, claims the uploads and writes an audit row', async () => {
    const p = await project();
    const ids = await uploadedScheduleImageIds(api, token, p.id, 2);
    const res = await post({ projectId: p.id, userId: 'ignored', title: '  Living room  ', description: 'Sofa and rug', schedulesFiles: ids });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ projectId: p.id, userId: firm.id, title: 'Living room', description: 'Sofa and rug' });
    expect(data.images.map((i: { id: string }) => i.id)).toEqual(ids);
    expect(data.images[0]).toEqual({
      id: ids[0],
      url: `/api/projects/schedules/images/${p.id}/${ids[0]}`,
      w480: `/api/projects/schedules/images/${p.id}/${ids[0]}?size=480`,
      w960: `/api/projects/schedules/images/${p.id}/${ids[0]}?size=960`,
      w1600: `/api/projects/schedules/images/${p.id}/${ids[0]}?size=1600`,
      width: 80,
      height: 60,
    });
    expect(data.schedulesFiles).toEqual(data.images.map((i: { url: string }) => i.url));
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.ownerId, firm.id))).toEqual([]);
    const [audit] = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'schedule.created')));
    expect(audit).toMatchObject({ actorId: firm.id, firmId: firm.id, targetType: 'schedule', details: { projectId: p.id, title: 'Living room', images: 2 } });
  });

  it('accepts the urls the upload answered in schedulesFiles', async () => {
    const p = await project();
    const upload = (await uploadScheduleFiles(api, token, p.id, [{ data: await testImage('jpeg') }])).json();
    const res = await post({ projectId: p.id, title: 'By url', description: 'x', schedulesFiles: [`http://localhost${upload.urls[0]}?size=480`] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.images[0].id).toBe(upload.images[0].id);
  });

  it('refuses a blank title or description, too long texts and more than 10 images with field messages', async () => {
    const p = await project();
    const res = await post({ projectId: p.id, title: '   ', description: '' });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({ title: SCHEDULE_MESSAGES.titleRequired, description: SCHEDULE_MESSAGES.descriptionRequired });
    expect(messagesByPath(await post({ projectId: p.id, title: 'x'.repeat(201), description: 'd' }))).toEqual({ title: 'At most 200 characters' });
    const eleven = Array.from({ length: 11 }, (_, i) => `${'a'.repeat(24)}_${i + 1}x1`);
    expect(messagesByPath(await post({ projectId: p.id, title: 't', description: 'd', schedulesFiles: eleven }))).toEqual({ schedulesFiles: 'You can add only 10 images' });
  });

  it('takes the largest valid body (texts at their limits, escaped in JSON) within its body limit', async () => {
    const p = await project();
    // About 17 KB of JSON: each control character is six bytes (\u0001) there.
    const urls = Array.from({ length: 10 }, () => 'x'.repeat(300));
    const res = await post({ projectId: p.id, title: '\u0001'.repeat(200), description: '\u0001'.repeat(2000), schedulesFiles: urls });
    // Past the body limit and the text rules: only the made-up image references are refused.
    expect(res.statusCode).toBe(400);
    expect(Object.keys(messagesByPath(res))).toEqual(urls.map((_, i) => `schedulesFiles.${i}`));
  });

  it('refuses images that are not the caller’s uploads for this project, listed twice, or already saved', async () => {
    const p = await project();
    const otherProject = await project();
    const [mine] = await uploadedScheduleImageIds(api, token, p.id);
    const [forOther] = await uploadedScheduleImageIds(api, token, otherProject.id);
    const subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true });
    const [someoneElses] = await uploadedScheduleImageIds(api, await tokenOf(api, subAdmin), p.id);

    const res = await post({ projectId: p.id, title: 't', description: 'd', schedulesFiles: [mine!, forOther!, someoneElses!, 'junk', `${'0'.repeat(24)}_1x1`] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(messagesByPath(res))).toEqual(['schedulesFiles.1', 'schedulesFiles.2', 'schedulesFiles.3', 'schedulesFiles.4']);
    expect(res.json().message).toBe(SCHEDULE_MESSAGES.imageMissing);
    // A url of another project names nothing here either.
    const url = `/api/projects/schedules/images/${otherProject.id}/${forOther}`;
    expect((await post({ projectId: p.id, title: 't', description: 'd', schedulesFiles: [url] })).statusCode).toBe(400);
    expect((await post({ projectId: p.id, title: 't', description: 'd', schedulesFiles: [mine!, mine!] })).statusCode).toBe(400);

    expect((await post({ projectId: p.id, title: 't', description: 'd', schedulesFiles: [mine!] })).statusCode).toBe(201);
    const again = await post({ projectId: p.id, title: 't', description: 'd', schedulesFiles: [mine!] });
    expect(again.statusCode).toBe(400);
    expect(messagesByPath(again)).toEqual({ 'schedulesFiles.0': SCHEDULE_MESSAGES.imageMissing });
  });

  it('answers 404 for a project of another firm, unknown or malformed, and nothing is created', async () => {
    const other = await createWorkspaceProject(api.db, (await createFirm(api.db)).id);
    for (const projectId of [other.id, 'f'.repeat(24), '../x']) {
      const res = await post({ projectId, title: 't', description: 'd' });
      expect(res.statusCode, projectId).toBe(404);
    }
    expect(await api.db.select().from(schedules).where(eq(schedules.projectId, other.id))).toEqual([]);
  });

  it('lets a member employee add schedules to its project, and answers 404 to an employee who is not a member', async () => {
    const p = await project();
    const member = await createEmployee(api.db, firm.id);
    await createMember(api.db, p.id, { email: member.email });
    const outsider = await createEmployee(api.db, firm.id);
    const memberToken = await tokenOf(api, member);
    const ids = await uploadedScheduleImageIds(api, memberToken, p.id);
    const res = await post({ projectId: p.id, title: 'By a member', description: 'd', schedulesFiles: ids }, memberToken);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.userId).toBe(member.id);
    expect((await post({ projectId: p.id, title: 't', description: 'd' }, await tokenOf(api, outsider))).statusCode).toBe(404);
  });
});

describe('PUT /api/projects/schedules/{id}', () => {
  it('changes only the fields sent, and audits which', async () => {
    const p = await project();
    const s = await createScheduleThroughApi(api, token, p.id, { title: 'Old', description: 'Old text' });
    const res = await put(s.id, { title: 'New title' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'New title', description: 'Old text' });
    expect((await put(s.id, { description: 'New text' })).json().data).toMatchObject({ title: 'New title', description: 'New text' });
    const audits = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, s.id), eq(auditLog.action, 'schedule.updated')));
    expect(audits.map((a) => a.details.fields)).toEqual(expect.arrayContaining([['title'], ['description']]));
  });

  it('replaces and reorders images, deleting the stored files of those dropped', async () => {
    const p = await project();
    const [a, b] = await uploadedScheduleImageIds(api, token, p.id, 2);
    const s = await createScheduleThroughApi(api, token, p.id, { schedulesFiles: [a!, b!] });
    const [c] = await uploadedScheduleImageIds(api, token, p.id);
    const res = await put(s.id, { schedulesFiles: [c!, b!] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images.map((i: { id: string }) => i.id)).toEqual([c, b]);
    expect(await stored(p.id, a!)).toBe('gone');
    expect(await stored(p.id, b!)).toBe('stored');
    expect(await stored(p.id, c!)).toBe('stored');
    // Keeping the same images in another order stores and deletes nothing.
    expect((await put(s.id, { schedulesFiles: [b!, c!] })).json().data.images.map((i: { id: string }) => i.id)).toEqual([b, c]);
    expect((await put(s.id, { schedulesFiles: [] })).json().data.images).toEqual([]);
    expect(await stored(p.id, b!)).toBe('gone');
  });

  it('refuses an empty body, a blank title and an image of another schedule', async () => {
    const p = await project();
    const [a] = await uploadedScheduleImageIds(api, token, p.id);
    const withImage = await createScheduleThroughApi(api, token, p.id, { schedulesFiles: [a!] });
    const s = await createScheduleThroughApi(api, token, p.id);
    expect((await put(s.id, {})).json().message).toBe(SCHEDULE_MESSAGES.nothingToUpdate);
    expect(messagesByPath(await put(s.id, { title: ' ' }))).toEqual({ title: SCHEDULE_MESSAGES.titleRequired });
    const res = await put(s.id, { schedulesFiles: [a!] });
    expect(res.statusCode).toBe(400);
    expect((await get(`/api/projects/schedules/${p.id}`)).json().data.schedules.find((x: { id: string }) => x.id === withImage.id).images).toHaveLength(1);
  });

  it('answers 404 for a malformed or unknown id and for another firm’s schedule', async () => {
    const otherFirm = await createFirm(api.db);
    const otherProject = await createWorkspaceProject(api.db, otherFirm.id);
    const theirs = await createScheduleThroughApi(api, await tokenOf(api, otherFirm), otherProject.id);
    for (const id of ['nope', 'f'.repeat(24), theirs.id]) {
      const res = await put(id, { title: 'Mine now' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(SCHEDULE_MESSAGES.notFound);
    }
  });
});

describe('DELETE /api/projects/schedules/{id}', () => {
  it('deletes the schedule and its stored images, audits it, and answers 404 the second time', async () => {
    const p = await project();
    const ids = await uploadedScheduleImageIds(api, token, p.id, 2);
    const s = await createScheduleThroughApi(api, token, p.id, { schedulesFiles: ids });
    expect(await stored(p.id, ids[0]!)).toBe('stored');
    const res = await del(s.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SCHEDULE_MESSAGES.deleted });
    for (const id of ids) expect(await stored(p.id, id)).toBe('gone');
    expect(await api.db.select().from(schedules).where(eq(schedules.id, s.id))).toEqual([]);
    expect(await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, s.id), eq(auditLog.action, 'schedule.deleted')))).toHaveLength(1);
    expect((await del(s.id)).statusCode).toBe(404);
  });

  it('answers 404 to an employee who is not a member of the project', async () => {
    const p = await project();
    const s = await createScheduleThroughApi(api, token, p.id);
    const outsider = await createEmployee(api.db, firm.id);
    expect((await del(s.id, await tokenOf(api, outsider))).statusCode).toBe(404);
    expect(await api.db.select().from(schedules).where(eq(schedules.id, s.id))).toHaveLength(1);
  });
});

describe('POST /api/projects/schedules/upload-file', () => {
  it('stores JPEG, PNG and GIF images as private WebP variants and answers their urls', async () => {
    const p = await project();
    const files = [{ data: await testImage('jpeg', 2000, 1000), name: 'a.jpg' }, { data: await testImage('png') }, { data: await testImage('gif'), name: 'c.gif' }];
    const res = await uploadScheduleFiles(api, token, p.id, files);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.urls).toEqual(body.images.map((i: { url: string }) => i.url));
    expect(body.images[0]).toMatchObject({ width: 2000, height: 1000 });
    const large = await api.ctx.storage.get('private', scheduleVariantKey(scheduleImageFolder(p.id, body.images[0].id), 1600));
    const chunks: Buffer[] = [];
    for await (const chunk of large!.stream) chunks.push(chunk as Buffer);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'webp', width: 1600 });
    // Nothing of it is public.
    expect(await api.ctx.storage.head('public', scheduleVariantKey(scheduleImageFolder(p.id, body.images[0].id), 960))).toBeNull();
    const pending = await api.db.select().from(pendingUploads).where(eq(pendingUploads.ownerId, firm.id));
    const ids = new Set(body.images.map((i: { id: string }) => i.id.slice(0, 24)));
    expect(pending.filter((row) => ids.has(row.id)).map((row) => [row.kind, row.area])).toEqual(Array(3).fill(['schedule-image', 'private']));
  });

  it('refuses a text file named .png with the spec’s message and stores nothing of the request', async () => {
    const p = await project();
    const before = await api.db.select().from(pendingUploads);
    const res = await uploadScheduleFiles(api, token, p.id, [
      { data: await testImage('png'), name: 'fine.png' },
      { data: Buffer.from('just some text, not a picture\n'.repeat(20)), name: 'plan.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only JPG, PNG or GIF allowed');
    expect(messagesByPath(res)).toEqual({ 'files.1': 'plan.png: Only JPG, PNG or GIF allowed' });
    expect(await api.db.select().from(pendingUploads)).toEqual(before);
  });

  it('refuses a request without files, without projectId, and with more than 10 files', async () => {
    const p = await project();
    const none = await uploadScheduleFiles(api, token, p.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SCHEDULE_MESSAGES.imagesRequiredToUpload);
    const image = await testImage('png');
    const noProject = await api.app.inject({ method: 'POST', url: '/api/projects/schedules/upload-file', ...(await multipartOf([{ name: 'files', file: image, filename: 'a.png' }])) });
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().message).toBe('projectId is required');
    const many = await uploadScheduleFiles(api, token, p.id, Array.from({ length: 11 }, () => ({ data: image })));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe('You can add only 10 images');
  });

  it('answers 404 for another firm’s project, named in the form or in the query', async () => {
    const other = await createWorkspaceProject(api.db, (await createFirm(api.db)).id);
    expect((await uploadScheduleFiles(api, token, other.id, [{ data: await testImage('png') }])).statusCode).toBe(404);
    const res = await api.app.inject({ method: 'POST', url: `/api/projects/schedules/upload-file?projectId=${other.id}`, ...(await multipartOf([{ name: 'files', file: await testImage('png'), filename: 'a.png' }])) });
    expect(res.statusCode).toBe(404);
  });

  /** A multipart request signed in as the firm. */
  async function multipartOf(parts: MultipartPart[]) {
    const body = await multipart(parts);
    return { payload: body.payload, headers: { ...body.headers, ...bearer(token) } };
  }
});

describe('GET /api/projects/schedules/images/{projectId}/{imageId}', () => {
  it('serves a variant inline as WebP with nosniff, private caching and ranges', async () => {
    const p = await project();
    const [id] = await uploadedScheduleImageIds(api, token, p.id);
    const s = await createScheduleThroughApi(api, token, p.id, { schedulesFiles: [id!] });
    const res = await get(s.images[0]!.w480);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 80 });
    const part = await get(s.images[0]!.url, token, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
    expect((await get(`${s.images[0]!.url}?size=123`)).statusCode).toBe(400);
  });

  it('shows a pending upload to its uploader only, and nothing of another project or firm', async () => {
    const p = await project();
    const [id] = await uploadedScheduleImageIds(api, token, p.id);
    const url = `/api/projects/schedules/images/${p.id}/${id}`;
    expect((await get(url)).statusCode).toBe(200);
    const subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true });
    expect((await get(url, await tokenOf(api, subAdmin))).statusCode).toBe(404);
    const otherProject = await project();
    expect((await get(`/api/projects/schedules/images/${otherProject.id}/${id}`)).statusCode).toBe(404);
    const otherFirm = await createFirm(api.db);
    expect((await get(url, await tokenOf(api, otherFirm))).statusCode).toBe(404);
    expect((await get(`/api/projects/schedules/images/${p.id}/..%2F..%2Fetc`)).statusCode).toBe(404);
  });

  it('answers 404 once the schedule holding the image is deleted', async () => {
    const p = await project();
    const [id] = await uploadedScheduleImageIds(api, token, p.id);
    const s = await createScheduleThroughApi(api, token, p.id, { schedulesFiles: [id!] });
    await del(s.id);
    expect((await get(s.images[0]!.url)).statusCode).toBe(404);
  });
});
