import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../tests/helpers/test-api';
import { createProjectThroughApi } from '../../../tests/helpers/workspace-projects';
import type { WorkspaceProject } from '../../contract/workspace-projects';
import { projects } from '../../db/schema';
import { createEmployee, createFirm, createMember, createPublicProject, createWorkspaceProject } from '../../seed/factories';
import type { UserRow } from '../../queries/users';
import { createSession } from '../../queries/sessions';
import { api, firm, tokens, memberEmployee, setUpProjectsApi, get } from '../../../tests/helpers/projects-api';

setUpProjectsApi();

describe('GET /api/projects', () => {
  it('lists all of the firm’s projects to the firm and its sub-admins, newest first, and none of another firm', async () => {
    const older = await createProjectThroughApi(api, tokens.firm, { projectName: 'Older' });
    const newer = await createProjectThroughApi(api, tokens.firm, { projectName: 'Newer' });
    const foreign = await createProjectThroughApi(api, tokens.foreignFirm, { projectName: 'Foreign' });
    for (const who of ['firm', 'subAdmin'] as const) {
      const res = await get('/api/projects', tokens[who]);
      expect(res.statusCode).toBe(200);
      const ids = res.json().data.map((p: WorkspaceProject) => p.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids).not.toContain(foreign.id);
      expect(res.json().canManage).toBe(true);
    }
  });

  it('lists to a plain employee only the projects it is a member of, to work on', async () => {
    const mine = await createProjectThroughApi(api, tokens.firm, { projectName: 'Mine' });
    await createProjectThroughApi(api, tokens.firm, { projectName: 'Not mine' });
    await createMember(api.db, mine.id, { email: memberEmployee.email });
    const res = await get('/api/projects', tokens.member);
    expect(res.json()).toEqual({ data: [expect.objectContaining({ id: mine.id, access: 'work' })], canManage: false });
    expect((await get('/api/projects', tokens.employee)).json()).toEqual({ data: [], canManage: false });
  });

  it('answers 401 without a token and 403 for an explorer', async () => {
    expect((await get('/api/projects')).statusCode).toBe(401);
    expect((await get('/api/projects', tokens.explorer)).statusCode).toBe(403);
  });

  it('does not list the firm’s portfolio (public) projects', async () => {
    const portfolio = await createPublicProject(api.ctx, firm.id, { images: [] });
    const res = await get('/api/projects', tokens.firm);
    expect(res.json().data.map((p: WorkspaceProject) => p.id)).not.toContain(portfolio.id);
    expect((await get(`/api/projects/${portfolio.id}`, tokens.firm)).statusCode).toBe(404);
  });
});

