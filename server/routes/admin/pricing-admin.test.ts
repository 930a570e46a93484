import { formatCalendarDay } from '../../contract/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { auditLog, firmSubscriptions } from '../../db/schema/index';
import { createEmployee, createFirm, createPublicProject, createUser } from '../../seed/factories';
import { createOrResetSuperAdmin } from '../../queries/admin-accounts';
import { createSession } from '../../queries/sessions';
import { TRIAL_ALREADY_USED } from '../../contract/subscription-rules';

/** The plan (trial, request, paid), showcase moderation, sub admins, setting. */

let api: TestApi;
const OWNER = { email: 'owner@platform.test', password: 'owner-pass-1' };
let ownerToken: string;

beforeAll(async () => {
  api = await createTestApi();
  await createOrResetSuperAdmin(api.db, { ...OWNER, name: 'Owner Admin' });
  ownerToken = await adminLogin(OWNER.email, OWNER.password);
});
afterAll(() => api.close());

async function adminLogin(email: string, password: string) {
  const res = await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

const tokenOf = async (userId: string) => (await createSession(api.db, userId, { remember: false })).token;

const inOneYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);

describe('the plan: trial, request, paid', () => {
  it('starts the 30-day trial once per firm; the second try is 409 with a clear message', async () => {
    const firm = await createFirm(api.db);
    const subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true });
    const token = await tokenOf(firm.id);

    const before = await call('GET', '/workspace/plan', token);
    expect(before.json().data).toMatchObject({ state: 'none', active: false, canStartTrial: true, canManage: true, pricePaise: 300_000 });

    const started = await call('POST', '/workspace/plan/trial', token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ state: 'trial', active: true, trialDaysLeft: 30, canStartTrial: false });

    const again = await call('POST', '/workspace/plan/trial', await tokenOf(subAdmin.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRIAL_ALREADY_USED);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.firmId, firm.id), eq(auditLog.action, 'plan.trial_started')));
    expect(audit).toHaveLength(1);
  });

  it('two trial clicks at once start one trial', async () => {
    const firm = await createFirm(api.db);
    const token = await tokenOf(firm.id);
    const answers = await Promise.all([call('POST', '/workspace/plan/trial', token), call('POST', '/workspace/plan/trial', token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('counts the days left and ends the trial without locking anything', async () => {
    const firm = await createFirm(api.db);
    const token = await tokenOf(firm.id);
    await call('POST', '/workspace/plan/trial', token);
    await api.db
      .update(firmSubscriptions)
      .set({ trialEndsAt: new Date(Date.now() + 2.5 * 24 * 3600 * 1000) })
      .where(eq(firmSubscriptions.firmId, firm.id));
    expect((await call('GET', '/workspace/plan', token)).json().data.trialDaysLeft).toBe(3);
    await api.db.update(firmSubscriptions).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(firmSubscriptions.firmId, firm.id));
    expect((await call('GET', '/workspace/plan', token)).json().data).toMatchObject({ state: 'trialEnded', active: false, trialDaysLeft: null });
    // Nothing is locked: the workspace still answers.
    expect((await call('GET', '/projects', token)).statusCode).toBe(200);
  });

  it('a plain employee sees the plan but may not act on it', async () => {
    const firm = await createFirm(api.db);
    const employee = await createEmployee(api.db, firm.id);
    const token = await tokenOf(employee.id);
    expect((await call('GET', '/workspace/plan', token)).json().data.canManage).toBe(false);
    expect((await call('POST', '/workspace/plan/trial', token)).statusCode).toBe(403);
    expect((await call('POST', '/workspace/plan/request', token)).statusCode).toBe(403);
  });

  it('records a subscription request the admin sees first and marks paid; the firm then sees paid-until', async () => {
    const firm = await createFirm(api.db, { firmName: 'Paying Studio' });
    const employee = await createEmployee(api.db, firm.id);
    const token = await tokenOf(firm.id);
    const requested = await call('POST', '/workspace/plan/request', token);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().data).toMatchObject({ requestPending: true, state: 'none' });

    const list = await call('GET', '/admin/firms?filter=requests', ownerToken);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.firms.map((f: { id: string }) => f.id)).toContain(firm.id);
    // Each firm's dates in its own zone on the admin's pages (decision 298).
    expect(list.json().data.firms.find((f: { id: string }) => f.id === firm.id).timeZone).toBe('Asia/Kolkata');
    expect((await call('GET', '/admin/firms', ownerToken)).json().data.firms[0].plan.requestPending).toBe(true);

    const until = inOneYear();
    const paid = await call('PUT', `/admin/firms/${firm.id}/subscription`, ownerToken, { paidUntil: until });
    expect(paid.statusCode, paid.body).toBe(200);
    // The toast and the mail name the day as every page does ("30 Jun 2027"), not as ISO.
    const shown = formatCalendarDay(until);
    expect(paid.json().message).toBe(`Paying Studio is paid until ${shown}`);

    const seen = (await call('GET', '/workspace/plan', await tokenOf(employee.id))).json().data;
    expect(seen).toMatchObject({ state: 'paid', active: true, requestPending: false });
    expect(seen.paidUntil.slice(0, 10)).toBe(until);
    expect((await api.outbox()).some((m) => m.to === firm.email && m.text.includes(`paid until ${shown}`))).toBe(true);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.firmId, firm.id), eq(auditLog.action, 'plan.marked_paid')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a paid-until date in the past or not a date (400), an unknown firm (404)', async () => {
    const firm = await createFirm(api.db);
    expect((await call('PUT', `/admin/firms/${firm.id}/subscription`, ownerToken, { paidUntil: '2020-01-01' })).statusCode).toBe(400);
    expect((await call('PUT', `/admin/firms/${firm.id}/subscription`, ownerToken, { paidUntil: '2030-02-31' })).statusCode).toBe(400);
    expect((await call('PUT', `/admin/firms/${'a'.repeat(24)}/subscription`, ownerToken, { paidUntil: inOneYear() })).statusCode).toBe(404);
  });
});

