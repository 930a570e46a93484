import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleThroughApi, uploadedScheduleImageIds } from '../../tests/helpers/schedules';
import { testImage } from '../../tests/helpers/showcase';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../tests/helpers/test-api';
import { createProjectThroughApi, projectForm, projectParts, sendProjectForm } from '../../tests/helpers/workspace-projects';
import { PROJECT_MESSAGES as M, type WorkspaceProject } from '../contract/workspace-projects';
import { auditLog, files, folders, members, pendingUploads, projects, schedules } from '../db/schema';
import { newId } from '../db/ids';
import { createEmployee, createFirm, createMember, createPublicProject, createUser, createWorkspaceProject } from '../seed/factories';
import type { UserRow } from '../queries/users';
import { scheduleImageFolder, scheduleImageKeys } from '../services/schedule-images';
import { createSession } from '../queries/sessions';

let api: TestApi;
let firm: UserRow;
let tokens: Record<'firm' | 'foreignFirm' | 'subAdmin' | 'member' | 'employee' | 'explorer', string>;
let memberEmployee: UserRow;

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Mehta Studio' });
  memberEmployee = await createEmployee(api.db, firm.id);
  const people = {
    firm,
    foreignFirm: await createFirm(api.db),
    subAdmin: await createEmployee(api.db, firm.id, { isSubAdmin: true }),
    member: memberEmployee,
    employee: await createEmployee(api.db, firm.id),
    explorer: await createUser(api.db),
  };
  tokens = Object.fromEntries(
    await Promise.all(Object.entries(people).map(async ([k, u]) => [k, (await createSession(api.db, u.id, { remember: false })).token])),
  ) as typeof tokens;
});
afterAll(() => api.close());

const get = (url: string, token?: string) => api.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token?: string) => api.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
const photo = async () => ({ file: await testImage('jpeg', 640, 400) });
const create = (parts: Parameters<typeof sendProjectForm>[3], token = tokens.firm) => sendProjectForm(api, 'POST', '/api/projects', parts, token);
const update = (id: string, parts: Parameters<typeof sendProjectForm>[3], token = tokens.firm) => sendProjectForm(api, 'PUT', `/api/projects/${id}`, parts, token);

/** Every file under the api's private and public storage folders (relative paths). */
async function storedFiles(): Promise<{ private: string[]; public: string[] }> {
  const list = async (dir: string) => ((await fs.readdir(dir, { recursive: true }).catch(() => [])) as string[]).filter((f) => f.endsWith('.webp') || f.includes('.'));
  return { private: await list(api.config.privateDir), public: await list(api.config.uploadsDir) };
}
const privateFile = (key: string) => path.join(api.config.privateDir, key);
const exists = (file: string) => fs.stat(file).then(() => true, () => false);

