import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, loginToken, messagesByPath, type TestApi } from '../../tests/helpers/test-api';
import { CONFIRMATION_MESSAGES } from '../contract/employee-confirmation';
import { EMPLOYEE_MESSAGES as EM } from '../contract/employees-rules';
import { FIRM_MAIL_MESSAGES as FM } from '../contract/firm-mail-rules';
import { LEAD_MESSAGES as LM } from '../contract/leads-rules';
import { VERIFY } from '../contract/vocabulary';
import { auditLog, leadMessages, users } from '../db/schema';
import { createEmployee, createFirm } from '../seed/factories';
import { createLead } from '../seed/leads';
import type { UserRow } from '../queries/users';
import { FirmMail } from '../services/firm-mail';
import { runHousekeeping } from '../services/housekeeping';
import { PostgresCounterStore } from '../queries/rate-limit-counters';
import { createSession } from '../queries/sessions';

/**
 * docs/decisions/235, 236: A firm not yet approved sends no mail outside
 * its own accounts; every firm's outside mail is limited per hour and day, at most 20 recipients,
 * audited; a firm's new employee is unconfirmed until its person confirms, gives way to the
 * address's owner, and lapses after 7 days.
 */

type OutboxMail = { to: string | string[]; cc?: string[]; bcc?: string[]; subject: string; text: string };

let api: TestApi;
let approved: UserRow;
let approvedToken: string;
const PER_HOUR = 3;

beforeAll(async () => {
  api = await createTestApi({ FIRM_MAIL_PER_HOUR: String(PER_HOUR), FIRM_MAIL_PER_DAY: '5' });
  approved = await createFirm(api.db, { firmName: 'Trusted Studio' });
  approvedToken = (await createSession(api.db, approved.id, { remember: false })).token;
});
afterAll(() => api?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

let n = 0;
const employeeForm = (over: Record<string, unknown> = {}) => {
  n += 1;
  return { name: `Asha ${n}`, designation: 'Architect', email: `asha${n}@trust.test`, mobile: '9876543210', address: 'Pune', password: 'secret12', confirmPassword: 'secret12', ...over };
};
const outbox = async () => (await api.outbox()) as OutboxMail[];
const mailsTo = async (email: string) => (await outbox()).filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).includes(email));
const linkIn = (mail: OutboxMail | undefined) => /\/confirm-account\/([\w-]+)/.exec(mail?.text ?? '')?.[1];

async function firmWithToken(isVerify: number) {
  const firm = await createFirm(api.db, { isVerify });
  return { firm, token: (await createSession(api.db, firm.id, { remember: false })).token };
}

