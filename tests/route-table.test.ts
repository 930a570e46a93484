import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../server/app';
import { createUser } from '../server/seed/factories';
import { createSession } from '../server/queries/sessions';
import { ROUTE_ACCESS, type RouteAccess } from './helpers/route-access';
import type { RouteKey } from './helpers/route-pattern';
import { bearer, createTestApi, type TestApi } from './helpers/test-api';

/**
 * Every route the api registers has a row in the access table (tests/helpers/route-access.ts), in
 * the scope it was registered in, and the scope's guard holds for it: no token is 401, and where
 * the scope wants a firm or the super-admin, an explorer is refused before anything else runs.
 */

const WORKSPACE_KINDS = new Set<RouteAccess>(['work', 'manage', 'firmWork', 'firmManage', 'firmObjectWork', 'firmObjectManage']);
const scopeOfRow = (access: RouteAccess) => (WORKSPACE_KINDS.has(access) ? 'workspace' : access === 'outside' ? undefined : access);
const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url}` as RouteKey;
/** A concrete url of the route: every parameter an id that names nothing. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567').replace(/\*/g, 'x');

let api: TestApi;
let routes: RegisteredRoute[];
let explorerToken: string;
beforeAll(async () => {
  api = await createTestApi();
  await api.app.ready();
  routes = api.app.routeTable();
  explorerToken = (await createSession(api.db, (await createUser(api.db, { role: 'explorer' })).id, { remember: false })).token;
});
afterAll(async () => api?.close());

describe('the route table', () => {
  it('has a row for every registered route, and a route for every row', () => {
    const registered = routes.map(keyOf).sort();
    expect(registered.filter((key) => !(key in ROUTE_ACCESS)), 'routes without a row in tests/helpers/route-access.ts').toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !registered.includes(key as RouteKey)), 'rows without a route').toEqual([]);
  });

  it('puts each route in the scope its row says', () => {
    const wrong = routes.filter((route) => keyOf(route) in ROUTE_ACCESS && scopeOfRow(ROUTE_ACCESS[keyOf(route)]) !== route.scope);
    expect(wrong.map((route) => `${keyOf(route)}: registered in ${route.scope}, row says ${ROUTE_ACCESS[keyOf(route)]}`)).toEqual([]);
  });

  it('answers 401 without a token on every route of a signed-in scope', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.scope && !['public', 'visitor'].includes(r.scope))) {
      const res = await api.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      if (res.statusCode !== 401) failures.push(`${keyOf(route)}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses an explorer's token on every firm, workspace and admin route", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.scope === 'firm' || r.scope === 'workspace' || r.scope === 'admin')) {
      const res = await api.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: bearer(explorerToken) });
      if (res.statusCode !== 403) failures.push(`${keyOf(route)}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('declares the bearer token and the scope errors in the OpenAPI document once, from the scope', async () => {
    const doc = api.app.swagger() as { paths: Record<string, Record<string, { security?: unknown; responses?: Record<string, unknown> }>> };
    const projects = doc.paths['/api/projects/{id}']?.put;
    expect(projects?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(projects?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403']));
    expect(doc.paths['/api/users/login']?.post?.security).toBeUndefined();
  });
});