describe('POST /api/projects', () => {
  it('creates a project from the spec form (multipart) with its photo kept private as WebP variants', async () => {
    const before = await storedFiles();
    const res = await create(projectParts(projectForm({ designTeam: ['Manager', 'Architect', 'Manager'] }), await photo()));
    expect(res.statusCode, res.body).toBe(201);
    const data: WorkspaceProject = res.json().data;
    expect(data).toMatchObject({
      projectName: 'Riverside Villa',
      projectType: 'interior-residential',
      projectTypeLabel: 'Interior Design – Residential',
      area: 320,
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      // Once each, in the vocabulary's order.
      designTeam: ['Architect', 'Manager'],
      clientName: 'Rhea Kapoor',
      clientDetails: 'A family of four; prefers warm materials.',
      address: '12 Lane 5, Koregaon Park',
      access: 'manage',
    });
    expect(data.photo?.w480).toMatch(new RegExp(`^/api/projects/${data.id}/photo\\?size=480&v=[0-9a-f]{8}$`));
    const [row] = await api.db.select().from(projects).where(eq(projects.id, data.id));
    expect(row).toMatchObject({ userId: firm.id, isPrivate: true });
    const after = await storedFiles();
    // Three variants in private storage, nothing public.
    expect(after.private.length - before.private.length).toBe(3);
    expect(after.public).toEqual(before.public);
    for (const size of ['480', '960', '1600']) expect(await exists(privateFile(`${row!.photoKey}/w${size}.webp`))).toBe(true);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'project.created')));
    expect(audit).toHaveLength(1);
    // The photo's upload was claimed by the project (nothing left for the clean-up to remove).
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.ownerId, firm.id))).toEqual([]);
    expect(audit[0]).toMatchObject({ firmId: firm.id, targetType: 'project', details: { projectName: 'Riverside Villa' } });
  });

  it('lets a sub-admin create a project of its firm', async () => {
    const res = await create(projectParts(projectForm(), await photo()), tokens.subAdmin);
    expect(res.statusCode).toBe(201);
    const [row] = await api.db.select().from(projects).where(eq(projects.id, res.json().data.id));
    expect(row!.userId).toBe(firm.id);
  });

  it('answers every missing field with the spec message, the photo included', async () => {
    const res = await create([{ name: 'projectName', value: '  ' }]);
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({
      projectName: M.nameRequired,
      projecttype: M.typeRequired,
      pincode: M.areaRequired,
      // State and City cannot be judged without a country (the one place rule, decision 157).
      country: M.countryRequired,
      designTeam: M.designTeamRequired,
      clientname: M.clientNameRequired,
      clientdetails: M.clientDetailsRequired,
      address: M.addressRequired,
      profileImage: M.photoRequired,
    });
    expect(M).toMatchObject({
      photoRequired: 'project photo is required',
      nameRequired: 'project name is required',
      areaDigits: 'Only numbers are allowed',
      cityRequired: 'project City is required',
    });
  });

  it('requires the photo: a form without one is refused and stores nothing', async () => {
    const before = await storedFiles();
    const res = await create(projectParts(projectForm()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: M.photoRequired, details: [{ path: 'profileImage', message: M.photoRequired }] });
    expect(await storedFiles()).toEqual(before);
  });

  it('checks the photo by its content: a text file named .png and a WebP are refused (415)', async () => {
    const before = await storedFiles();
    const text = await create(projectParts(projectForm(), { file: Buffer.from('just some text, not a picture'), filename: 'photo.png', type: 'image/png' }));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Only JPG, PNG or GIF allowed', details: [{ path: 'profileImage', message: 'Only JPG, PNG or GIF allowed' }] });
    const webp = await create(projectParts(projectForm(), { file: await testImage('webp'), filename: 'photo.jpg' }));
    expect(webp.statusCode).toBe(415);
    // A broken JPEG: the right magic bytes, nothing decodable after them.
    const broken = await create(projectParts(projectForm(), { file: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]) }));
    expect(broken.statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts PNG and GIF photos', async () => {
    for (const format of ['png', 'gif'] as const) {
      const res = await create(projectParts(projectForm(), { file: await testImage(format), filename: `p.${format}`, type: `image/${format}` }));
      expect(res.statusCode, format).toBe(201);
    }
  });

  it('takes the area as digits only', async () => {
    const messages = async (pincode: string) => messagesByPath(await create(projectParts(projectForm({ pincode }), await photo()))).pincode;
    expect(await messages('12a')).toBe(M.areaDigits);
    expect(await messages('-5')).toBe(M.areaDigits);
    expect(await messages('1.5')).toBe(M.areaDigits);
    expect(await messages('1234567890')).toBe(M.areaTooLong);
    expect(await messages('')).toBe(M.areaRequired);
    const ok = await create(projectParts(projectForm({ pincode: ' 411001 ' }), await photo()));
    expect(ok.json().data.area).toBe(411001);
  });

  it('checks the places like the public project form', async () => {
    const messages = async (place: { country?: string; state?: string; city?: string }) =>
      messagesByPath(await create(projectParts(projectForm(place), await photo())));
    expect(await messages({ country: 'Atlantis' })).toEqual({ country: 'Choose a country from the list' });
    expect(await messages({ state: 'Bavaria' })).toEqual({ state: 'Choose a state of the chosen country' });
    expect(await messages({ city: 'Chennai' })).toEqual({ city: 'Choose a city of the chosen state' });
  });

  it('uses the one place rule of every form: State and City only where the data set lists them (decision 157)', async () => {
    const messages = async (place: { country?: string; state?: string; city?: string }) =>
      messagesByPath(await create(projectParts(projectForm(place), await photo())));
    // Where states and cities exist, they are required, with this form's own words.
    expect(await messages({ state: '', city: '' })).toEqual({ state: M.stateRequired });
    expect(await messages({ city: '' })).toEqual({ city: M.cityRequired });
    // A country without states, a state without cities: saved, the missing parts stored as null.
    const island = await create(projectParts(projectForm({ country: 'Anguilla', state: '', city: '' }), await photo()));
    expect(island.statusCode).toBe(201);
    expect(island.json().data).toMatchObject({ country: 'Anguilla', state: null, city: null });
    const kenya = await create(projectParts(projectForm({ country: 'Kenya', state: 'Vihiga', city: '' }), await photo()));
    expect(kenya.statusCode).toBe(201);
    expect(kenya.json().data).toMatchObject({ country: 'Kenya', state: 'Vihiga', city: null });
    // And the edit keeps to the same rule.
    const edited = await update(island.json().data.id, projectParts(projectForm({ country: 'India', state: '', city: '' })));
    expect(messagesByPath(edited)).toEqual({ state: M.stateRequired });
  });

  it('refuses unknown project types and design team roles', async () => {
    const res = await create(projectParts(projectForm({ projecttype: 'castle', designTeam: ['Architect', 'Wizard'] }), await photo()));
    expect(messagesByPath(res)).toEqual({ projecttype: M.typeUnknown, designTeam: M.designTeamUnknown });
  });

  it('refuses oversized fields with their limits', async () => {
    const res = await create(
      projectParts(
        projectForm({ projectName: 'n'.repeat(201), clientname: 'c'.repeat(201), clientdetails: 'd'.repeat(2001), address: 'a'.repeat(501), city: 'x'.repeat(101) }),
        await photo(),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({
      projectName: 'At most 200 characters',
      clientname: 'At most 200 characters',
      clientdetails: 'At most 2000 characters',
      address: 'At most 500 characters',
      city: 'At most 100 characters',
    });
  });

  it('refuses a photo over 15 MB (413) and a form that is not multipart (415)', async () => {
    const big = await create(projectParts(projectForm(), { file: Buffer.alloc(15 * 1024 * 1024 + 1, 1) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.photoTooLarge);
    const json = await api.app.inject({ method: 'POST', url: '/api/projects', payload: projectForm(), headers: bearer(tokens.firm) });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the files as multipart/form-data');
  });

  it('is for the firm and its sub-admins: 401 without a token, 403 for an explorer and a plain employee', async () => {
    const parts = projectParts(projectForm(), await photo());
    expect((await create(parts, '')).statusCode).toBe(401);
    expect((await create(parts, tokens.explorer)).statusCode).toBe(403);
    expect((await create(parts, tokens.member)).statusCode).toBe(403);
    expect((await create(parts, tokens.employee)).statusCode).toBe(403);
  });
});

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

describe('PUT /api/projects/{id}', () => {
  it('updates the fields and keeps the photo when none is sent', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const res = await update(project.id, projectParts(projectForm({ projectName: 'Renamed', pincode: '99', designTeam: ['Engineer'], city: 'Mumbai' })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ projectName: 'Renamed', area: 99, designTeam: ['Engineer'], city: 'Mumbai', photo: project.photo });
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, project.id), eq(auditLog.action, 'project.updated')));
    expect(audit[0]?.details).toEqual({ projectName: 'Renamed', photoChanged: false });
  });

  it('replaces the photo: new variants stored, the old ones deleted', async () => {
    const project = await createProjectThroughApi(api, tokens.subAdmin);
    const [before] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    const res = await update(project.id, projectParts(projectForm(), { file: await testImage('png', 300, 300), filename: 'new.png' }), tokens.subAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.photo.w480).not.toBe(project.photo!.w480);
    const [after] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    expect(await exists(privateFile(`${before!.photoKey}/w480.webp`))).toBe(false);
    expect(await exists(privateFile(`${after!.photoKey}/w480.webp`))).toBe(true);
  });

  it('refuses an invalid form or photo and changes nothing', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const bad = await update(project.id, projectParts(projectForm({ projectName: '', pincode: 'abc' })));
    expect(messagesByPath(bad)).toEqual({ projectName: M.nameRequired, pincode: M.areaDigits });
    const text = await update(project.id, projectParts(projectForm(), { file: Buffer.from('<html></html>'), filename: 'x.gif' }));
    expect(text.statusCode).toBe(415);
    expect((await get(`/api/projects/${project.id}`, tokens.firm)).json().data).toEqual(project);
  });

  it('answers 404 for another firm’s project, a non-member and an unknown id; 403 for a member employee', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    await createMember(api.db, project.id, { email: memberEmployee.email });
    const parts = projectParts(projectForm());
    expect((await update(project.id, parts, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await update(project.id, parts, tokens.employee)).statusCode).toBe(404);
    expect((await update(newId(), parts)).statusCode).toBe(404);
    expect((await update(project.id, parts, tokens.member)).statusCode).toBe(403);
  });
});

