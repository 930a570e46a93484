import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { EMPLOYEE_MESSAGES as M } from '../../contract/employees-rules';
import { auditLog, users } from '../../db/schema';
import { createEmployee, createFirm, createMember, createUser, createWorkspaceProject } from '../../seed/factories';
import type { UserRow } from '../../queries/users';
import { createSession } from '../../queries/sessions';

let api: TestApi;
let firm: UserRow;
let subAdmin: UserRow;
let tokens: { firm: string; subAdmin: string };

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Team Studio' });
  subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true });
  tokens = { firm: (await createSession(api.db, firm.id, { remember: false })).token, subAdmin: (await createSession(api.db, subAdmin.id, { remember: false })).token };
});
afterAll(() => api?.close());

/** A call; a change of an employee names the version of the record as a form read just now would (docs/decisions/320). */
async function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) {
  const edited = method === 'PUT' ? /^\/api\/employees\/([^/]+)$/.exec(url) : null;
  if (edited && payload && typeof payload === 'object' && !('version' in payload)) {
    const [row] = await api.db.select({ version: users.version }).from(users).where(eq(users.id, edited[1]!)).limit(1);
    payload = { ...payload, version: row?.version ?? 1 };
  }
  return api.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The welcome mail's link to `email`, opened and confirmed as its person would. */
async function confirmFromMail(email: string) {
  await api.ctx.background.idle();
  const mail = (await api.outbox()).filter((m) => m.to === email).at(-1);
  const token = /\/confirm-account\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `a welcome link to ${email}`).toBeTruthy();
  expect((await call('POST', `/api/employees/confirmation/${token}/confirm`)).statusCode).toBe(200);
  return token!;
}

let n = 0;
const form = (over: Record<string, unknown> = {}) => {
  n += 1;
  return {
    name: `Neha ${n}`,
    designation: 'Architect',
    email: `neha${n}@team.test`,
    mobile: '9876543210',
    address: '12 MG Road, Pune',
    password: 'secret12',
    confirmPassword: 'secret12',
    ...over,
  };
};

describe('POST /api/employees', () => {
  it('creates a real account that signs in through the ordinary login and works in the workspace', async () => {
    const body = form({ designation: 'Other', designationOther: 'Site engineer', isSubAdmin: false });
    const res = await call('POST', '/api/employees', tokens.firm, body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ name: body.name, designation: 'Site engineer', email: body.email, contactNo: '9876543210', isSubAdmin: false, active: true });
    const [row] = await api.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ role: 'employee', firmId: firm.id });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    // Unconfirmed until its person opens the welcome mail's link.
    expect(created.awaitingConfirmation).toBe(true);
    const early = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: body.email, password: 'secret12' } });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(M.unconfirmed);
    await confirmFromMail(body.email);
    const login = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: body.email, password: 'secret12' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    // It sees its firm's projects it is a member of, and no other.
    const mine = await createWorkspaceProject(api.db, firm.id, { projectName: 'Member project' });
    await createWorkspaceProject(api.db, firm.id, { projectName: 'Other project' });
    await createMember(api.db, mine.id, { email: body.email });
    const projects = await call('GET', '/api/projects', token);
    expect(projects.statusCode).toBe(200);
    expect(projects.json().data.map((p: { projectName: string }) => p.projectName)).toEqual(['Member project']);

    expect((await api.db.select().from(auditLog).where(eq(auditLog.targetId, created.id))).map((a) => a.action)).toEqual(['employee.created', 'employee.confirmed']);
  });

  it('answers every message of the spec, one per field', async () => {
    const res = await call('POST', '/api/employees', tokens.firm, { name: ' ', designation: '', email: '', mobile: '', address: '', password: '', confirmPassword: '' });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toMatchObject({
      name: M.nameRequired,
      designation: M.designationRequired,
      email: M.emailRequired,
      mobile: M.mobileRequired,
      address: M.addressRequired,
      password: M.passwordRequired,
    });
    const bad = await call('POST', '/api/employees', tokens.firm, form({ email: 'not-an-email', mobile: '12345', password: 'abc', confirmPassword: 'abc' }));
    expect(messagesByPath(bad)).toMatchObject({ email: M.emailInvalid, mobile: M.mobileDigits, password: M.passwordShort });
    const mismatch = await call('POST', '/api/employees', tokens.firm, form({ confirmPassword: 'different' }));
    expect(messagesByPath(mismatch)).toMatchObject({ confirmPassword: M.mismatch });
    const other = await call('POST', '/api/employees', tokens.firm, form({ designation: 'Other' }));
    expect(messagesByPath(other)).toMatchObject({ designationOther: M.otherRequired });
  });

  it('answers 409 for an email used anywhere (any account, any case)', async () => {
    const explorer = await createUser(api.db, { email: 'taken@elsewhere.test' });
    const res = await call('POST', '/api/employees', tokens.firm, form({ email: explorer.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: M.emailTaken, details: [{ path: 'email', message: M.emailTaken }] });
    // An unconfirmed account's address may be corrected, not to a taken one.
    const pending = (await call('POST', '/api/employees', tokens.firm, form())).json().data;
    const edit = await call('PUT', `/api/employees/${pending.id}`, tokens.firm, form({ email: firm.email }));
    expect(edit.statusCode).toBe(409);
  });
});

