import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskFiles } from '../server/db/schema';
import { createEmployee } from '../server/seed/factories';
import { createTask } from '../server/seed/tasks';
import { accessCases, expectAccess, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * Every employee, task and calendar endpoint in the workspace access table (DESIGN.md section 9,
 * docs/decisions/110 to 112). Employees are the firm's to manage (firmManage); naming another
 * firm's employee is 404. A task is seen by its creator, its assignees and the firm's managers;
 * its moves are made by one side only (Submit: an assignee; Approve, Reject: its creator), so a
 * manager who sees a task but is not that side gets 403.
 */

const access = useAccessWorld();

let n = 0;
const employeeForm = () => {
  n += 1;
  return { name: `Access ${n}`, designation: 'Intern', email: `access${n}@team-access.test`, mobile: '9000000000', address: 'Pune', password: 'secret12', confirmPassword: 'secret12' };
};
const plainEmployee = async () => ({ employeeId: (await createEmployee(access.api.db, access.world.users.firm.id)).id });
const employeeEdit = () => ({ ...employeeForm(), email: `edit${n}-${Date.now()}@team-access.test` });

/** A task the firm gave the member employee in `projectId`, in `status`. */
const taskOf = async (projectId: string, status: 'todo' | 'review' = 'todo') => {
  const task = await createTask(access.api.ctx, {
    firmId: access.world.users.firm.id,
    projectId,
    creatorId: access.world.users.firm.id,
    assigneeIds: [access.world.users.member.id],
    status,
    files: [{ fileName: 'plan.pdf', data: Buffer.from('%PDF-1.4\n'), contentType: 'application/pdf' }],
  });
  const [file] = await access.api.db.select().from(taskFiles).where(eq(taskFiles.taskId, task.id));
  return { taskId: task.id, fileId: file!.id };
};

const ENDPOINTS: AccessEndpoint[] = [
  // Employees: the firm's and its sub-admins' only.
  { method: 'GET', kind: 'firmManage', url: () => '/api/employees' },
  { method: 'POST', kind: 'firmManage', url: () => '/api/employees', body: () => employeeForm(), allowed: [201] },
  // The 'manage' row, but a plain employee is refused before any id is looked at (403, not 404).
  { method: 'PUT', kind: 'manage', setup: plainEmployee, url: ({ data }) => `/api/employees/${data.employeeId}`, body: () => employeeEdit(), expect: { employee: 403 } },
  { method: 'POST', kind: 'manage', setup: plainEmployee, url: ({ data }) => `/api/employees/${data.employeeId}/deactivate`, expect: { employee: 403 } },
  { method: 'POST', kind: 'manage', setup: plainEmployee, url: ({ data }) => `/api/employees/${data.employeeId}/reactivate`, expect: { employee: 403 } },
  // Tasks.
  { method: 'GET', kind: 'firmWork', url: () => '/api/tasks' },
  { method: 'GET', kind: 'firmWork', url: () => '/api/tasks/assignees' },
  {
    method: 'POST',
    kind: 'work',
    url: () => '/api/tasks',
    multipart: ({ project, world: w }) => [
      { name: 'projectId', value: project.id },
      { name: 'employees', value: w.users.member.id },
      { name: 'description', value: 'Check the levels' },
      { name: 'files', file: Buffer.from('%PDF-1.4\n'), filename: 'levels.pdf' },
    ],
    allowed: [201],
  },
  // Submit is the assignee's (the member employee): the firm and its sub-admin see the task but may not.
  { method: 'POST', kind: 'work', setup: ({ project }) => taskOf(project.id), url: ({ data }) => `/api/tasks/${data.taskId}/submit`, expect: { subAdmin: 403, firm: 403 } },
  // Approve and Reject are its creator's (the firm): not the assignee, not a sub-admin.
  { method: 'POST', kind: 'work', setup: ({ project }) => taskOf(project.id, 'review'), url: ({ data }) => `/api/tasks/${data.taskId}/approve`, expect: { member: 403, subAdmin: 403 } },
  {
    method: 'POST',
    kind: 'work',
    setup: ({ project }) => taskOf(project.id, 'review'),
    url: ({ data }) => `/api/tasks/${data.taskId}/reject`,
    body: () => ({ reason: 'Redo the levels' }),
    expect: { member: 403, subAdmin: 403 },
  },
  { method: 'GET', kind: 'work', setup: ({ project }) => taskOf(project.id), url: ({ data }) => `/api/tasks/files/${data.fileId}/content` },
  // The calendar and the feed link: everyone's own, in its own firm.
  { method: 'GET', kind: 'firmWork', url: () => '/api/calendar' },
  { method: 'GET', kind: 'firmWork', url: () => '/api/calendar/feed' },
  { method: 'POST', kind: 'firmWork', url: () => '/api/calendar/feed', allowed: [201] },
  { method: 'DELETE', kind: 'firmWork', url: () => '/api/calendar/feed' },
];

describe('the employee, task and calendar endpoints in the access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    const res = await expectAccess(access.world, endpoint, role);
    if (res.statusCode === 404) expect(res.json().message).toMatch(/^(Project|Task|File|Employee) not found$/);
  });
});
