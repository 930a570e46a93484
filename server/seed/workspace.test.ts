import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, type TestApi } from '../../tests/helpers/test-api';
import type { WorkspaceProject } from '../contract/workspace-projects';
import { placeErrors } from '../contract/places';
import { createFirm } from './factories';
import { DEMO_WORKSPACES, seedWorkspace, type SeededWorkspace } from './workspace';

let api: TestApi;
let seeded: SeededWorkspace;
const FIRM_EMAILS = Object.keys(DEMO_WORKSPACES);

beforeAll(async () => {
  api = await createTestApi();
  const firms = [];
  for (const email of FIRM_EMAILS) firms.push(await createFirm(api.db, { email, password: 'demo1234' }));
  seeded = await seedWorkspace(api.ctx, firms, 'demo1234');
}, 60_000);
afterAll(() => api.close());

const list = async (token: string) => (await api.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(token) })).json().data as WorkspaceProject[];

describe('demo seed: the workspace', () => {
  it('gives each demo firm two workspace projects with a photo, valid places and members', async () => {
    expect(seeded.projects).toHaveLength(2 * FIRM_EMAILS.length);
    for (const email of FIRM_EMAILS) {
      const token = await loginToken(api, email, 'demo1234');
      const projects = await list(token);
      expect(projects).toHaveLength(2);
      for (const project of projects) {
        expect(placeErrors(project)).toEqual([]);
        const photo = await api.app.inject({ method: 'GET', url: project.photo!.w480, headers: bearer(token) });
        expect(photo.statusCode).toBe(200);
        const members = await api.app.inject({ method: 'GET', url: `/api/projects/members/${project.id}`, headers: bearer(token) });
        expect(members.json().data.members.length).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('gives each firm an employee who signs in with the demo password and sees only the first project, to work on', async () => {
    expect(seeded.employees.map((e) => e.firmEmail)).toEqual(FIRM_EMAILS);
    for (const employee of seeded.employees) {
      const token = await loginToken(api, employee.email, 'demo1234');
      const projects = await list(token);
      expect(projects.map((p) => p.projectName)).toEqual([employee.projectName]);
      expect(projects[0]!.access).toBe('work');
      const me = await api.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      expect(me.json().data.role).toBe('employee');
    }
  });
});
