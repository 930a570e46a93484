import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { members, users } from '../db/schema';
import { HttpError } from '../errors';
import { createEmployee, createFirm, createMember, createPublicProject, createUser, createWorkspaceProject } from '../seed/factories';
import type { UserRow } from '../queries/users';
import { firmOf, requireFirmAccess } from './firm';
import { requireProjectAccess, type ProjectNeed } from './project-access';
import type { Session } from './session';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

const sessionOf = (user: UserRow): Session => ({ user, employer: null, sessionId: 'test', kind: 'user', expiresAt: new Date(Date.now() + 60_000) });

/** The status requireProjectAccess answers (200 when it grants access). */
async function statusOf(user: UserRow, projectId: string, need: ProjectNeed) {
  try {
    await requireProjectAccess(api.db, sessionOf(user), projectId, need);
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
}

describe('firmOf', () => {
  it('makes a firm account its own managing firm, a sub-admin a manager of its firm, a plain employee a worker', async () => {
    const firm = await createFirm(api.db);
    const subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true });
    const employee = await createEmployee(api.db, firm.id);
    expect(firmOf(firm)).toEqual({ firmId: firm.id, canManage: true, isOwner: true });
    expect(firmOf(subAdmin)).toEqual({ firmId: firm.id, canManage: true, isOwner: false });
    expect(firmOf(employee)).toEqual({ firmId: firm.id, canManage: false, isOwner: false });
  });

  it('gives no firm to an explorer, the super-admin, or an employee without a firm', async () => {
    expect(firmOf(await createUser(api.db, { role: 'explorer' }))).toBeNull();
    expect(firmOf(await createUser(api.db, { isSuperAdmin: true }))).toBeNull();
    expect(firmOf(await createUser(api.db, { role: 'employee' }))).toBeNull();
  });

  it('requireFirmAccess refuses an explorer and, for managing, a plain employee (403)', async () => {
    const firm = await createFirm(api.db);
    const employee = await createEmployee(api.db, firm.id);
    const explorer = await createUser(api.db);
    expect(() => requireFirmAccess(explorer, 'work')).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => requireFirmAccess(employee, 'manage')).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(requireFirmAccess(employee, 'work').firmId).toBe(firm.id);
    expect(requireFirmAccess(firm, 'manage').firmId).toBe(firm.id);
  });
});

describe('requireProjectAccess', () => {
  let firm: UserRow;
  let projectId: string;
  const people: Record<string, UserRow> = {};

  beforeAll(async () => {
    firm = await createFirm(api.db);
    const project = await createWorkspaceProject(api.db, firm.id);
    projectId = project.id;
    people.explorer = await createUser(api.db, { role: 'explorer' });
    people.foreignFirm = await createFirm(api.db);
    people.employee = await createEmployee(api.db, firm.id);
    people.member = await createEmployee(api.db, firm.id);
    people.subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true });
    people.firm = firm;
    // Typed with other capitals than the account's: the match ignores case.
    await createMember(api.db, projectId, { email: people.member.email.toUpperCase() });
  });

  it.each([
    ['explorer', 403, 403],
    ['foreignFirm', 404, 404],
    ['employee', 404, 404],
    ['member', 200, 403],
    ['subAdmin', 200, 200],
    ['firm', 200, 200],
  ] as const)('%s: work %i, manage %i', async (who, work, manage) => {
    expect(await statusOf(people[who]!, projectId, 'work')).toBe(work);
    expect(await statusOf(people[who]!, projectId, 'manage')).toBe(manage);
  });

  it('tells the caller its level and the project', async () => {
    const asMember = await requireProjectAccess(api.db, sessionOf(people.member!), projectId, 'work');
    expect(asMember.level).toBe('work');
    expect(asMember.project.id).toBe(projectId);
    const asSubAdmin = await requireProjectAccess(api.db, sessionOf(people.subAdmin!), projectId, 'work');
    expect(asSubAdmin.level).toBe('manage');
    expect(asSubAdmin.firm).toEqual({ firmId: firm.id, canManage: true, isOwner: false });
  });

  it('answers 404 for a malformed id, an unknown id and a portfolio (public) project, even to the firm', async () => {
    const publicProject = await createPublicProject(api.ctx, firm.id, { images: [] });
    expect(await statusOf(firm, 'not-an-id', 'work')).toBe(404);
    expect(await statusOf(firm, 'f'.repeat(24), 'work')).toBe(404);
    expect(await statusOf(firm, publicProject.id, 'work')).toBe(404);
  });

  it("gives no access through another firm's members list, nor to an employee of another firm listed as a member", async () => {
    const other = await createFirm(api.db);
    const otherProject = await createWorkspaceProject(api.db, other.id);
    // Our member's email in another firm's project: it is still not that firm's employee.
    await createMember(api.db, otherProject.id, { email: people.member!.email });
    expect(await statusOf(people.member!, otherProject.id, 'work')).toBe(404);
    const outsider = await createEmployee(api.db, other.id);
    await createMember(api.db, projectId, { email: outsider.email });
    expect(await statusOf(outsider, projectId, 'work')).toBe(404);
  });

  it('ends a member employee’s access when its member row goes', async () => {
    const employee = await createEmployee(api.db, firm.id);
    const project = await createWorkspaceProject(api.db, firm.id);
    const member = await createMember(api.db, project.id, { email: employee.email });
    expect(await statusOf(employee, project.id, 'work')).toBe(200);
    await api.db.delete(members).where(eq(members.id, member.id));
    expect(await statusOf(employee, project.id, 'work')).toBe(404);
  });

  it('deleting a firm deletes its employees (users.firm_id references the firm)', async () => {
    const gone = await createFirm(api.db);
    const employee = await createEmployee(api.db, gone.id);
    await api.db.delete(users).where(eq(users.id, gone.id));
    expect(await api.db.select().from(users).where(eq(users.id, employee.id))).toEqual([]);
    await expect(createEmployee(api.db, 'f'.repeat(24))).rejects.toThrow();
  });
});