describe('GET and PUT /api/employees', () => {
  it("lists the firm's employees only, to the firm and its sub-admins", async () => {
    const other = await createFirm(api.db);
    await createEmployee(api.db, other.id, { userName: 'Outsider' });
    const res = await call('GET', '/api/employees', tokens.subAdmin);
    expect(res.statusCode).toBe(200);
    const names = res.json().data.employees.map((e: { name: string }) => e.name);
    expect(names).toContain(subAdmin.userName);
    expect(names).not.toContain('Outsider');
    expect(res.json().data.viewer).toEqual({ id: subAdmin.id, isOwner: false });
  });

  it('changes the details; a new password ends the old sessions', async () => {
    const employee = await createEmployee(api.db, firm.id);
    const { token } = await createSession(api.db, employee.id, { remember: false });
    const res = await call('PUT', `/api/employees/${employee.id}`, tokens.firm, form({ email: employee.email, name: 'Renamed', password: 'newpass1', confirmPassword: 'newpass1' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Renamed');
    expect((await call('GET', '/api/projects', token)).statusCode).toBe(401);
    expect(await loginToken(api, employee.email, 'newpass1')).toBeTruthy();
    // A blank password keeps it.
    const keep = await call('PUT', `/api/employees/${employee.id}`, tokens.firm, form({ email: employee.email, password: '', confirmPassword: '' }));
    expect(keep.statusCode).toBe(200);
    expect(await loginToken(api, employee.email, 'newpass1')).toBeTruthy();
  });

  it('answers 404 for the firm account itself and for another firm’s employee', async () => {
    const other = await createFirm(api.db);
    const outsider = await createEmployee(api.db, other.id);
    expect((await call('PUT', `/api/employees/${firm.id}`, tokens.subAdmin, form({ email: firm.email }))).statusCode).toBe(404);
    expect((await call('PUT', `/api/employees/${outsider.id}`, tokens.firm, form({ email: outsider.email }))).statusCode).toBe(404);
    expect((await call('POST', `/api/employees/${firm.id}/deactivate`, tokens.subAdmin)).statusCode).toBe(404);
  });
});

describe('sub-admin limits', () => {
  it('a sub-admin manages plain employees only: not itself, not a peer sub-admin, and grants sub-admin access to nobody', async () => {
    const self = await createEmployee(api.db, firm.id, { isSubAdmin: true });
    const peer = await createEmployee(api.db, firm.id, { isSubAdmin: true });
    const plain = await createEmployee(api.db, firm.id);
    const { token } = await createSession(api.db, self.id, { remember: false });
    // Its own record: through Setting, like anyone.
    const own = await call('PUT', `/api/employees/${self.id}`, token, form({ email: self.email, isSubAdmin: true, password: 'taken-over1', confirmPassword: 'taken-over1' }));
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(M.ownInSetting);
    expect((await call('POST', `/api/employees/${self.id}/deactivate`, token)).json().message).toBe(M.ownDeactivate);
    // A peer sub-admin: not its password, not its email, not its state.
    const takeOver = await call('PUT', `/api/employees/${peer.id}`, token, form({ email: peer.email, isSubAdmin: true, password: 'taken-over1', confirmPassword: 'taken-over1' }));
    expect(takeOver.statusCode).toBe(403);
    expect(takeOver.json().message).toBe(M.subAdminOnlyByFirm);
    expect((await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: peer.email, password: 'taken-over1' } })).statusCode).toBe(401);
    expect((await call('POST', `/api/employees/${peer.id}/deactivate`, token)).statusCode).toBe(403);
    expect((await call('POST', `/api/employees/${peer.id}/reactivate`, token)).statusCode).toBe(403);
    // No new sub-admin, no promotion.
    const created = await call('POST', '/api/employees', token, form({ isSubAdmin: true }));
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(M.grantOnlyByFirm);
    expect((await call('PUT', `/api/employees/${plain.id}`, token, form({ email: plain.email, isSubAdmin: true }))).json().message).toBe(M.grantOnlyByFirm);
    // A plain employee it manages.
    expect((await call('PUT', `/api/employees/${plain.id}`, token, form({ email: plain.email, name: 'Renamed by sub' }))).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${plain.id}/deactivate`, token)).statusCode).toBe(200);
    expect((await call('POST', '/api/employees', token, form())).statusCode).toBe(201);
    // The firm does all of it.
    expect((await call('PUT', `/api/employees/${peer.id}`, tokens.firm, form({ email: peer.email, isSubAdmin: false }))).statusCode).toBe(200);
    expect((await call('PUT', `/api/employees/${plain.id}`, tokens.firm, form({ email: plain.email, isSubAdmin: true }))).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${self.id}/deactivate`, tokens.firm)).statusCode).toBe(200);
  });

  it('a plain employee manages nobody (403)', async () => {
    const plain = await createEmployee(api.db, firm.id);
    const { token } = await createSession(api.db, plain.id, { remember: false });
    expect((await call('GET', '/api/employees', token)).statusCode).toBe(403);
    expect((await call('POST', '/api/employees', token, form())).statusCode).toBe(403);
    expect((await call('PUT', `/api/employees/${plain.id}`, token, form({ email: plain.email, isSubAdmin: true }))).statusCode).toBe(403);
  });
});

describe('deactivation', () => {
  it('revokes every token at once (next request 401), refuses login, keeps history; reactivation lets it sign in again', async () => {
    const employee = await createEmployee(api.db, firm.id, { password: 'secret123' });
    const { token } = await createSession(api.db, employee.id, { remember: true });
    expect((await call('GET', '/api/projects', token)).statusCode).toBe(200);
    const res = await call('POST', `/api/employees/${employee.id}/deactivate`, tokens.subAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ active: false });
    expect((await call('GET', '/api/projects', token)).statusCode).toBe(401);
    const login = await api.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: employee.email, password: 'secret123' } });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(M.deactivated);
    // Still there, listed as deactivated.
    const list = (await call('GET', '/api/employees', tokens.firm)).json().data.employees;
    expect(list.find((e: { id: string }) => e.id === employee.id)).toMatchObject({ active: false });

    expect((await call('POST', `/api/employees/${employee.id}/reactivate`, tokens.firm)).statusCode).toBe(200);
    expect(await loginToken(api, employee.email, 'secret123')).toBeTruthy();
    const actions = (await api.db.select().from(auditLog).where(eq(auditLog.targetId, employee.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['employee.deactivated', 'employee.reactivated']));
  });
});