describe('DELETE /api/projects/{id}', () => {
  it('removes the project with its schedules, folders, files and members, then their stored bytes', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const [row] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    // What the schedules and files areas would have stored in it.
    const fileKey = `workspace/${firm.id}/files/${newId()}`;
    await api.ctx.storage.put('private', fileKey, Buffer.from('%PDF-1.4 a plan'), { contentType: 'application/pdf' });
    const [imageId] = await uploadedScheduleImageIds(api, tokens.firm, project.id);
    await createScheduleThroughApi(api, tokens.firm, project.id, { title: 'Kitchen', schedulesFiles: [imageId!] });
    const scheduleFiles = scheduleImageKeys([scheduleImageFolder(project.id, imageId!)]);
    for (const key of scheduleFiles) expect(await exists(privateFile(key))).toBe(true);
    const folderId = newId();
    await api.db.insert(folders).values({ id: folderId, projectId: project.id, userId: firm.id, folderName: 'Drawings' });
    await api.db.insert(files).values({ id: newId(), projectId: project.id, folderId, userId: firm.id, fileName: 'plan.pdf', storageKey: fileKey, contentType: 'application/pdf', size: 15 });
    await createMember(api.db, project.id);
    const other = await createProjectThroughApi(api, tokens.firm);
    await createMember(api.db, other.id);

    const res = await del(`/api/projects/${project.id}`, tokens.firm);
    expect(res.json()).toEqual({ message: 'Project deleted' });
    for (const table of [folders, files, schedules, members] as const) {
      expect(await api.db.select().from(table).where(eq(table.projectId, project.id))).toEqual([]);
    }
    expect(await api.db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await exists(privateFile(fileKey))).toBe(false);
    for (const key of scheduleFiles) expect(await exists(privateFile(key))).toBe(false);
    expect(await exists(privateFile(`${row!.photoKey}/w960.webp`))).toBe(false);
    // The other project keeps its members and photo.
    expect(await api.db.select().from(members).where(eq(members.projectId, other.id))).toHaveLength(1);
    expect((await api.app.inject({ method: 'GET', url: other.photo!.w480, headers: bearer(tokens.firm) })).statusCode).toBe(200);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, project.id), eq(auditLog.action, 'project.deleted')));
    expect(audit).toHaveLength(1);
    expect((await del(`/api/projects/${project.id}`, tokens.firm)).statusCode).toBe(404);
  });

  it('is for managers: 403 for a member employee, 404 for another firm and a non-member', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    await createMember(api.db, project.id, { email: memberEmployee.email });
    expect((await del(`/api/projects/${project.id}`, tokens.member)).statusCode).toBe(403);
    expect((await del(`/api/projects/${project.id}`, tokens.employee)).statusCode).toBe(404);
    expect((await del(`/api/projects/${project.id}`, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await get(`/api/projects/${project.id}`, tokens.firm)).statusCode).toBe(200);
  });
});

