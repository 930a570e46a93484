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
import { accessCases, createAccessWorld, expectAccess, type AccessEndpoint, type AccessWorld } from './helpers/access-table';
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
