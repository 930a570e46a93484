import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../tests/helpers/query-counter';
import { testImage } from '../../tests/helpers/showcase';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import type { FirmCard } from '../contract/profile';
import { VERIFY } from '../contract/vocabulary';
import { newId } from '../db/ids';
import { projects } from '../db/schema';
import { createFirm, createPublicProject, createUser } from '../seed/factories';

let api: TestApi;
let pune: { id: string };
let bengaluru: { id: string };
const latestPuneProjects: string[] = [];

beforeAll(async () => {
  api = await createTestApi();
  const image = await testImage('jpeg', 40, 30);
  const four = [image, image, image, image];
  pune = await createFirm(api.db, {
    firmName: 'Alpha Architects',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    profileImage: '/uploads/profiles/x/256.webp',
    teams: [{ name: 'Asha', role: 'Architect' }],
  });
  for (let i = 0; i < 5; i++) {
    const p = await createPublicProject(api.ctx, pune.id, { projectName: `Pune ${i}`, projectType: i === 0 ? 'landscape-urban' : 'architecture-residential', images: four });
    latestPuneProjects.unshift(p.id);
  }
  bengaluru = await createFirm(api.db, { firmName: 'Beta Interiors', role: 'interiorDesigner', country: 'India', state: 'Karnataka', city: 'Bengaluru' });
  await createPublicProject(api.ctx, bengaluru.id, { projectName: 'Clinic', projectType: 'interior-healthcare', images: four });
  // A firm that only has a workspace project of the filtered type does not match that type.
  const workspaceOnly = await createFirm(api.db, { firmName: 'Gamma Works', country: 'India', state: 'Karnataka', city: 'Mysore' });
  await api.db.insert(projects).values({ id: newId(), userId: workspaceOnly.id, isPrivate: true, projectName: 'Hidden', projectType: 'interior-healthcare' });
  // Eight more approved firms without projects, for paging; and firms that must never appear.
  for (let i = 0; i < 8; i++) await createFirm(api.db, { firmName: `Studio ${String.fromCharCode(72 + i)}`, country: 'India', state: 'Delhi', city: 'New Delhi' });
  await createFirm(api.db, { firmName: 'Pending Firm', isVerify: VERIFY.pending, country: 'India', state: 'Maharashtra', city: 'Pune' });
  await createFirm(api.db, { firmName: 'Rejected Firm', isVerify: VERIFY.rejected, country: 'India', state: 'Maharashtra', city: 'Pune' });
  await createUser(api.db, { userName: 'Explorer', role: 'explorer', isVerify: VERIFY.approved, country: 'India', state: 'Maharashtra', city: 'Pune' });
});
afterAll(() => api.close());

const directory = async (query = '') => {
  const res = await api.app.inject({ method: 'GET', url: `/api/users/user-firm${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { firms: FirmCard[]; count: number };
};

describe('GET /api/users/user-firm', () => {
  it('lists approved firms only, 10 a page, by name, with count', async () => {
    const page1 = await directory();
    expect(page1.count).toBe(11);
    expect(page1.firms).toHaveLength(10);
    expect(page1.firms.map((f) => f.firmName).slice(0, 3)).toEqual(['Alpha Architects', 'Beta Interiors', 'Gamma Works']);
    const page2 = await directory('?page=2');
    expect(page2.count).toBe(11);
    expect(page2.firms.map((f) => f.firmName)).toEqual(['Studio O']);
    const names = [...page1.firms, ...page2.firms].map((f) => f.firmName);
    expect(names).not.toContain('Pending Firm');
    expect(names).not.toContain('Rejected Firm');
    expect(new Set(names).size).toBe(11);
    expect((await directory('?page=3')).firms).toEqual([]);
  });

  it('each card carries the firm (avatar, place, firm type, project count, teams) and its 4 latest projects with their first image', async () => {
    const { firms } = await directory('?limit=1');
    const card = firms[0]!;
    expect(card).toMatchObject({
      id: pune.id,
      firmName: 'Alpha Architects',
      firmType: 'architect',
      profileImage: '/uploads/profiles/x/256.webp',
      state: 'Maharashtra',
      city: 'Pune',
      projectCount: 5,
      teams: [{ name: 'Asha', role: 'Architect', profileImage: null }],
    });
    expect(card.projects.map((p) => p.id)).toEqual(latestPuneProjects.slice(0, 4));
    for (const p of card.projects) {
      expect(p.thumbnail).toEqual(expect.objectContaining({ w480: expect.stringMatching(/w480\.webp$/), width: 40, height: 30 }));
    }
  });

  it('filters by country, state and city (case-insensitive) and by project type of public projects', async () => {
    expect((await directory('?country=india&state=karnataka')).firms.map((f) => f.firmName)).toEqual(['Beta Interiors', 'Gamma Works']);
    expect((await directory('?country=India&state=Maharashtra&city=Pune')).firms.map((f) => f.firmName)).toEqual(['Alpha Architects']);
    expect((await directory('?country=France')).count).toBe(0);
    const healthcare = await directory('?projectType=interior-healthcare');
    expect(healthcare.firms.map((f) => f.firmName)).toEqual(['Beta Interiors']);
    expect(healthcare.count).toBe(1);
    expect((await directory('?projectType=landscape-urban&city=Pune')).firms.map((f) => f.firmName)).toEqual(['Alpha Architects']);
    // Empty filters mean no filter (a form sends them empty).
    expect((await directory('?country=&state=&city=&projectType=')).count).toBe(11);
  });

  it('refuses an unknown project type, page 0 and a limit that is not a number with 400', async () => {
    for (const q of ['?projectType=castle', '?page=0', '?limit=x']) {
      expect((await api.app.inject({ method: 'GET', url: `/api/users/user-firm${q}` })).statusCode, q).toBe(400);
    }
  });

  it('clamps a limit over 50 to 50 instead of refusing it (a client written to the spec)', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/users/user-firm?limit=1000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().firms.length).toBe(Math.min(50, res.json().count));
  });

  it('makes the same number of database queries whatever the page size (no N+1)', async () => {
    const small = await countQueries(api, () => directory('?limit=1'));
    const large = await countQueries(api, () => directory('?limit=50'));
    expect(small.result.firms).toHaveLength(1);
    expect(large.result.firms).toHaveLength(11);
    expect(large.queries.length).toBe(small.queries.length);
    expect(large.queries.length).toBeLessThanOrEqual(6);
  });

  it('answers 401 to a token that is not valid', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/users/user-firm', headers: bearer('unknown') });
    expect(res.statusCode).toBe(401);
  });
});