describe('item 1: mail on a firm’s behalf', () => {
  it.each([
    ['none', VERIFY.none],
    ['pending', VERIFY.pending],
    ['rejected', VERIFY.rejected],
  ])('a firm whose verification is %s sends no New Message and creates no employee (403, nothing mailed)', async (_label, isVerify) => {
    const { firm, token } = await firmWithToken(isVerify);
    const lead = await createLead(api.db, firm.id, { email: `visitor-${isVerify}@outside.test` });
    const before = (await outbox()).length;
    const message = await call('POST', `/api/leads/${lead.id}/messages`, token, { to: 'victim@outside.test', subject: 'Hello', message: 'Buy now' });
    expect(message.statusCode).toBe(403);
    expect(message.json().message).toBe(FM.unverified);
    expect(await api.db.select().from(leadMessages).where(eq(leadMessages.leadId, lead.id))).toHaveLength(0);
    const employee = await call('POST', '/api/employees', token, employeeForm({ email: `held-${isVerify}@outside.test` }));
    expect(employee.statusCode).toBe(403);
    expect(employee.json().message).toBe(FM.unverified);
    expect(await api.db.select().from(users).where(eq(users.email, `held-${isVerify}@outside.test`))).toHaveLength(0);
    expect((await outbox()).length).toBe(before);
  });

  it('an unverified firm still mails its own accounts: the firm itself on a New Message', async () => {
    const { firm, token } = await firmWithToken(VERIFY.pending);
    const lead = await createLead(api.db, firm.id);
    const res = await call('POST', `/api/leads/${lead.id}/messages`, token, { to: firm.email, subject: 'Note to self', message: 'Call them back' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses more than 20 recipients in To, Cc and Bcc together, with a clear message', async () => {
    const lead = await createLead(api.db, approved.id);
    const list = (from: number) => Array.from({ length: 7 }, (_, i) => `r${from + i}@outside.test`).join(', ');
    const res = await call('POST', `/api/leads/${lead.id}/messages`, approvedToken, { to: list(0), cc: list(10), bcc: list(20), subject: 'Many', message: 'Too many' });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toMatchObject({ to: LM.tooManyRecipients });
    expect(LM.tooManyRecipients).toBe('At most 20 recipients in To, Cc and Bcc together');
  });

  it('limits an approved firm’s outside mail per hour (429 with Retry-After), and audits every mail sent', async () => {
    const { firm, token } = await firmWithToken(VERIFY.approved);
    const lead = await createLead(api.db, firm.id);
    const send = (i: number) => call('POST', `/api/leads/${lead.id}/messages`, token, { to: `client${i}@outside.test`, subject: `Reply ${i}`, message: 'Thank you' });
    for (let i = 0; i < PER_HOUR; i++) expect((await send(i)).statusCode).toBe(201);
    const over = await send(PER_HOUR);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(FM.perHour(PER_HOUR));
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const audited = await api.db.select().from(auditLog).where(eq(auditLog.firmId, firm.id));
    const sent = audited.filter((a) => a.action === 'mail.sent');
    expect(sent).toHaveLength(PER_HOUR);
    expect(sent[0]!.details).toMatchObject({ kind: 'lead-message', subject: expect.stringMatching(/^Reply /) });
    // Another firm's allowance is its own.
    const other = await createLead(api.db, approved.id);
    expect((await call('POST', `/api/leads/${other.id}/messages`, approvedToken, { to: 'someone@outside.test', subject: 'Hi', message: 'Hello' })).statusCode).toBe(201);
  });

  it('counts in the shared store: two api replicas on one database share a firm’s allowance', async () => {
    const firm = await createFirm(api.db);
    const mailer = { send: async () => {} };
    const replicas = [0, 1].map(() => new FirmMail(api.db, mailer, new PostgresCounterStore(api.db), { perHour: 4, perDay: 100 }));
    const sender = { firmId: firm.id, actorId: firm.id, kind: 'test' };
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => replicas[i % 2]!.send(sender, { to: `x${i}@outside.test`, subject: 's', text: 't' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.statusCode)).toEqual([429, 429]);
  });
});

describe('item 2: an address belongs to whoever proves it', () => {
  // Each test its own approved firm: the allowance of PER_HOUR mails is per firm.
  async function addEmployee(over: Record<string, unknown> = {}) {
    const { firm, token: firmToken } = await firmWithToken(VERIFY.approved);
    const form = employeeForm(over);
    const res = await call('POST', '/api/employees', firmToken, form);
    expect(res.statusCode).toBe(201);
    await api.ctx.background.idle();
    const [mail] = (await mailsTo(form.email)).slice(-1);
    return { firm, firmToken, form, employee: res.json().data as { id: string; awaitingConfirmation: boolean }, mail, token: linkIn(mail)! };
  }

  it('the welcome mail names who added the address and offers “This was not me”; the link shows the firm, then confirms once', async () => {
    const { firm, firmToken, form, employee, mail, token } = await addEmployee();
    expect(employee.awaitingConfirmation).toBe(true);
    expect(mail!.text).toContain(`${firm.userName} (${firm.email}) of ${firm.firmName}`);
    expect(mail!.text).toContain('This was not me');
    const page = await call('GET', `/api/employees/confirmation/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ email: form.email, firmName: firm.firmName });
    // Nothing but the confirmation until then.
    expect((await call('POST', '/api/users/login', undefined, { email: form.email, password: 'secret12' })).json().message).toBe(EM.unconfirmed);
    const confirmed = await call('POST', `/api/employees/confirmation/${token}/confirm`);
    expect(confirmed.json()).toEqual({ message: CONFIRMATION_MESSAGES.confirmed });
    expect(await loginToken(api, form.email, 'secret12')).toBeTruthy();
    expect((await call('POST', `/api/employees/confirmation/${token}/confirm`)).statusCode).toBe(404);
    const list = (await call('GET', '/api/employees', firmToken)).json().data.employees;
    expect(list.find((e: { id: string }) => e.id === employee.id)).toMatchObject({ awaitingConfirmation: false });
  });

  it('“This was not me” removes the account, frees the address and tells the firm', async () => {
    const { firm, form, employee, token } = await addEmployee();
    const res = await call('POST', `/api/employees/confirmation/${token}/not-me`);
    expect(res.json()).toEqual({ message: CONFIRMATION_MESSAGES.released });
    expect(await api.db.select().from(users).where(eq(users.id, employee.id))).toHaveLength(0);
    await api.ctx.background.idle();
    expect((await mailsTo(firm.email)).some((m) => m.text.includes('This was not me') && m.text.includes(form.email))).toBe(true);
    expect((await call('GET', `/api/employees/confirmation/${token}`)).statusCode).toBe(404);
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.targetId, employee.id));
    expect(audit.map((a) => a.action)).toContain('employee.released');
  });

  it('the owner’s own sign-up wins over a pending employee of the address (was 409), and the firm is told', async () => {
    const { firm, form, employee } = await addEmployee();
    const res = await call('POST', '/api/users/register', undefined, { userName: 'The Owner', email: form.email.toUpperCase(), password: 'owner-pass1', role: 'explorer', loginType: 'normal' });
    expect(res.statusCode).toBe(201);
    expect(await api.db.select().from(users).where(eq(users.id, employee.id))).toHaveLength(0);
    await api.ctx.background.idle();
    expect((await mailsTo(firm.email)).some((m) => m.text.includes('signed up') && m.text.includes(form.email))).toBe(true);
    // A confirmed employee's address is taken, as before.
    const confirmed = await createEmployee(api.db, firm.id);
    expect((await call('POST', '/api/users/register', undefined, { userName: 'X', email: confirmed.email, password: 'owner-pass1', role: 'explorer', loginType: 'normal' })).statusCode).toBe(409);
  });

  it('a resend sends a new link (the old one dies); a confirmed employee has none to resend', async () => {
    const { firmToken, form, employee, token } = await addEmployee();
    const res = await call('POST', `/api/employees/${employee.id}/resend-confirmation`, firmToken);
    expect(res.statusCode).toBe(200);
    await api.ctx.background.idle();
    const fresh = linkIn((await mailsTo(form.email)).at(-1));
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    expect((await call('POST', `/api/employees/confirmation/${token}/confirm`)).statusCode).toBe(404);
    expect((await call('POST', `/api/employees/confirmation/${fresh}/confirm`)).statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${employee.id}/resend-confirmation`, firmToken)).json().message).toBe(EM.alreadyConfirmed);
    // Its address is its person's now: the firm cannot move it elsewhere.
    const listed = (await call('GET', '/api/employees', firmToken)).json().data.employees as Array<{ id: string; version: number }>;
    const version = listed.find((e) => e.id === employee.id)!.version;
    const moved = await call('PUT', `/api/employees/${employee.id}`, firmToken, { ...form, email: 'elsewhere@trust.test', version });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(EM.confirmedEmailIsTheirs);
  });

  it('lapses after 7 days (the housekeeping), the firm told; a confirmed employee stays', async () => {
    const { firm, employee } = await addEmployee();
    const stays = await createEmployee(api.db, firm.id);
    expect((await runHousekeeping(api.ctx, new Date(Date.now() + 6 * 86_400_000))).lapsedEmployees).toBe(0);
    const done = await runHousekeeping(api.ctx, new Date(Date.now() + 7 * 86_400_000 + 60_000));
    expect(done.lapsedEmployees).toBeGreaterThanOrEqual(1);
    expect(await api.db.select().from(users).where(eq(users.id, employee.id))).toHaveLength(0);
    expect(await api.db.select().from(users).where(eq(users.id, stays.id))).toHaveLength(1);
    await api.ctx.background.idle();
    expect((await mailsTo(firm.email)).some((m) => m.text.includes('within 7 days'))).toBe(true);
  });
});
