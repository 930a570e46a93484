import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../server/db/schema';
import { createMember } from '../server/seed/factories';
import { storeProjectPhoto } from '../server/services/workspace-photos';
import { accessCases, createAccessWorld, expectAccess, type AccessEndpoint, type AccessWorld } from './helpers/access-table';
import { testImage } from './helpers/showcase';
import { createTestApi, type TestApi } from './helpers/test-api';
import { projectForm, projectParts } from './helpers/workspace-projects';

/** Every endpoint of workspace projects and members, as each of the seven callers of the access table. */

let photo: Buffer;

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmWork', url: () => '/api/projects' },
  { method: 'POST', kind: 'firmManage', url: () => '/api/projects', multipart: () => projectParts(projectForm(), { file: photo }), allowed: [201] },
  { method: 'GET', kind: 'work', url: ({ project }) => `/api/projects/${project.id}` },
  { method: 'POST', kind: 'firmManage', url: () => '/api/projects/photo-drafts', multipart: () => [{ name: 'profileImage', file: photo, filename: 'site.jpg', type: 'image/jpeg' }], allowed: [201] },
  {
    method: 'GET',
    kind: 'work',
    name: 'GET /api/projects/{projectId}/photo',
    // The factory's project has no photo: store one as the api would.
    setup: async ({ world, project }) => {
      const photoKey = await storeProjectPhoto(world.api.ctx.storage, project.userId, project.id, photo, { effort: 0 });
      await world.api.db.update(projects).set({ photoKey }).where(eq(projects.id, project.id));
      return {};
    },
    url: ({ project }) => `/api/projects/${project.id}/photo?size=480`,
  },
  { method: 'PUT', kind: 'manage', url: ({ project }) => `/api/projects/${project.id}`, multipart: () => [...projectParts(projectForm({ projectName: 'Renamed' })), { name: 'version', value: '1' }] },
  { method: 'DELETE', kind: 'manage', url: ({ project }) => `/api/projects/${project.id}` },
  { method: 'GET', kind: 'work', url: ({ project }) => `/api/projects/members/${project.id}` },
  {
    method: 'POST',
    kind: 'manage',
    url: () => '/api/projects/members',
    body: ({ project, role }) => ({ name: 'Client', email: `client-${role}@example.test`, projectId: project.id }),
    allowed: [201],
  },
  {
    method: 'PUT',
    kind: 'manage',
    setup: async ({ world, project }) => ({ memberId: (await createMember(world.api.db, project.id)).id }),
    url: ({ data }) => `/api/projects/members/${data.memberId}`,
    body: () => ({ name: 'Renamed', email: 'renamed@example.test' }),
  },
  {
    method: 'DELETE',
    kind: 'manage',
    setup: async ({ world, project }) => ({ memberId: (await createMember(world.api.db, project.id)).id }),
    url: ({ data }) => `/api/projects/members/${data.memberId}`,
  },
];

let api: TestApi;
let world: AccessWorld;
beforeAll(async () => {
  api = await createTestApi();
  world = await createAccessWorld(api);
  photo = await testImage('jpeg', 120, 80);
});
afterAll(async () => api?.close());

describe('the access table: workspace projects and members', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    // The status and the error shape are asserted inside expectAccess.
    expect.hasAssertions();
    await expectAccess(world, endpoint, role);
  });
});
