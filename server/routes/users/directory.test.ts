import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../tests/helpers/query-counter';
import { testImage } from '../../../tests/helpers/showcase';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import type { FirmCard } from '../../contract/profile';
import { VERIFY } from '../../contract/vocabulary';
import { newId } from '../../db/ids';
import { projects, users } from '../../db/schema/index';
import { createFirm, createPublicProject, createUser } from '../../seed/factories';

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

  it('each card carries what the card shows (avatar, place, firm type, project count, rating) and its 4 latest projects with their first image', async () => {
    const { firms } = await directory('?limit=1');
    const { projects, ...firm } = firms[0]!;
    expect(firm).toEqual({
      id: pune.id,
      userName: expect.any(String),
      firmName: 'Alpha Architects',
      firmType: 'architect',
      profileImage: '/uploads/profiles/x/256.webp',
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      projectCount: 5,
      // No reviews yet (docs/decisions/410).
      reviewCount: 0,
      ratingCenti: 0,
    });
    expect(projects.map((p) => p.id)).toEqual(latestPuneProjects.slice(0, 4));
    for (const p of projects) {
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

describe('GET /api/users/user-firm?after=<cursor> (keyset paging, decision 175)', () => {
  type Page = { firms: FirmCard[]; count?: number; nextCursor: string | null };
  const page = async (query: string): Promise<Page> => {
    const res = await api.app.inject({ method: 'GET', url: `/api/users/user-firm?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Every firm of `filters`, walked `limit` at a time from cursor to cursor. */
  const walk = async (filters: string, limit: number) => {
    const walked: string[] = [];
    let current = await page(`limit=${limit}${filters}`);
    const count = current.count;
    for (let guard = 0; ; guard++) {
      walked.push(...current.firms.map((f) => f.id));
      if (!current.nextCursor) break;
      expect(guard).toBeLessThan(20);
      current = await page(`limit=${limit}${filters}&after=${encodeURIComponent(current.nextCursor)}`);
      expect(current).not.toHaveProperty('count');
    }
    return { walked, count };
  };

  it('walks the directory from cursor to cursor in the order of the numbered pages, counting only without a cursor', async () => {
    // Names equal but for case, made in the same microsecond: created_at then id decide, none skipped
    // or repeated; and a name with commas (the cursor's last part).
    const twins = [
      await createFirm(api.db, { firmName: 'Twin Studio', country: 'India', state: 'Delhi', city: 'New Delhi' }),
      await createFirm(api.db, { firmName: 'twin studio', country: 'India', state: 'Delhi', city: 'New Delhi' }),
      await createFirm(api.db, { firmName: 'TWIN STUDIO', country: 'India', state: 'Delhi', city: 'New Delhi' }),
    ];
    await api.db.update(users).set({ createdAt: new Date('2026-01-02T03:04:05.678Z') }).where(inArray(users.id, twins.map((t) => t.id)));
    await createFirm(api.db, { firmName: 'Studio, Courtyard, and Co', country: 'India', state: 'Delhi', city: 'New Delhi' });
    const numbered = await page('limit=50');
    expect(numbered.count).toBe(15);
    expect(numbered.nextCursor).toBeNull();
    for (const limit of [1, 2, 4]) {
      const { walked, count } = await walk('', limit);
      expect(count).toBe(15);
      expect(walked, `limit ${limit}`).toEqual(numbered.firms.map((f) => f.id));
    }
    const first = await page('limit=1');
    expect(first.nextCursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z,[0-9a-f]{24},alpha architects$/);
    // The filters hold from cursor to cursor.
    const delhi = '&country=India&state=Delhi&city=new%20delhi';
    const delhiNumbered = await page(`limit=50${delhi}`);
    expect(delhiNumbered.count).toBe(12);
    expect((await walk(delhi, 5)).walked).toEqual(delhiNumbered.firms.map((f) => f.id));
    expect((await walk('&projectType=interior-healthcare', 1)).walked).toEqual([bengaluru.id]);
  });

  it('the last page has no next cursor; a cursor past every firm gives an empty page', async () => {
    const all = await page('limit=50');
    const allButOne = await page(`limit=${all.firms.length - 1}`);
    expect(allButOne.nextCursor).not.toBeNull();
    const rest = await page(`limit=10&after=${encodeURIComponent(allButOne.nextCursor!)}`);
    expect(rest.firms.map((f) => f.id)).toEqual([all.firms.at(-1)!.id]);
    expect(rest.nextCursor).toBeNull();
    expect(await page(`after=${encodeURIComponent(`2026-01-01T00:00:00Z,${'0'.repeat(24)},\u{10ffff}`)}`)).toEqual({ firms: [], nextCursor: null });
  });

  it('refuses a cursor that is not one with 400 and a message naming the shape, never a 500', async () => {
    const id = '0'.repeat(24);
    const bad = ['', 'abc', `2026-01-01T00:00:00Z,${id}`, `2026-02-30T00:00:00Z,${id},a`, `2026-01-01T00:00:00Z,nope,a`, `a,2026-01-01T00:00:00Z,${id}`, `2026-01-01T00:00:00Z,${id},${'x'.repeat(401)}`, `2026-01-01T00:00:00Z,${id},a\u0000b`];
    for (const after of bad) {
      const res = await api.app.inject({ method: 'GET', url: `/api/users/user-firm?after=${encodeURIComponent(after)}` });
      expect(res.statusCode, after).toBe(400);
      expect(res.json().message, after).toContain('after must be the cursor of a directory row');
    }
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.tuple(fc.date({ noInvalidDate: true }), fc.string({ unit: 'binary', maxLength: 40 })).map(([d, name]) => `${d.toISOString()},${id},${name}`),
        ),
        async (after) => {
          const res = await api.app.inject({ method: 'GET', url: `/api/users/user-firm?after=${encodeURIComponent(after)}&country=India` });
          expect([200, 400], after).toContain(res.statusCode);
        },
      ),
      { numRuns: 80 },
    );
  });
});
