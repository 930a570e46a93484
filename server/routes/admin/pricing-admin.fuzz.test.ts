import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { createFirm, createPublicProject } from '../../seed/factories';
import { createOrResetSuperAdmin } from '../../queries/admin-accounts';
import { createSession } from '../../queries/sessions';

/**
 * Property: whatever a client sends to the plan and the admin areas (random JSON, odd ids, odd
 * queries), the api never answers 5xx, and every error has the JSON error shape.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let api: TestApi;
let firmToken: string;
let adminToken: string;
let firmId: string;
let projectId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  firmId = firm.id;
  projectId = (await createPublicProject(api.ctx, firm.id, { images: [] })).id;
  firmToken = (await createSession(api.db, firm.id, { remember: false })).token;
  await createOrResetSuperAdmin(api.db, { email: 'fuzz@platform.test', password: 'fuzz-pass-1' });
  const res = await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'fuzz@platform.test', password: 'fuzz-pass-1' } });
  adminToken = res.json().token;
});
afterAll(() => api.close());

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '__proto__', '0', '-1', '2030-02-31', '9999-12-31', '2031-01-01', 'x'.repeat(3000), '%', '_'),
);
const jsonValue = fc.oneof(nasty, fc.integer(), fc.boolean(), fc.constant(null), fc.array(nasty, { maxLength: 3 }));
const body = fc.oneof(
  fc.dictionary(fc.constantFrom('paidUntil', 'hidden', 'reason', 'name', 'email', 'password', 'currentPassword', 'newPassword', '__proto__'), jsonValue),
  jsonValue,
);
const id = fc.oneof(fc.constant('FIRM'), fc.constant('PROJECT'), nasty.map((s) => encodeURIComponent(Array.from(s).slice(0, 60).join('').replace(/[\uD800-\uDFFF]/g, '?'))), fc.stringMatching(/^[0-9a-f]{24}$/));

const ROUTES: Array<{ method: 'GET' | 'PUT' | 'POST' | 'DELETE'; path: (id: string) => string; admin: boolean }> = [
  { method: 'POST', path: () => '/api/workspace/plan/trial', admin: false },
  { method: 'POST', path: () => '/api/workspace/plan/request', admin: false },
  { method: 'PUT', path: (i) => `/api/admin/firms/${i}/subscription`, admin: true },
  { method: 'PUT', path: (i) => `/api/admin/showcase/projects/${i}`, admin: true },
  { method: 'PUT', path: (i) => `/api/admin/showcase/firms/${i}`, admin: true },
  { method: 'POST', path: () => '/api/admin/admins', admin: true },
  { method: 'DELETE', path: (i) => `/api/admin/admins/${i}`, admin: true },
  { method: 'PUT', path: () => '/api/admin/password', admin: true },
];
const QUERIES = ['/api/admin/firms', '/api/admin/showcase/projects', '/api/admin/showcase/firms'];

async function expectNo5xx(method: string, url: string, token: string, payload?: string) {
  const res = await api.app.inject({
    method: method as 'GET',
    url,
    headers: { ...bearer(token), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  if (res.statusCode >= 500) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}\npayload: ${String(payload).slice(0, 500)}`);
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
}

describe('plan and admin areas fuzz', () => {
  it('answers no 5xx to random bodies and ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), id, body, async (route, rawId, payload) => {
        const target = rawId === 'FIRM' ? firmId : rawId === 'PROJECT' ? projectId : rawId;
        // Never the owner's own password change with a right current password: the body is random anyway.
        await expectNo5xx(route.method, route.path(target), route.admin ? adminToken : firmToken, route.method === 'DELETE' ? undefined : JSON.stringify(payload));
      }),
      { numRuns: RUNS },
    );
  });

  it('answers no 5xx to random list queries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...QUERIES), fc.dictionary(fc.constantFrom('search', 'filter', 'page', 'limit'), nasty), async (path, query) => {
        const text = new URLSearchParams(query).toString();
        await expectNo5xx('GET', `${path}?${text}`, adminToken);
      }),
      { numRuns: RUNS },
    );
  });
});
