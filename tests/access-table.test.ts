import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { requireFirmAccess } from '../server/auth/firm';
import { requireProjectAccess, visibleWorkspaceProjects } from '../server/auth/project-access';
import { IdParams } from '../server/contract/http';
import { projects } from '../server/db/schema';
import { createWorkspaceProject } from '../server/seed/factories';
import { createSession } from '../server/queries/sessions';
import { ACCESS_ROLES, accessCases, createAccessWorld, expectAccess, type AccessEndpoint, type AccessRole, type AccessWorld } from './helpers/access-table';
import { ROUTE_ACCESS } from './helpers/route-access';
import { routeKeyOf } from './helpers/route-pattern';
import { bearer } from './helpers/test-api';
import { createTestApi, type TestApi } from './helpers/test-api';

/**
 * The access layer end to end, through probe routes registered in the `workspace` scope exactly as
 * workspace endpoints are: the scope's hook (401, 403) and requireProjectAccess / requireFirmAccess
 * (403, 404) together, checked by the table-driven helper the workspace endpoint tests use.
 */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get('/probe/projects', async (request) => {
    const firm = requireFirmAccess(request.session.user, 'work');
    const rows = await db.select({ id: projects.id }).from(projects).where(visibleWorkspaceProjects(request.session.user, firm));
    return { ids: rows.map((r) => r.id) };
  });
  app.post('/probe/projects', { schema: { body: z.object({ projectName: z.string().min(1) }) } }, async (request, reply) => {
    const firm = requireFirmAccess(request.session.user, 'manage');
    const row = await createWorkspaceProject(db, firm.firmId, { projectName: request.body.projectName });
    return reply.status(201).send({ id: row.id });
  });
  app.get('/probe/projects/:id', { schema: { params: IdParams } }, async (request) => {
    const { project, level } = await requireProjectAccess(db, request.session, request.params.id, 'work');
    return { id: project.id, level };
  });
  app.delete('/probe/projects/:id', { schema: { params: IdParams } }, async (request) => {
    const { project } = await requireProjectAccess(db, request.session, request.params.id, 'manage');
    await db.delete(projects).where(eq(projects.id, project.id));
    return { message: 'Project deleted' };
  });
};

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmWork', url: () => '/api/probe/projects' },
  { method: 'POST', kind: 'firmManage', url: () => '/api/probe/projects', body: () => ({ projectName: 'New' }), allowed: [201] },
  { method: 'GET', kind: 'work', url: ({ project }) => `/api/probe/projects/${project.id}` },
  { method: 'DELETE', kind: 'manage', url: ({ project }) => `/api/probe/projects/${project.id}` },
];

let api: TestApi;
let world: AccessWorld;
beforeAll(async () => {
  api = await createTestApi({}, { extraRoutes: { workspace: [probeRoutes] } });
  world = await createAccessWorld(api);
});
afterAll(async () => api?.close());

describe('the workspace access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(world, endpoint, role);
  });

  it('checks the token before the body: no token is 401 and an explorer 403 even with an invalid body', async () => {
    const bad = { method: 'POST', url: '/api/probe/projects', payload: '{not json', headers: { 'content-type': 'application/json' } } as const;
    expect((await api.app.inject(bad)).statusCode).toBe(401);
    expect((await api.app.inject({ ...bad, headers: { ...bad.headers, authorization: `Bearer ${world.tokens.explorer}` } })).statusCode).toBe(403);
  });

  it('refuses an admin-kind token in the workspace (401)', async () => {
    const { token } = await createSession(api.db, world.users.firm.id, { remember: false, kind: 'admin' });
    const res = await api.app.inject({ method: 'GET', url: '/api/probe/projects', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('lists to a member employee only the projects it is a member of, and to the firm all of them', async () => {
    const mine = await world.project();
    const notMine = await createWorkspaceProject(api.db, world.users.firm.id);
    const list = async (role: 'member' | 'employee' | 'firm' | 'foreignFirm') =>
      (await api.app.inject({ method: 'GET', url: '/api/probe/projects', headers: { authorization: `Bearer ${world.tokens[role]}` } })).json().ids;
    expect(await list('member')).toContain(mine.id);
    expect(await list('member')).not.toContain(notMine.id);
    expect(await list('employee')).toEqual([]);
    expect(await list('firm')).toEqual(expect.arrayContaining([mine.id, notMine.id]));
    expect(await list('foreignFirm')).not.toContain(mine.id);
  });
});

/**
 * The person's own sessions (decision 332), scope `signedIn`: every account may call them, nobody
 * without a token; each sees and ends only its own, so another person's session id is 404.
 */
describe('the sessions endpoints, for every signed-in caller', () => {
  type Call = { method: 'GET' | 'POST' | 'DELETE'; name: string; url: (own: string, foreign: string) => string; foreign?: boolean };
  const CALLS: Call[] = [
    { method: 'GET', name: 'GET /api/users/sessions', url: () => '/api/users/sessions' },
    { method: 'POST', name: 'POST /api/users/sessions/revoke-others', url: () => '/api/users/sessions/revoke-others' },
    { method: 'DELETE', name: 'DELETE /api/users/sessions/{own id}', url: (own) => `/api/users/sessions/${own}` },
    { method: 'DELETE', name: "DELETE /api/users/sessions/{another person's id}", url: (_own, foreign) => `/api/users/sessions/${foreign}`, foreign: true },
  ];
  /** A session of its own for the call to name, so ending it leaves the world's tokens alone. */
  const extraSession = async (userId: string) => {
    const { token } = await createSession(api.db, userId, { remember: false });
    const res = await api.app.inject({ method: 'GET', url: '/api/users/sessions', headers: bearer(token) });
    return (res.json().data.sessions as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
  };
  const cases = CALLS.flatMap((call) => ACCESS_ROLES.map((role): [string, Call, AccessRole] => [`${call.name} as ${role}: ${role === 'nobody' ? 401 : call.foreign ? 404 : 'allowed'}`, call, role]));

  it.each(cases)('%s', async (_name, call, role) => {
    const owner = role === 'nobody' ? world.users.explorer : world.users[role];
    const stranger = role === 'firm' ? world.users.foreignFirm : world.users.firm;
    const url = call.url(await extraSession(owner.id), await extraSession(stranger.id));
    const res = await api.app.inject({ method: call.method, url, headers: role === 'nobody' ? {} : bearer(world.tokens[role]) });
    const route = routeKeyOf(api.app, call.method, res.raw.req.url!);
    expect(route && ROUTE_ACCESS[route], `${route} in tests/helpers/route-access.ts`).toBe('signedIn');
    const what = `${call.method} ${url} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (role === 'nobody') expect(res.statusCode, what).toBe(401);
    else if (call.foreign) expect(res.statusCode, what).toBe(404);
    else expect(res.statusCode, what).toBe(200);
  });
});