describe('showcase moderation', () => {
  const publicIds = async (name: string) => {
    const explore = (await call('GET', '/projects/explore?limit=50')).json().projects.map((p: { id: string }) => p.id);
    const search = (await call('GET', `/projects/search?search=${encodeURIComponent(name)}`)).json().data;
    const directory = (await call('GET', '/users/user-firm?limit=50')).json();
    return { explore, search, directory };
  };

  it('hides a project from explore, search, the directory and its page, and shows it again', async () => {
    const firm = await createFirm(api.db, { firmName: 'Moderated Studio' });
    const project = await createPublicProject(api.ctx, firm.id, { projectName: 'Lantern House', images: [] });
    const other = await createPublicProject(api.ctx, firm.id, { projectName: 'Quiet Court', images: [] });

    let seen = await publicIds('Lantern');
    expect(seen.explore).toContain(project.id);
    expect(seen.search.projects.map((p: { id: string }) => p.id)).toContain(project.id);

    const hide = await call('PUT', `/admin/showcase/projects/${project.id}`, ownerToken, { hidden: true, reason: 'Copied photographs' });
    expect(hide.statusCode, hide.body).toBe(200);

    seen = await publicIds('Lantern');
    expect(seen.explore).not.toContain(project.id);
    expect(seen.explore).toContain(other.id);
    expect(seen.search.projects).toEqual([]);
    const card = seen.directory.firms.find((f: { id: string }) => f.id === firm.id);
    expect(card.projects.map((p: { id: string }) => p.id)).toEqual([other.id]);
    expect(card.projectCount).toBe(1);
    expect((await call('GET', `/projects/public-project/${project.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/projects/explore/${project.id}`)).statusCode).toBe(404);
    const portfolio = (await call('GET', `/projects/public-portfolio/${firm.id}`)).json().data.projects.map((p: { id: string }) => p.id);
    expect(portfolio).toEqual([other.id]);
    // The firm itself still sees its own project.
    expect((await call('GET', `/projects/public-project/${project.id}`, await tokenOf(firm.id))).statusCode).toBe(200);
    // The firm is told why, by mail and on its own portfolio; nobody else sees the reason.
    const told = (await api.outbox()).find((m) => m.to === firm.email && m.subject.includes('Lantern House'));
    expect(told?.text).toContain('Reason: Copied photographs');
    const own = (await call('GET', '/projects/portfolio', await tokenOf(firm.id))).json();
    expect(own.hidden).toMatchObject({ portfolio: null, projects: [{ projectId: project.id, reason: 'Copied photographs' }] });
    expect((await call('GET', `/projects/public-portfolio/${firm.id}`)).body).not.toContain('Copied photographs');

    const listed = (await call('GET', '/admin/showcase/projects?filter=hidden', ownerToken)).json().data.projects;
    expect(listed.find((p: { id: string }) => p.id === project.id)).toMatchObject({ hidden: { reason: 'Copied photographs' }, timeZone: 'Asia/Kolkata' });

    const show = await call('PUT', `/admin/showcase/projects/${project.id}`, ownerToken, { hidden: false, reason: 'Photographer confirmed' });
    expect(show.statusCode, show.body).toBe(200);
    seen = await publicIds('Lantern');
    expect(seen.explore).toContain(project.id);
    expect(seen.search.projects.map((p: { id: string }) => p.id)).toContain(project.id);
    expect((await call('GET', `/projects/public-project/${project.id}`)).statusCode).toBe(200);

    const audit = await api.db.select().from(auditLog).where(eq(auditLog.targetId, project.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['showcase.project_hidden', 'showcase.project_shown']);
    expect(audit.find((a) => a.action === 'showcase.project_hidden')!.details).toMatchObject({ reason: 'Copied photographs' });
  });

  it("hides a firm's whole portfolio (directory, search, explore, pages) and shows it again", async () => {
    const firm = await createFirm(api.db, { firmName: 'Vanishing Atelier' });
    const project = await createPublicProject(api.ctx, firm.id, { projectName: 'Glass Pavilion', images: [] });
    const hide = await call('PUT', `/admin/showcase/firms/${firm.id}`, ownerToken, { hidden: true, reason: 'Impersonates another firm' });
    expect(hide.statusCode, hide.body).toBe(200);

    const seen = await publicIds('Vanishing');
    expect(seen.explore).not.toContain(project.id);
    expect(seen.search.firmList).toEqual([]);
    expect(seen.directory.firms.map((f: { id: string }) => f.id)).not.toContain(firm.id);
    expect((await call('GET', `/projects/public-portfolio/${firm.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/projects/public-project/${project.id}`)).statusCode).toBe(404);

    await call('PUT', `/admin/showcase/firms/${firm.id}`, ownerToken, { hidden: false });
    expect((await call('GET', `/projects/public-portfolio/${firm.id}`)).statusCode).toBe(200);
    expect((await publicIds('Vanishing')).search.firmList.map((f: { id: string }) => f.id)).toEqual([firm.id]);
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.targetId, firm.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['showcase.portfolio_hidden', 'showcase.portfolio_shown']);
  });

  it('needs a reason to hide; unknown or workspace projects are 404', async () => {
    const firm = await createFirm(api.db);
    const project = await createPublicProject(api.ctx, firm.id, { images: [] });
    const res = await call('PUT', `/admin/showcase/projects/${project.id}`, ownerToken, { hidden: true, reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect((await call('PUT', `/admin/showcase/projects/${'b'.repeat(24)}`, ownerToken, { hidden: true, reason: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/admin/showcase/projects/nope`, ownerToken, { hidden: true, reason: 'x' })).statusCode).toBe(404);
  });
});

describe('sub admins and setting', () => {
  it('an owner creates a sub-admin, who signs in, may not manage admins, and is 401 at once when revoked', async () => {
    const created = await call('POST', '/admin/admins', ownerToken, { name: 'Sub One', email: 'sub1@platform.test', password: 'sub-pass-12' });
    expect(created.statusCode, created.body).toBe(201);
    const subToken = await adminLogin('sub1@platform.test', 'sub-pass-12');
    const list = (await call('GET', '/admin/admins', subToken)).json().data;
    expect(list.canManage).toBe(false);
    expect(list.admins.map((a: { email: string; level: string }) => `${a.email}:${a.level}`)).toEqual(['owner@platform.test:owner', 'sub1@platform.test:sub']);
    expect((await call('GET', '/admin/firms', subToken)).statusCode).toBe(200);
    expect((await call('POST', '/admin/admins', subToken, { name: 'Sub Two', email: 'sub2@platform.test', password: 'sub-pass-12' })).statusCode).toBe(403);

    const subId = list.admins.find((a: { email: string }) => a.email === 'sub1@platform.test').id;
    expect((await call('DELETE', `/admin/admins/${subId}`, subToken)).statusCode).toBe(403);
    const revoked = await call('DELETE', `/admin/admins/${subId}`, ownerToken);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await call('GET', '/admin/firms', subToken)).statusCode).toBe(401);
    const login = await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'sub1@platform.test', password: 'sub-pass-12' } });
    expect(login.statusCode).toBe(401);
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.targetId, subId));
    expect(audit.map((a) => a.action).sort()).toEqual(['admin.login', 'admin.sub_created', 'admin.sub_revoked']);
  });

  it('refuses a taken email (409) and never revokes an owner (404)', async () => {
    const user = await createUser(api.db);
    expect((await call('POST', '/admin/admins', ownerToken, { name: 'X', email: user.email, password: 'sub-pass-12' })).statusCode).toBe(409);
    const owner = (await call('GET', '/admin/admins', ownerToken)).json().data.admins.find((a: { you: boolean }) => a.you);
    expect((await call('DELETE', `/admin/admins/${owner.id}`, ownerToken)).statusCode).toBe(404);
  });

  it("changes the admin's own password with the current one, ending its other sessions", async () => {
    await createOrResetSuperAdmin(api.db, { email: 'changer@platform.test', password: 'first-pass-1' });
    const token = await adminLogin('changer@platform.test', 'first-pass-1');
    const other = await adminLogin('changer@platform.test', 'first-pass-1');
    expect((await call('PUT', '/admin/password', token, { currentPassword: 'wrong-pass', newPassword: 'second-pass-2' })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/password', token, { currentPassword: 'first-pass-1', newPassword: 'short' })).statusCode).toBe(400);
    const ok = await call('PUT', '/admin/password', token, { currentPassword: 'first-pass-1', newPassword: 'second-pass-2' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', '/admin/admins', token)).statusCode).toBe(200);
    expect((await call('GET', '/admin/admins', other)).statusCode).toBe(401);
    await adminLogin('changer@platform.test', 'second-pass-2');
  });
});

describe('every admin call refuses non-admins', () => {
  const ID = 'c'.repeat(24);
  const CALLS: Array<[string, 'GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?]> = [
    ['firms', 'GET', '/admin/firms'],
    ['mark paid', 'PUT', `/admin/firms/${ID}/subscription`, { paidUntil: '2031-01-01' }],
    ['moderation projects', 'GET', '/admin/showcase/projects'],
    ['moderation firms', 'GET', '/admin/showcase/firms'],
    ['hide project', 'PUT', `/admin/showcase/projects/${ID}`, { hidden: true, reason: 'x' }],
    ['hide portfolio', 'PUT', `/admin/showcase/firms/${ID}`, { hidden: true, reason: 'x' }],
    ['admins', 'GET', '/admin/admins'],
    ['create admin', 'POST', '/admin/admins', { name: 'N', email: 'n@x.test', password: 'password-1' }],
    ['revoke admin', 'DELETE', `/admin/admins/${ID}`],
    ['password', 'PUT', '/admin/password', { currentPassword: 'a', newPassword: 'password-1' }],
  ];
  const CALLERS = ['nobody', 'explorer', 'firm', 'employee', 'admin-token-of-a-user-session'] as const;
  const tokens: Record<string, string | undefined> = {};
  beforeAll(async () => {
    const firm = await createFirm(api.db);
    tokens.explorer = await tokenOf((await createUser(api.db, { role: 'explorer' })).id);
    tokens.firm = await tokenOf(firm.id);
    tokens.employee = await tokenOf((await createEmployee(api.db, firm.id, { isSubAdmin: true })).id);
    // A super-admin's product-kind session (not an admin token) is refused too.
    const admins = (await call('GET', '/admin/admins', ownerToken)).json().data.admins;
    tokens['admin-token-of-a-user-session'] = await tokenOf(admins[0].id);
  });

  it.each(CALLS.flatMap((c) => CALLERS.map((who) => [`${c[0]} as ${who}`, c, who] as const)))('%s', async (_name, [, method, url, body], who) => {
    const res = await call(method, url, tokens[who], body);
    expect(res.statusCode).toBe(who === 'nobody' ? 401 : 403);
    expect(typeof res.json().message).toBe('string');
  });
});
