import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { loadBoard } from '../queries/tasks';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from './factories';
import { seedDemoTasks } from './tasks';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe('seedDemoTasks', () => {
  it("gives the demo employee a task in each column of its board, with files in storage", async () => {
    const firm = await createFirm(api.db, { email: 'studio-seed@demo.test' });
    const employee = await createEmployee(api.db, firm.id, { email: 'priya-seed@studio.demo.test' });
    const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Demo Residence' });
    await createMember(api.db, project.id, { email: employee.email });
    await seedDemoTasks(api.ctx, {
      projects: [{ ...project, firmEmail: firm.email }],
      employees: [{ email: employee.email, userName: employee.userName, firmEmail: firm.email, projectName: project.projectName }],
    });
    const mine = await loadBoard(api.db, employee.id, firm.id);
    expect(mine.todo).toHaveLength(2);
    expect(mine.todo.some((t) => t.rejectReason)).toBe(true);
    expect(mine.review).toHaveLength(1);
    expect(mine.done).toHaveLength(1);
    const given = await loadBoard(api.db, firm.id, firm.id);
    expect(given.given).toHaveLength(2);
    const file = mine.todo[0]!.files[0]!;
    const res = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: employee.email, password: 'secret123' } });
    const content = await api.app.inject({ method: 'GET', url: file.url, headers: { authorization: `Bearer ${res.json().token}` } });
    expect(content.statusCode).toBe(200);
  });
});
