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
const employeeOf = async (fields: Parameters<typeof createEmployee>[2] = {}) => {
  const row = await createEmployee(access.api.db, access.world.users.firm.id, fields);
  return { employeeId: row.id, email: row.email };
};
const plainEmployee = () => employeeOf();
/** An edit keeping the address (a confirmed address is its person's, docs/decisions/236). */
const employeeEdit = ({ data }: { data: Record<string, string> }, over: Record<string, unknown> = {}) => ({ ...employeeForm(), email: data.email, version: 1, ...over });

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
  { method: 'PUT', kind: 'manage', setup: plainEmployee, url: ({ data }) => `/api/employees/${data.employeeId}`, body: (ctx) => employeeEdit(ctx), expect: { employee: 403 } },
  { method: 'POST', kind: 'manage', setup: plainEmployee, url: ({ data }) => `/api/employees/${data.employeeId}/deactivate`, expect: { employee: 403 } },
  { method: 'POST', kind: 'manage', setup: plainEmployee, url: ({ data }) => `/api/employees/${data.employeeId}/reactivate`, expect: { employee: 403 } },
  { method: 'POST', kind: 'manage', setup: () => employeeOf({ unconfirmedSince: new Date() }), url: ({ data }) => `/api/employees/${data.employeeId}/resend-confirmation`, expect: { employee: 403 } },
  // Sub-admins (docs/decisions/237): only the firm grants or removes sub-admin
  // access, and only the firm edits, deactivates or reactivates a sub-admin; a sub-admin manages
  // plain employees only (itself included: its own password and email go through Setting).
  {
    name: 'POST /api/employees making a sub-admin',
    method: 'POST',
    kind: 'firmManage',
    url: () => '/api/employees',
    body: () => ({ ...employeeForm(), isSubAdmin: true }),
    allowed: [201],
    expect: { subAdmin: 403 },
  },
  {
    name: 'PUT /api/employees/{plain} granting sub-admin',
    method: 'PUT',
    kind: 'manage',
    setup: plainEmployee,
    url: ({ data }) => `/api/employees/${data.employeeId}`,
    body: (ctx) => employeeEdit(ctx, { isSubAdmin: true }),
    expect: { employee: 403, subAdmin: 403 },
  },
  {
    name: "PUT /api/employees/{sub-admin} (a peer's password)",
    method: 'PUT',
    kind: 'manage',
    setup: () => employeeOf({ isSubAdmin: true }),
    url: ({ data }) => `/api/employees/${data.employeeId}`,
    body: (ctx) => employeeEdit(ctx, { isSubAdmin: true, password: 'taken-over', confirmPassword: 'taken-over' }),
    expect: { employee: 403, subAdmin: 403 },
  },
  {
    name: 'PUT /api/employees/{sub-admin} removing sub-admin',
    method: 'PUT',
    kind: 'manage',
    setup: () => employeeOf({ isSubAdmin: true }),
    url: ({ data }) => `/api/employees/${data.employeeId}`,
    body: (ctx) => employeeEdit(ctx, { isSubAdmin: false }),
    expect: { employee: 403, subAdmin: 403 },
  },
  { name: 'POST /api/employees/{sub-admin}/deactivate', method: 'POST', kind: 'manage', setup: () => employeeOf({ isSubAdmin: true }), url: ({ data }) => `/api/employees/${data.employeeId}/deactivate`, expect: { employee: 403, subAdmin: 403 } },
  {
    name: 'POST /api/employees/{sub-admin}/reactivate',
    method: 'POST',
    kind: 'manage',
    setup: () => employeeOf({ isSubAdmin: true, deactivatedAt: new Date() }),
    url: ({ data }) => `/api/employees/${data.employeeId}/reactivate`,
    expect: { employee: 403, subAdmin: 403 },
  },
  {
    name: 'POST /api/employees/{sub-admin}/resend-confirmation',
    method: 'POST',
    kind: 'manage',
    setup: () => employeeOf({ isSubAdmin: true, unconfirmedSince: new Date() }),
    url: ({ data }) => `/api/employees/${data.employeeId}/resend-confirmation`,
    expect: { employee: 403, subAdmin: 403 },
  },
  // The sub-admin's own record, through the employees page: the firm may, the sub-admin itself not (Setting).
  {
    name: 'PUT /api/employees/{the sub-admin itself}',
    method: 'PUT',
    kind: 'manage',
    setup: async ({ world }) => ({ employeeId: world.users.subAdmin.id, email: world.users.subAdmin.email }),
    url: ({ data }) => `/api/employees/${data.employeeId}`,
    // A blank password keeps it (and the world's sub-admin session, which the rows after this one use).
    body: (ctx) => employeeEdit(ctx, { isSubAdmin: true, name: 'Sub Admin', password: '', confirmPassword: '' }),
    expect: { employee: 403, subAdmin: 403 },
  },
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
