import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../tests/helpers/query-counter';
import { bearer, createTestApi, loginToken, type TestApi } from '../../tests/helpers/test-api';
import { hiddenProjects } from '../db/schema';
import { createFirm, createPublicProject } from '../seed/factories';
import { PublicCache } from '../services/public-cache';
import { z } from 'zod/v4';

/** The short public cache of explore and the firm directory (docs/decisions/133), and the explore statement (132). */

let api: TestApi;
let firmToken: string;

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_CACHE_MS: '60000' });
  const firm = await createFirm(api.db, { email: 'cache-firm@example.test' });
  await createPublicProject(api.ctx, firm.id, { images: [] });
  firmToken = await loginToken(api, 'cache-firm@example.test');
});
afterAll(() => api.close());

const get = (url: string, token?: string) => api.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });

describe('explore and the directory behind the public cache', () => {
  it('answers a repeated explore page without SQL, and an explore miss with one statement', async () => {
    const first = await countQueries(api, () => get('/projects/explore?page=1&limit=12'));
    expect(first.result.statusCode).toBe(200);
    expect(first.queries).toHaveLength(1);
    const again = await countQueries(api, () => get('/projects/explore?page=1&limit=12'));
    expect(again.queries).toHaveLength(0);
    expect(again.result.headers['content-type']).toMatch(/^application\/json/);
    expect(again.result.json()).toEqual(first.result.json());
  });

  it('answers the same page to a signed-in viewer (one statement: the session)', async () => {
    await get('/projects/explore?page=1&limit=12');
    const signedIn = await countQueries(api, () => get('/projects/explore?page=1&limit=12', firmToken));
    expect(signedIn.result.statusCode).toBe(200);
    expect(signedIn.queries).toHaveLength(1);
  });

  it('shows a firm’s new project at once: a successful write empties the cache', async () => {
    const before = (await get('/projects/explore?page=1&limit=12')).json().count as number;
    const directoryBefore = (await get('/users/user-firm?page=1&limit=12')).json().count as number;
    expect(directoryBefore).toBe(1);
    // Any write through the api (here a sign-in) starts the cache over; the project comes from a factory.
    await createPublicProject(api.ctx, (await createFirm(api.db)).id, { images: [] });
    expect((await get('/projects/explore?page=1&limit=12')).json().count).toBe(before);
    await loginToken(api, 'cache-firm@example.test');
    expect((await get('/projects/explore?page=1&limit=12')).json().count).toBe(before + 1);
    expect((await get('/users/user-firm?page=1&limit=12')).json().count).toBe(2);
  });

  it('keys a directory page after a cursor by its cursor, not by its page number (decision 175)', async () => {
    const first = (await get('/users/user-firm?page=1&limit=1')).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    const after = `/users/user-firm?limit=1&after=${encodeURIComponent(first.nextCursor)}`;
    const miss = await countQueries(api, () => get(after));
    expect(miss.queries.length).toBeGreaterThan(0);
    const second = miss.result.json();
    expect(second.firms[0].id).not.toBe(first.firms[0].id);
    expect(second).not.toHaveProperty('count');
    // Cached by cursor: the same address again reads nothing, whatever page number rides along.
    expect((await countQueries(api, () => get(`${after}&page=7`))).queries).toHaveLength(0);
    // Another cursor is another entry.
    const beyond = await get(`/users/user-firm?limit=1&after=${encodeURIComponent(`2026-01-01T00:00:00Z,${'0'.repeat(24)},\u{10ffff}`)}`);
    expect(beyond.json()).toEqual({ firms: [], nextCursor: null });
  });

  it('keeps refusals out of the cache and answers them as before', async () => {
    expect((await get('/projects/explore?page=0')).statusCode).toBe(400);
    expect((await get('/projects/explore', 'not-a-token')).statusCode).toBe(401);
  });
});

describe('a project page behind the public cache (docs/decisions/179)', () => {
  it('answers a project the public sees from the cache, the same to every viewer', async () => {
    const firm = await createFirm(api.db);
    const project = await createPublicProject(api.ctx, firm.id, { images: [] });
    const first = await get(`/projects/explore/${project.id}`, firmToken);
    expect(first.statusCode).toBe(200);
    const again = await countQueries(api, () => get(`/projects/explore/${project.id}`));
    expect(again.queries).toHaveLength(0);
    expect(again.result.json()).toEqual(first.json());
    expect((await get(`/projects/public-project/${project.id}`)).json()).toEqual(first.json().data);
  });

  it('never keeps a project the public does not see: its firm still gets it, others a 404', async () => {
    const firm = await createFirm(api.db, { email: 'hidden-cache@example.test' });
    const project = await createPublicProject(api.ctx, firm.id, { images: [] });
    await api.db.insert(hiddenProjects).values({ projectId: project.id, reason: 'Not architecture' });
    const owner = await loginToken(api, 'hidden-cache@example.test');
    expect((await get(`/projects/explore/${project.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/projects/explore/${project.id}`)).statusCode).toBe(404);
    expect((await get(`/projects/explore/${project.id}`, firmToken)).statusCode).toBe(404);
    expect((await get('/projects/explore/not-an-id')).statusCode).toBe(404);
  });
});

describe('GET /api/projects/explore?view=card', () => {
  it('answers the same page with only what a card shows: its fields, its first image, its owner’s names', async () => {
    const full = (await get('/projects/explore?page=1&limit=12')).json();
    const res = await get('/projects/explore?page=1&limit=12&view=card');
    expect(res.statusCode).toBe(200);
    const cards = res.json();
    expect(cards.count).toBe(full.count);
    expect(cards.projects.map((p: { id: string }) => p.id)).toEqual(full.projects.map((p: { id: string }) => p.id));
    const [card] = cards.projects;
    expect(Object.keys(card).sort()).toEqual(['city', 'country', 'id', 'images', 'owner', 'projectName', 'projectType', 'state', 'year']);
    expect(Object.keys(card.owner).sort()).toEqual(['firmName', 'id', 'userName']);
    expect(res.body.length).toBeLessThan((await get('/projects/explore?page=1&limit=12')).body.length / 2);
  });
});

describe('PublicCache', () => {
  it('shares one read between requests that miss together, forgets failures and stays bounded', async () => {
    const cache = new PublicCache(60_000, 2);
    let reads = 0;
    const load = async () => ({ n: ++reads });
    const schema = z.object({ n: z.number() });
    const [a, b] = await Promise.all([cache.json('a', schema, load), cache.json('a', schema, load)]);
    expect([a, b, reads]).toEqual(['{"n":1}', '{"n":1}', 1]);
    await expect(cache.json('f', schema, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.json('f', schema, load)).toBe('{"n":2}');
    await cache.json('c', schema, load);
    // Full at two keys: the third emptied it, so `a` is read again.
    expect(await cache.json('a', schema, load)).toBe('{"n":4}');
  });
});