describe('GET /api/projects?page= (the paged list, decision 203)', () => {
  let paged: { firm: string; member: string; stranger: string };
  let ids: string[];
  let memberIds: string[];
  let foreignId: string;

  beforeAll(async () => {
    const owner = await createFirm(api.db, { firmName: 'Paged Studio' });
    const member = await createEmployee(api.db, owner.id);
    const stranger = await createEmployee(api.db, owner.id);
    const token = async (u: UserRow) => (await createSession(api.db, u.id, { remember: false })).token;
    paged = { firm: await token(owner), member: await token(member), stranger: await token(stranger) };
    // 30 projects, one a minute, the newest last; two share a moment (the id breaks the tie).
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 9, i === 29 ? 28 : i));
    const rows = [];
    for (let i = 0; i < 30; i++) {
      const fields = {
        projectName: i === 3 ? 'Tower 100% green' : i === 4 ? 'Tower 1000 green' : i === 5 ? 'Loft_A' : i === 6 ? 'LoftXA' : `Paged project ${i}`,
        clientName: i === 7 ? 'Anaya Sharma' : 'Rhea Kapoor',
        createdAt: at(i),
      };
      rows.push(await createWorkspaceProject(api.db, owner.id, fields));
    }
    // Newest first, the id breaking the tie of the last two.
    ids = rows
      .map((r) => ({ id: r.id, at: r.createdAt.getTime() }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    // The member employee sees 3 of them.
    memberIds = [rows[2]!.id, rows[10]!.id, rows[20]!.id];
    for (const id of memberIds) await createMember(api.db, id, { email: member.email.toUpperCase() });
    const foreign = await createFirm(api.db);
    foreignId = (await createWorkspaceProject(api.db, foreign.id, { projectName: 'Paged project foreign', clientName: 'Anaya Sharma' })).id;
  });

  const page = async (query: string, token = paged.firm) => {
    const res = await get(`/api/projects?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ...body, ids: body.data.map((p: WorkspaceProject) => p.id) as string[] };
  };

  it('answers 24 a page, newest first with the id as tie-break, and the count of every page', async () => {
    const first = await page('page=1');
    expect(first).toMatchObject({ count: 30, page: 1, limit: 24, canManage: true });
    expect(first.ids).toEqual(ids.slice(0, 24));
    const second = await page('page=2');
    expect(second.ids).toEqual(ids.slice(24));
    expect(second.count).toBe(30);
    const past = await page('page=3');
    expect(past).toMatchObject({ data: [], count: 30, page: 3 });
  });

  it('takes a limit, clamps one above 100, and answers the whole list without a page as before', async () => {
    expect((await page('page=2&limit=7')).ids).toEqual(ids.slice(7, 14));
    expect(await page('page=1&limit=5000')).toMatchObject({ limit: 100, count: 30 });
    const all = await page('');
    expect(all.ids).toEqual(ids);
    // Exactly the old reply: no count, page or limit.
    expect(Object.keys(all).sort()).toEqual(['canManage', 'data', 'ids']);
  });

  it('searches the name and the client name, case-insensitive, with % and _ typed literally', async () => {
    const client = await page('page=1&search=anaya');
    expect(client).toMatchObject({ count: 1 });
    expect(client.data[0].clientName).toBe('Anaya Sharma');
    const percent = await page(`page=1&search=${encodeURIComponent('100%')}`);
    expect(percent.data.map((p: WorkspaceProject) => p.projectName)).toEqual(['Tower 100% green']);
    const underscore = await page(`page=1&search=${encodeURIComponent('loft_a')}`);
    expect(underscore.data.map((p: WorkspaceProject) => p.projectName)).toEqual(['Loft_A']);
    expect(await page(`page=1&search=${encodeURIComponent('\\')}`)).toMatchObject({ data: [], count: 0 });
    expect(await page(`page=1&search=${encodeURIComponent('no such thing')}`)).toMatchObject({ data: [], count: 0 });
    // Spaces around are not part of it; a NUL matches nothing (and is no 500).
    expect((await page('page=1&search=%20%20ANAYA%20')).count).toBe(1);
    expect(await page('page=1&search=a%00b')).toMatchObject({ data: [], count: 0 });
    // Without a page, the search filters the whole list.
    expect((await page('search=anaya')).data).toHaveLength(1);
  });

  it('pages and counts for a plain employee only the projects it is a member of, never another firm’s', async () => {
    const own = await page('page=1&limit=2', paged.member);
    expect(own).toMatchObject({ count: 3, canManage: false });
    const rest = await page('page=2&limit=2', paged.member);
    expect([...own.ids, ...rest.ids]).toEqual(ids.filter((id) => memberIds.includes(id)));
    expect(own.data.every((p: WorkspaceProject) => p.access === 'work')).toBe(true);
    // A search that matches projects it is not a member of counts none of them.
    expect(await page('page=1&search=anaya', paged.member)).toMatchObject({ data: [], count: 0 });
    expect(await page('page=1', paged.stranger)).toMatchObject({ data: [], count: 0 });
    // The other firm's project matches the search, but not for this firm.
    const searched = await page('page=1&search=Paged%20project&limit=100');
    expect(searched.ids).not.toContain(foreignId);
    expect(searched.count).toBe(26);
  });

  it('answers 400 for a page or limit that is not a whole number from 1, or a search too long', async () => {
    for (const query of ['page=abc', 'page=0', 'page=-1', 'page=1.5', 'page=100001', 'page=1&limit=abc', 'page=1&limit=0', `page=1&search=${'x'.repeat(201)}`]) {
      const res = await get(`/api/projects?${query}`, paged.firm);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await get('/api/projects?page=1')).statusCode).toBe(401);
  });
});

describe('GET /api/projects/{id}', () => {
  it('answers the project with the caller’s access, 404 for another firm’s id and malformed ids', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    expect((await get(`/api/projects/${project.id}`, tokens.firm)).json().data).toMatchObject({ id: project.id, access: 'manage' });
    await createMember(api.db, project.id, { email: memberEmployee.email });
    expect((await get(`/api/projects/${project.id}`, tokens.member)).json().data.access).toBe('work');
    expect((await get(`/api/projects/${project.id}`, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}`, tokens.employee)).statusCode).toBe(404);
    expect((await get('/api/projects/not-an-id', tokens.firm)).statusCode).toBe(404);
  });
});

describe('GET /api/projects/{id}/photo', () => {
  it('streams the photo variant as private WebP to whoever may see the project', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const res = await api.app.inject({ method: 'GET', url: project.photo!.w480, headers: bearer(tokens.firm) });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
    });
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480 });
    const plain = await get(`/api/projects/${project.id}/photo`, tokens.firm);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(640);
  });

  it('answers 400 for an unknown size, 404 for another firm, a non-member and a project without a photo', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    expect((await get(`/api/projects/${project.id}/photo?size=12`, tokens.firm)).statusCode).toBe(400);
    expect((await get(`/api/projects/${project.id}/photo`, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}/photo`, tokens.employee)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}/photo`)).statusCode).toBe(401);
    const bare = await createWorkspaceProject(api.db, firm.id);
    expect((await get(`/api/projects/${bare.id}/photo`, tokens.firm)).json()).toEqual({ message: 'This project has no photo' });
  });

  it('is not under /uploads: the public file route does not serve it', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const [row] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    const res = await get(`/uploads/${row!.photoKey}/w480.webp`);
    expect(res.statusCode).toBe(404);
  });
});
