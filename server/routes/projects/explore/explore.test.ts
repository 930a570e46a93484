import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../../tests/helpers/query-counter';
import { testImage } from '../../../../tests/helpers/showcase';
import { bearer, createTestApi, loginToken, type TestApi } from '../../../../tests/helpers/test-api';
import type { ExploreProject, PublicProject } from '../../../contract/projects';
import { VERIFY } from '../../../contract/vocabulary';
import { newId } from '../../../db/ids';
import { projects } from '../../../db/schema';
import { createFirm, createPublicProject, createUser } from '../../../seed/factories';

let api: TestApi;
const ids = { approved: [] as string[], second: [] as string[], pending: [] as string[], rejected: [] as string[], privateId: '' };
let approvedFirm: { id: string };
let pendingFirm: { id: string };
let explorer: { id: string };
let pendingToken: string;

beforeAll(async () => {
  api = await createTestApi();
  const image = await testImage('jpeg', 40, 30);
  const images = [image, image, image, image];
  approvedFirm = await createFirm(api.db, { email: 'approved@example.test', firmName: 'Mehta Studio Architects', userName: 'Asha Mehta' });
  const second = await createFirm(api.db, { email: 'second@example.test', firmName: 'Sethi Interiors', userName: 'Kabir Sethi', role: 'interiorDesigner' });
  pendingFirm = await createFirm(api.db, { email: 'pending@example.test', firmName: 'Mehta Pending Works', isVerify: VERIFY.pending });
  const rejected = await createFirm(api.db, { email: 'rejected@example.test', firmName: 'Rejected Mehta', isVerify: VERIFY.rejected });
  explorer = await createUser(api.db, { email: 'explorer@example.test', userName: 'Mehta Explorer', role: 'explorer' });
  for (let i = 0; i < 12; i++) ids.approved.push((await createPublicProject(api.ctx, approvedFirm.id, { projectName: `Courtyard House ${i}`, images })).id);
  for (let i = 0; i < 3; i++) ids.second.push((await createPublicProject(api.ctx, second.id, { projectName: `Clinic ${i}`, projectType: 'interior-healthcare', images })).id);
  for (let i = 0; i < 2; i++) ids.pending.push((await createPublicProject(api.ctx, pendingFirm.id, { projectName: `Courtyard Pending ${i}`, images })).id);
  ids.rejected.push((await createPublicProject(api.ctx, rejected.id, { projectName: 'Courtyard Rejected', images })).id);
  ids.privateId = newId();
  await api.db.insert(projects).values({ id: ids.privateId, userId: approvedFirm.id, isPrivate: true, projectName: 'Courtyard Workspace', projectType: 'architecture-residential' });
  await createPublicProject(api.ctx, approvedFirm.id, { projectName: '100% Brick_House', images });
  pendingToken = await loginToken(api, 'pending@example.test');
});
afterAll(() => api.close());

const get = (url: string, token?: string) => api.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });

describe('GET /api/projects/explore', () => {
  it('lists approved firms’ public projects only, 10 by default, newest first, with their owner and images', async () => {
    const res = await get('/projects/explore');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { projects: ExploreProject[]; count: number };
    expect(Object.keys(body).sort()).toEqual(['count', 'nextCursor', 'projects']);
    expect(body.count).toBe(16);
    expect(body.projects).toHaveLength(10);
    expect(body.projects[0]!.projectName).toBe('100% Brick_House');
    const allowed = new Set([...ids.approved, ...ids.second]);
    for (const p of body.projects) {
      expect(allowed.has(p.id) || p.projectName === '100% Brick_House').toBe(true);
      expect(p.images).toHaveLength(4);
      expect(p.projectImages).toEqual(p.images.map((i) => i.w960));
      expect(p.owner).toEqual(expect.objectContaining({ id: expect.any(String), firmName: expect.any(String) }));
    }
    const times = body.projects.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages: page 2 holds the rest, pages do not overlap, a page past the end is empty with the same count', async () => {
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map((page) => get(`/projects/explore?page=${page}&limit=7`).then((r) => r.json())));
    expect([p1.count, p2.count, p3.count]).toEqual([16, 16, 16]);
    expect([p1.projects.length, p2.projects.length, p3.projects.length]).toEqual([7, 7, 2]);
    const seen = [...p1.projects, ...p2.projects, ...p3.projects].map((p: PublicProject) => p.id);
    expect(new Set(seen).size).toBe(16);
    const beyond = await get('/projects/explore?page=9&limit=7');
    expect(beyond.json()).toEqual({ projects: [], count: 16, nextCursor: null });
  });

  it('clamps a limit over 50 to 50 (a client written to the spec) and refuses a page below 1 and non-numbers with 400', async () => {
    const clamped = await get('/projects/explore?limit=51');
    expect(clamped.statusCode).toBe(200);
    expect(clamped.json().projects).toHaveLength(16);
    expect((await get('/projects/explore?limit=100000')).statusCode).toBe(200);
    for (const query of ['limit=0', 'page=0', 'page=abc', 'limit=2.5']) {
      const res = await get(`/projects/explore?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await get('/projects/explore?limit=50')).json().projects).toHaveLength(16);
  });

  it('makes the same number of database queries whatever the page size (no N+1)', async () => {
    const small = await countQueries(api, () => get('/projects/explore?limit=1'));
    const large = await countQueries(api, () => get('/projects/explore?limit=50'));
    expect(small.result.json().projects).toHaveLength(1);
    expect(large.result.json().projects).toHaveLength(16);
    expect(large.queries.length).toBe(small.queries.length);
    expect(large.queries.length).toBeLessThanOrEqual(3);
  });

  it('answers 401 to a token that is not valid (the web then signs out)', async () => {
    expect((await get('/projects/explore', 'expired-or-unknown')).statusCode).toBe(401);
  });
});

describe('GET /api/projects/explore?after=<cursor> (keyset paging, decision 161)', () => {
  type Page = { projects: PublicProject[]; count?: number; nextCursor: string | null };
  const pageAfter = async (after: string | null, limit: number, view = 'full'): Promise<Page> => {
    const res = await get(`/projects/explore?limit=${limit}&view=${view}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('walks the whole gallery from cursor to cursor in the order of the numbered pages, counting only without a cursor', async () => {
    // Three projects made in the same microsecond: the id decides their order, and none is skipped or repeated.
    await api.db.update(projects).set({ createdAt: new Date('2026-01-02T03:04:05.678Z') }).where(inArray(projects.id, ids.second));
    const numbered = (await get('/projects/explore?limit=50')).json() as Page;
    const walked: string[] = [];
    let page = await pageAfter(null, 4);
    expect(page.count).toBe(16);
    for (let guard = 0; ; guard++) {
      walked.push(...page.projects.map((p) => p.id));
      if (!page.nextCursor) break;
      expect(guard).toBeLessThan(10);
      expect(page.nextCursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z,[0-9a-f]{24}$/);
      page = await pageAfter(page.nextCursor, 4, walked.length % 8 ? 'full' : 'card');
      expect(page).not.toHaveProperty('count');
    }
    expect(walked).toEqual(numbered.projects.map((p) => p.id));
    expect(walked).toHaveLength(16);
    expect(numbered.nextCursor).toBeNull();
  });

  it('the last page has no next cursor; a cursor past every project gives an empty page', async () => {
    const all = (await get('/projects/explore?limit=16')).json() as Page;
    expect(all.nextCursor).toBeNull();
    const fifteen = (await get('/projects/explore?limit=15')).json() as Page;
    expect(fifteen.nextCursor).not.toBeNull();
    const rest = await pageAfter(fifteen.nextCursor, 15);
    expect(rest.projects.map((p) => p.id)).toEqual([all.projects[15]!.id]);
    expect(rest.nextCursor).toBeNull();
    expect(await pageAfter('1970-01-01T00:00:00Z,' + '0'.repeat(24), 10)).toEqual({ projects: [], nextCursor: null });
  });

  it('refuses a cursor that is not one with 400 and a message naming the shape, never a 500', async () => {
    const id = '0'.repeat(24);
    for (const after of ['', 'abc', `2026-02-30T00:00:00Z,${id}`, `2026-13-01T00:00:00Z,${id}`, `2026-01-01T24:00:00Z,${id}`, '2026-01-01T00:00:00Z,nope', `2026-01-01T00:00:00.1234567Z,${id}`, `2026-01-01 00:00:00Z,${id}`, `${id},2026-01-01T00:00:00Z`, `0099-01-01T00:00:00Z,${id}`]) {
      const res = await get(`/projects/explore?after=${encodeURIComponent(after)}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json().message, after).toContain('after must be the cursor of a list row');
    }
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 80 }), fc.date({ noInvalidDate: true }).map((d) => `${d.toISOString()},${id}`)), async (after) => {
        const res = await get(`/projects/explore?after=${encodeURIComponent(after)}`);
        expect([200, 400], after).toContain(res.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});

/** A firm as the public sees it carries none of its account's sign-in fields (decision 191). */
function expectNoAccountFields(firm: Record<string, unknown>) {
  for (const key of ['email', 'loginType', 'HasPassword', 'isSuperAdmin', 'isSubAdmin', 'employer']) expect(firm, key).not.toHaveProperty(key);
}

describe('GET /api/projects/explore/{id}', () => {
  it('answers { data: { projectData, userData } } for an approved firm’s project', async () => {
    const res = await get(`/projects/explore/${ids.approved[3]}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['projectData', 'userData']);
    expect(data.projectData).toMatchObject({ id: ids.approved[3], projectName: 'Courtyard House 3', isPrivate: false });
    expect(data.userData).toMatchObject({ id: approvedFirm.id, firmName: 'Mehta Studio Architects', projectCount: 13 });
    expectNoAccountFields(data.userData);
    const detail = await countQueries(api, () => get(`/projects/explore/${ids.approved[3]}`));
    expect(detail.queries.length).toBeLessThanOrEqual(4);
  });

  it('answers 404 for a pending or rejected firm’s project, a workspace project and unknown ids; the pending owner sees its own', async () => {
    for (const id of [ids.pending[0], ids.rejected[0], ids.privateId, '0'.repeat(24), 'nope']) {
      expect((await get(`/projects/explore/${id}`)).statusCode, id).toBe(404);
    }
    expect((await get(`/projects/explore/${ids.pending[0]}`, pendingToken)).statusCode).toBe(200);
  });
});

describe('GET /api/projects/search', () => {
  it('finds projects and firms case-insensitively among approved firms only', async () => {
    const res = await get('/projects/search?search=COURTYARD%20house%201');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.projects.map((p: { projectName: string }) => p.projectName).sort()).toEqual(['Courtyard House 1', 'Courtyard House 10', 'Courtyard House 11']);
    expect(data.projects[0]).toEqual({ id: expect.any(String), projectName: expect.any(String) });

    const firms = (await get('/projects/search?search=mehta')).json().data;
    expect(firms.firmList).toEqual([{ id: approvedFirm.id, userName: 'Asha Mehta', firmName: 'Mehta Studio Architects' }]);
    const byPerson = (await get('/projects/search?search=kabir')).json().data;
    expect(byPerson.firmList.map((f: { firmName: string }) => f.firmName)).toEqual(['Sethi Interiors']);
    expect(byPerson.projects).toEqual([]);
  });

  it('shows at most 10 of each, prefix matches first', async () => {
    const { data } = (await get('/projects/search?search=courtyard')).json();
    expect(data.projects).toHaveLength(10);
    expect(data.projects.every((p: { projectName: string }) => p.projectName.startsWith('Courtyard House'))).toBe(true);
  });

  it('treats % and _ as text, and answers empty lists to an empty search', async () => {
    expect((await get('/projects/search?search=%25')).json().data.projects.map((p: { projectName: string }) => p.projectName)).toEqual(['100% Brick_House']);
    expect((await get('/projects/search?search=k_h')).json().data.projects.map((p: { projectName: string }) => p.projectName)).toEqual(['100% Brick_House']);
    expect((await get('/projects/search?search=')).json()).toEqual({ data: { projects: [], firmList: [] } });
    expect((await get('/projects/search')).json()).toEqual({ data: { projects: [], firmList: [] } });
    expect((await get(`/projects/search?search=${encodeURIComponent('\u0000')}`)).statusCode).toBe(200);
    expect((await get(`/projects/search?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/projects/public-portfolio/{id}', () => {
  it('answers { data: { projects, userData } } for an approved firm', async () => {
    const res = await get(`/projects/public-portfolio/${approvedFirm.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.userData).toMatchObject({ id: approvedFirm.id, projectCount: 13 });
    expectNoAccountFields(data.userData);
    expect(data.projects).toHaveLength(13);
    expect(data.projects.map((p: PublicProject) => p.id)).not.toContain(ids.privateId);
  });

  it('answers 404 for a pending firm (except to itself), an explorer and an unknown id', async () => {
    expect((await get(`/projects/public-portfolio/${pendingFirm.id}`)).statusCode).toBe(404);
    const own = await get(`/projects/public-portfolio/${pendingFirm.id}`, pendingToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.projects).toHaveLength(2);
    expect((await get(`/projects/public-portfolio/${explorer.id}`)).statusCode).toBe(404);
    expect((await get(`/projects/public-portfolio/${'0'.repeat(24)}`)).statusCode).toBe(404);
  });
});