describe('photo drafts: a photo kept for a form sent back (decision 217)', () => {
  const keepPhoto = async (token = tokens.firm, file?: { file: Buffer; filename?: string; type?: string }) => {
    const parts = file === undefined ? [{ name: 'profileImage', file: await testImage('jpeg', 640, 400), filename: 'site.jpg', type: 'image/jpeg' }] : projectParts({} as never, file);
    return sendProjectForm(api, 'POST', '/api/projects/photo-drafts', parts, token);
  };
  const withDraft = (draftId: string, overrides = {}) => [...projectParts(projectForm(overrides)), { name: 'photoDraft', value: draftId }];

  it('keeps a photo privately for its uploader alone, and a project made with it takes it once', async () => {
    const kept = await keepPhoto();
    expect(kept.statusCode, kept.body).toBe(201);
    const { id, w480 } = kept.json().data as { id: string; w480: string };
    expect(w480).toBe(`/api/projects/photo-drafts/${id}`);
    const shown = await get(w480, tokens.firm);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(480);
    // Nobody else sees it: not a sub-admin of the same firm, not another firm.
    for (const token of [tokens.subAdmin, tokens.foreignFirm]) expect((await get(w480, token)).statusCode).toBe(404);
    expect((await get('/api/projects/photo-drafts/not-an-id', tokens.firm)).statusCode).toBe(404);

    // A form refused for its fields leaves the draft for the next try.
    const refused = await create(withDraft(id, { projectName: '' }));
    expect(messagesByPath(refused)).toEqual({ projectName: M.nameRequired });
    const made = await create(withDraft(id, { projectName: 'Kept Photo Villa' }));
    expect(made.statusCode, made.body).toBe(201);
    const project = made.json().data as WorkspaceProject;
    expect((await get(project.photo!.w480, tokens.firm)).statusCode).toBe(200);
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.id, id))).toEqual([]);
    // Taken: a second project cannot name it, nor can its preview be read any more.
    const again = await create(withDraft(id));
    expect(again.statusCode).toBe(409);
    expect(messagesByPath(again)).toEqual({ profileImage: M.photoDraftGone });
    expect((await get(w480, tokens.firm)).statusCode).toBe(404);
  });

  it("refuses another account's draft and a made-up id, storing nothing", async () => {
    const theirs = (await keepPhoto(tokens.subAdmin)).json().data.id as string;
    for (const draftId of [theirs, newId(), 'x'.repeat(300)]) {
      const res = await create(withDraft(draftId, { projectName: `Not mine ${draftId.length}` }));
      expect(res.statusCode).toBe(409);
      expect(messagesByPath(res)).toEqual({ profileImage: M.photoDraftGone });
    }
    expect(await api.db.select().from(projects).where(eq(projects.projectName, 'Not mine 24'))).toEqual([]);
    expect(await api.db.select().from(pendingUploads).where(eq(pendingUploads.id, theirs))).toHaveLength(1);
  });

  it('replaces a photo on update, the old one deleted', async () => {
    const project = await createProjectThroughApi(api, tokens.firm);
    const [before] = await api.db.select().from(projects).where(eq(projects.id, project.id));
    const id = (await keepPhoto()).json().data.id as string;
    const res = await update(project.id, withDraft(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.photo.w480).not.toBe(project.photo!.w480);
    expect(await exists(privateFile(`${before!.photoKey}/w480.webp`))).toBe(false);
  });

  it('checks the photo as the form does, and is for managers only', async () => {
    expect((await keepPhoto(tokens.firm, { file: Buffer.from('not a picture'), filename: 'x.png', type: 'image/png' })).statusCode).toBe(415);
    const none = await sendProjectForm(api, 'POST', '/api/projects/photo-drafts', [{ name: 'note', value: 'no file' }], tokens.firm);
    expect(none.statusCode).toBe(400);
    expect(messagesByPath(none)).toEqual({ profileImage: M.photoRequired });
    for (const token of [tokens.employee, tokens.explorer]) expect((await keepPhoto(token)).statusCode).toBe(403);
    expect((await keepPhoto('')).statusCode).toBe(401);
  });
});
