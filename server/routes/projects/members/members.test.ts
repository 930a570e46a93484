import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, messagesByPath } from '../../../../tests/helpers/test-api';
import { MEMBER_MESSAGES as M, type Member } from '../../../contract/workspace-members';
import { auditLog, members } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../../seed/factories';
import { createSession } from '../../../queries/sessions';
import { api, firm, memberEmployee, setUpProjectsApi, tokens } from '../../../../tests/helpers/projects-api';

setUpProjectsApi();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A project of the firm whose members list holds the member employee. */
async function projectWithMemberEmployee() {
  const project = await createWorkspaceProject(api.db, firm.id);
  await createMember(api.db, project.id, { name: memberEmployee.userName, email: memberEmployee.email });
  return project;
}

describe('GET /api/projects/members/{projectId}', () => {
  it('lists the members in the order they were added, to the firm and to a member employee', async () => {
    const project = await projectWithMemberEmployee();
    await createMember(api.db, project.id, { name: 'Zara Client', email: 'zara@example.test' });
    for (const who of ['firm', 'subAdmin', 'member'] as const) {
      const res = await call('GET', `/api/projects/members/${project.id}`, tokens[who]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.members.map((m: Member) => m.name)).toEqual([memberEmployee.userName, 'Zara Client']);
    }
  });

  it('answers an empty list for a project without members, 404 for another firm and a non-member', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    expect((await call('GET', `/api/projects/members/${project.id}`, tokens.firm)).json()).toEqual({ data: { members: [] } });
    expect((await call('GET', `/api/projects/members/${project.id}`, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/members/${project.id}`, tokens.employee)).statusCode).toBe(404);
    expect((await call('GET', '/api/projects/members/nope', tokens.firm)).statusCode).toBe(404);
  });
});

describe('POST /api/projects/members', () => {
  it('adds a member and answers it as { data }, with the email in lower case and an audit line', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const res = await call('POST', '/api/projects/members', tokens.firm, { name: '  Ira Shah ', email: 'Ira.Shah@Example.TEST', projectId: project.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ id: expect.any(String), projectId: project.id, name: 'Ira Shah', email: 'ira.shah@example.test', createdAt: expect.any(String) });
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, res.json().data.id), eq(auditLog.action, 'member.created')));
    expect(audit[0]).toMatchObject({ actorId: firm.id, firmId: firm.id, targetType: 'member' });
  });

  it('answers the spec messages for a missing name and email, and an invalid email', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const empty = await call('POST', '/api/projects/members', tokens.firm, { name: ' ', email: '', projectId: project.id });
    expect(empty.statusCode).toBe(400);
    expect(messagesByPath(empty)).toEqual({ name: 'Name is required', email: 'Email is required' });
    const missing = await call('POST', '/api/projects/members', tokens.firm, { projectId: project.id });
    expect(messagesByPath(missing)).toEqual({ name: 'Name is required', email: 'Email is required' });
    const invalid = await call('POST', '/api/projects/members', tokens.firm, { name: 'A', email: 'not-an-email', projectId: project.id });
    expect(messagesByPath(invalid)).toEqual({ email: 'Invalid email format' });
    const long = await call('POST', '/api/projects/members', tokens.firm, { name: 'n'.repeat(121), email: 'a@b.test', projectId: project.id });
    expect(messagesByPath(long)).toEqual({ name: 'At most 120 characters' });
  });

  it('refuses the same email twice in one project (409, whatever its capitals), not in two projects', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const other = await createWorkspaceProject(api.db, firm.id);
    expect((await call('POST', '/api/projects/members', tokens.firm, { name: 'A', email: 'dup@example.test', projectId: project.id })).statusCode).toBe(201);
    const again = await call('POST', '/api/projects/members', tokens.firm, { name: 'B', email: 'DUP@example.test', projectId: project.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: M.duplicate, details: [{ path: 'email', message: M.duplicate }] });
    expect((await call('POST', '/api/projects/members', tokens.firm, { name: 'A', email: 'dup@example.test', projectId: other.id })).statusCode).toBe(201);
  });

  it('gives an employee of the firm access to the project; an outsider’s email gives none', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const employee = await createEmployee(api.db, firm.id);
    const { token } = await createSession(api.db, employee.id, { remember: false });
    expect((await call('GET', `/api/projects/${project.id}`, token)).statusCode).toBe(404);
    await call('POST', '/api/projects/members', tokens.firm, { name: employee.userName, email: employee.email.toUpperCase(), projectId: project.id });
    expect((await call('GET', `/api/projects/${project.id}`, token)).statusCode).toBe(200);
    expect((await call('GET', '/api/projects', token)).json().data.map((p: { id: string }) => p.id)).toEqual([project.id]);

    const outsider = await createEmployee(api.db, (await createFirm(api.db)).id);
    const outsiderToken = (await createSession(api.db, outsider.id, { remember: false })).token;
    await call('POST', '/api/projects/members', tokens.firm, { name: 'Outsider', email: outsider.email, projectId: project.id });
    expect((await call('GET', `/api/projects/${project.id}`, outsiderToken)).statusCode).toBe(404);
  });

  it('is for managers of the project: 403 for a member employee, 404 for another firm, a non-member and unknown ids', async () => {
    const project = await projectWithMemberEmployee();
    const body = (projectId: string) => ({ name: 'New', email: `n-${newId()}@example.test`, projectId });
    expect((await call('POST', '/api/projects/members', tokens.member, body(project.id))).statusCode).toBe(403);
    expect((await call('POST', '/api/projects/members', tokens.employee, body(project.id))).statusCode).toBe(404);
    expect((await call('POST', '/api/projects/members', tokens.foreignFirm, body(project.id))).statusCode).toBe(404);
    expect((await call('POST', '/api/projects/members', tokens.firm, body(newId()))).statusCode).toBe(404);
    expect((await call('POST', '/api/projects/members', tokens.firm, body('x'))).statusCode).toBe(404);
    expect((await call('POST', '/api/projects/members', tokens.subAdmin, body(project.id))).statusCode).toBe(201);
  });
});

describe('PUT /api/projects/members/{id}', () => {
  it('changes the name and email', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const member = await createMember(api.db, project.id, { name: 'Old', email: 'old@example.test' });
    const res = await call('PUT', `/api/projects/members/${member.id}`, tokens.firm, { name: 'New Name', email: 'New@Example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: member.id, name: 'New Name', email: 'new@example.test' });
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, member.id), eq(auditLog.action, 'member.updated')));
    expect(audit[0]?.details).toMatchObject({ from: { name: 'Old', email: 'old@example.test' }, to: { name: 'New Name', email: 'new@example.test' } });
  });

  it('answers the spec messages, and 409 for an email another member of the project has', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const a = await createMember(api.db, project.id, { email: 'a@example.test' });
    await createMember(api.db, project.id, { email: 'b@example.test' });
    expect(messagesByPath(await call('PUT', `/api/projects/members/${a.id}`, tokens.firm, { name: '', email: '' }))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    });
    const dup = await call('PUT', `/api/projects/members/${a.id}`, tokens.firm, { name: 'A', email: 'B@example.test' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.duplicate);
    // Its own email again is no conflict.
    expect((await call('PUT', `/api/projects/members/${a.id}`, tokens.firm, { name: 'A2', email: 'a@example.test' })).statusCode).toBe(200);
  });

  it('answers 404 "Member not found" for unknown ids and members of projects the caller cannot see; 403 for a member employee', async () => {
    const project = await projectWithMemberEmployee();
    const member = await createMember(api.db, project.id);
    const body = { name: 'X', email: 'x@example.test' };
    expect((await call('PUT', `/api/projects/members/${member.id}`, tokens.member, body)).statusCode).toBe(403);
    for (const who of ['foreignFirm', 'employee'] as const) {
      const res = await call('PUT', `/api/projects/members/${member.id}`, tokens[who], body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect((await call('PUT', `/api/projects/members/${newId()}`, tokens.firm, body)).statusCode).toBe(404);
    expect((await call('PUT', '/api/projects/members/zz', tokens.firm, body)).statusCode).toBe(404);
  });
});

describe('DELETE /api/projects/members/{id}', () => {
  it('removes the member, and with it an employee’s access to the project', async () => {
    const project = await projectWithMemberEmployee();
    const [row] = await api.db.select().from(members).where(and(eq(members.projectId, project.id), eq(members.email, memberEmployee.email)));
    expect((await call('GET', `/api/projects/${project.id}`, tokens.member)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/projects/members/${row!.id}`, tokens.firm);
    expect(res.json()).toEqual({ message: 'Member deleted' });
    expect((await call('GET', `/api/projects/${project.id}`, tokens.member)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/projects/members/${row!.id}`, tokens.firm)).statusCode).toBe(404);
    expect(await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, row!.id), eq(auditLog.action, 'member.deleted')))).toHaveLength(1);
  });

  it('is for managers: 403 for a member employee, 404 for another firm and a non-member, 401 and 403 outside the workspace', async () => {
    const project = await projectWithMemberEmployee();
    const member = await createMember(api.db, project.id);
    expect((await call('DELETE', `/api/projects/members/${member.id}`, tokens.member)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/projects/members/${member.id}`, tokens.employee)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/projects/members/${member.id}`, tokens.foreignFirm)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/projects/members/${member.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/projects/members/${member.id}`, tokens.explorer)).statusCode).toBe(403);
    expect(await api.db.select().from(members).where(eq(members.id, member.id))).toHaveLength(1);
  });
});
