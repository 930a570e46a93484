import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { isoDay } from '../../contract/dates';
import type { Invoice } from '../../contract/invoices';
import { addDays, TIME_MESSAGES as M, weekStartOf, type ProjectTimeReply, type TimeEntry, type TimesheetReply } from '../../contract/time';
import { timeTimers } from '../../db/schema';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

/**
 * People's time (docs/decisions/371–373): from an entry to an invoice line, billed once; a week
 * approved freezes it; rates are financials; an hourly agreement's cap warns and refuses.
 */

let api: TestApi;
const tokens: Record<'firm' | 'subAdmin' | 'meera' | 'arjun' | 'other', string> = { firm: '', subAdmin: '', meera: '', arjun: '', other: '' };
let ids: { meera: string; arjun: string; firm: string };
let projectId: string;
let clientId: string;
const RUPEE = 100;
// A week wholly in the past, whatever day the test runs on.
const week = weekStartOf(addDays(isoDay(new Date()), -14));
const day = (i: number) => addDays(week, i);

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api;
  const firm = await createFirm(db, { firmName: 'Time Studio' });
  const meera = await createEmployee(db, firm.id, { userName: 'Meera Rao' });
  const arjun = await createEmployee(db, firm.id, { userName: 'Arjun Shah' });
  const subAdmin = await createEmployee(db, firm.id, { isSubAdmin: true });
  const other = await createFirm(db);
  const token = async (id: string) => (await createSession(db, id, { remember: false })).token;
  Object.assign(tokens, { firm: await token(firm.id), subAdmin: await token(subAdmin.id), meera: await token(meera.id), arjun: await token(arjun.id), other: await token(other.id) });
  ids = { meera: meera.id, arjun: arjun.id, firm: firm.id };
  await createBillingProfile(db, firm.id);
  projectId = (await createWorkspaceProject(db, firm.id)).id;
  await createMember(db, projectId, { email: meera.email });
  await createMember(db, projectId, { email: arjun.email });
  clientId = (await createContact(db, firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra' })).id;
});
afterAll(() => api.close());

type Who = keyof typeof tokens;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
async function ok<T>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await call(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
const record = (who: Who, body: object) => ok<{ data: TimeEntry }>(who, 'POST', `/time/${projectId}/entries`, { billable: true, ...body });
const projectWeek = (who: Who, w = week) => ok<ProjectTimeReply>(who, 'GET', `/time/${projectId}?week=${w}`);

describe('recording time', () => {
  it('records one’s own time and shows a plain employee only their own', async () => {
    const first = await record('meera', { workDate: day(0), minutes: 90, note: 'Site visit' });
    expect(first.data).toMatchObject({ person: 'Meera Rao', minutes: 90, approved: false, billed: false, version: 1 });
    await record('arjun', { workDate: day(1), minutes: 60 });
    expect((await projectWeek('meera')).data.entries.map((e) => e.person)).toEqual(['Meera Rao']);
    expect((await projectWeek('meera')).data.billing).toBeNull();
    expect((await projectWeek('firm')).data.entries.map((e) => e.person)).toEqual(['Meera Rao', 'Arjun Shah']);
  });

  it('refuses a day to come, a day above 24 hours, and a stage or task of another project', async () => {
    const future = await call('meera', 'POST', `/time/${projectId}/entries`, { workDate: addDays(isoDay(new Date()), 2), minutes: 30 });
    expect([future.statusCode, future.json().message]).toEqual([400, M.future]);
    await record('meera', { workDate: day(2), minutes: 20 * 60 });
    const full = await call('meera', 'POST', `/time/${projectId}/entries`, { workDate: day(2), minutes: 5 * 60 });
    expect([full.statusCode, full.json().message]).toEqual([400, M.dayFull]);
    const stage = await call('meera', 'POST', `/time/${projectId}/entries`, { workDate: day(3), minutes: 30, stageId: 'a'.repeat(24) });
    expect([stage.statusCode, stage.json().message]).toEqual([400, M.stageNotFound]);
    for (const minutes of [0, 24 * 60 + 1, 1.5, -5]) expect((await call('meera', 'POST', `/time/${projectId}/entries`, { workDate: day(3), minutes })).statusCode).toBe(400);
  });

  it('changes an entry only at the version read, and only the person’s own', async () => {
    const entry = (await record('meera', { workDate: day(3), minutes: 45 })).data;
    const changed = await ok<{ data: TimeEntry }>('meera', 'PUT', `/time/${projectId}/entries/${entry.id}`, { workDate: day(3), minutes: 50, version: entry.version });
    expect(changed.data).toMatchObject({ minutes: 50, version: 2 });
    const stale = await call('meera', 'PUT', `/time/${projectId}/entries/${entry.id}`, { workDate: day(3), minutes: 55, version: entry.version });
    expect([stale.statusCode, stale.json().message]).toEqual([409, M.stale]);
    expect((await call('arjun', 'PUT', `/time/${projectId}/entries/${entry.id}`, { workDate: day(3), minutes: 5, version: 2 })).statusCode).toBe(404);
    expect((await call('firm', 'DELETE', `/time/${projectId}/entries/${entry.id}`)).statusCode).toBe(403);
    expect((await call('other', 'DELETE', `/time/${projectId}/entries/${entry.id}`)).statusCode).toBe(404);
    await ok('meera', 'DELETE', `/time/${projectId}/entries/${entry.id}`);
  });

  it('runs one timer at a time and records its minutes on today', async () => {
    await ok('meera', 'POST', `/time/${projectId}/timer`, { note: 'Working drawings' });
    const twice = await call('meera', 'POST', `/time/${projectId}/timer`, {});
    expect(twice.statusCode).toBe(409);
    expect((await projectWeek('meera', isoDay(new Date()))).data.timer).toMatchObject({ projectId, note: 'Working drawings' });
    await api.db.update(timeTimers).set({ startedAt: new Date(Date.now() - 50 * 60_000) }).where(eq(timeTimers.userId, ids.meera));
    const stopped = await ok<{ message: string; data: TimeEntry }>('meera', 'POST', '/timer/stop');
    expect(stopped.data).toMatchObject({ minutes: 50, note: 'Working drawings', workDate: isoDay(new Date()) });
    expect(stopped.message).toBe(M.timerStopped('0:50'));
    expect((await call('meera', 'POST', '/timer/stop')).json().message).toBe(M.noTimer);
    // Stopped within a minute: stopped all the same, nothing recorded.
    await ok('meera', 'POST', `/time/${projectId}/timer`, {});
    expect((await call('meera', 'POST', '/timer/stop')).json().message).toBe(M.timerTooShort);
    expect((await projectWeek('meera', isoDay(new Date()))).data.timer).toBeNull();
    await ok('meera', 'DELETE', `/time/${projectId}/entries/${stopped.data.id}`);
  });
});

describe('approving a week and billing it', () => {
  it('keeps rates from a plain employee and lets the firm set them', async () => {
    expect((await ok<TimesheetReply>('meera', 'GET', `/timesheets?week=${week}`)).data.rates).toBeNull();
    expect((await call('meera', 'GET', `/timesheets?week=${week}&userId=${ids.arjun}`)).statusCode).toBe(404);
    expect((await call('meera', 'PUT', `/time-rates/${ids.meera}`, { costRate: 1, billRate: 1 })).statusCode).toBe(403);
    expect((await call('other', 'PUT', `/time-rates/${ids.meera}`, { costRate: 1, billRate: 1 })).statusCode).toBe(404);
    await ok('firm', 'PUT', `/time-rates/${ids.meera}`, { costRate: 1_000 * RUPEE, billRate: 2_500 * RUPEE });
    expect((await ok<TimesheetReply>('firm', 'GET', `/timesheets?week=${week}&userId=${ids.meera}`)).data.rates).toEqual({ costRate: 1_000 * RUPEE, billRate: 2_500 * RUPEE });
  });

  it('freezes an approved week until it is reopened', async () => {
    await record('meera', { workDate: day(4), minutes: 20 });
    await record('meera', { workDate: day(4), minutes: 20 });
    await record('meera', { workDate: day(4), minutes: 20, billable: false });
    const sheet = (await ok<TimesheetReply>('firm', 'GET', `/timesheets?week=${week}&userId=${ids.meera}`)).data;
    // By hand: 1:30 + 20:00 + 3 × 0:20 = 22:30, of which 22:10 billable (one 0:20 is not).
    expect([sheet.totalMinutes, sheet.billableMinutes]).toEqual([1350, 1330]);
    expect((await call('meera', 'POST', '/timesheets/approve', { userId: ids.meera, week })).statusCode).toBe(403);
    await ok('firm', 'POST', '/timesheets/approve', { userId: ids.meera, week: day(3) });
    expect((await call('subAdmin', 'POST', '/timesheets/approve', { userId: ids.meera, week })).json().message).toBe(M.alreadyApproved);
    const entry = (await projectWeek('meera')).data.entries[0]!;
    expect(entry.approved).toBe(true);
    expect((await call('meera', 'PUT', `/time/${projectId}/entries/${entry.id}`, { workDate: day(0), minutes: 10, version: entry.version })).json().message).toBe(M.weekApproved);
    expect((await call('meera', 'POST', `/time/${projectId}/entries`, { workDate: day(5), minutes: 10 })).json().message).toBe(M.weekApproved);
    await ok('firm', 'POST', '/timesheets/reopen', { userId: ids.meera, week });
    await ok('firm', 'POST', '/timesheets/approve', { userId: ids.meera, week });
  });

  it('bills approved billable time as hours × rate, once', async () => {
    // Arjun has no rate and no agreement gives one: billing names him.
    await ok('firm', 'POST', '/timesheets/approve', { userId: ids.arjun, week });
    expect((await call('firm', 'POST', `/time/${projectId}/bill`, { groupBy: 'person', contactId: clientId })).json().message).toBe(M.noRate('Arjun Shah'));
    await ok('firm', 'PUT', `/time-rates/${ids.arjun}`, { costRate: 500 * RUPEE, billRate: 1_500 * RUPEE });
    // Rates are frozen at approval: his week is reopened and approved again to take the new one.
    await ok('firm', 'POST', '/timesheets/reopen', { userId: ids.arjun, week });
    await ok('firm', 'POST', '/timesheets/approve', { userId: ids.arjun, week });

    const billing = (await projectWeek('firm')).data.billing!;
    // By hand: Meera 22:10 h × ₹2,500 = ₹55,416.666… → ₹55,416.67; Arjun 1:00 h × ₹1,500 = ₹1,500.
    expect(billing.ready).toEqual([
      { userId: ids.meera, person: 'Meera Rao', minutes: 1330, rate: 2_500 * RUPEE, amount: 55_416_67 },
      { userId: ids.arjun, person: 'Arjun Shah', minutes: 60, rate: 1_500 * RUPEE, amount: 1_500 * RUPEE },
    ]);
    expect(billing.readyAmount).toBe(56_916_67);
    expect((await call('meera', 'POST', `/time/${projectId}/bill`, { groupBy: 'person', contactId: clientId })).statusCode).toBe(403);

    const [one, two] = await Promise.all([call('firm', 'POST', `/time/${projectId}/bill`, { groupBy: 'person', contactId: clientId }), call('subAdmin', 'POST', `/time/${projectId}/bill`, { groupBy: 'person', contactId: clientId })]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const billed = [one, two].find((r) => r.statusCode === 201)!.json() as { data: { invoiceId: string; minutes: number; amount: number } };
    expect(billed.data).toMatchObject({ minutes: 1390, amount: 56_916_67 });
    const invoice = (await ok<{ data: Invoice }>('firm', 'GET', `/invoices/${billed.data.invoiceId}`)).data;
    expect(invoice.status).toBe('draft');
    expect(invoice.lines.map((l) => [l.quantity, l.unit, l.hsnSac, l.taxable])).toEqual([
      ['1', 'NA', '998323', 55_416_67],
      ['1', 'NA', '998323', 1_500 * RUPEE],
    ]);
    expect(invoice.lines[0]!.description).toMatch(/^Professional time: Meera Rao 22:10 h at ₹2,500\.00 an hour \(/);
    expect((await projectWeek('firm')).data.entries.filter((e) => e.billable).every((e) => e.billed)).toBe(true);
    expect((await call('firm', 'POST', `/time/${projectId}/bill`, { groupBy: 'person', contactId: clientId })).json().message).toBe(M.nothingToBill);
    expect((await call('firm', 'POST', '/timesheets/reopen', { userId: ids.meera, week })).json().message).toBe(M.reopenBilled);
  });

  it('gives a voided invoice’s time back to be billed again, by stage', async () => {
    const first = (await projectWeek('firm')).data.entries.find((e) => e.billed)!;
    const invoiceOf = await api.db.query.timeEntries.findFirst({ where: (t, { eq: is }) => is(t.id, first.id) });
    await ok('firm', 'POST', `/invoices/${invoiceOf!.invoiceId}/void`, { reason: 'Billed by stage instead' });
    const again = await ok<{ data: { invoiceId: string; amount: number } }>('firm', 'POST', `/time/${projectId}/bill`, { groupBy: 'stage', contactId: clientId });
    expect(again.data.amount).toBe(56_916_67);
    const invoice = (await ok<{ data: Invoice }>('firm', 'GET', `/invoices/${again.data.invoiceId}`)).data;
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]!.description).toMatch(/^Professional time, outside the stages: 23:10 h \(Meera Rao 22:10 h at ₹2,500\.00 an hour; Arjun Shah 1:00 h at ₹1,500\.00 an hour; /);
  });
});

describe('an hourly agreement’s cap', () => {
  it('warns at 80 % and refuses to pass it unless told to', async () => {
    const capped = (await createWorkspaceProject(api.db, ids.firm)).id;
    await ok('firm', 'PUT', `/fee-agreements/${capped}`, { basis: 'hourly', workKind: 'other', hourlyRate: 2_000 * RUPEE, hourlyCap: 3_000 * RUPEE, contactId: clientId });
    const rec = (minutes: number) => ok('firm', 'POST', `/time/${capped}/entries`, { workDate: day(5), minutes, billable: true });
    // The firm's own time has no bill rate: the agreement's ₹2,000 an hour applies. 1:15 h = ₹2,500, 83 % of the cap.
    await rec(75);
    await ok('firm', 'POST', '/timesheets/approve', { userId: ids.firm, week });
    const billing = (await ok<ProjectTimeReply>('firm', 'GET', `/time/${capped}?week=${week}`)).data.billing!;
    expect(billing.readyAmount).toBe(2_500 * RUPEE);
    expect(billing.capWarning).toMatch(/at least 80 %/);
    await ok('firm', 'POST', `/time/${capped}/bill`, { groupBy: 'person' });
    await ok('firm', 'POST', '/timesheets/reopen', { userId: ids.firm, week }).catch(() => undefined);
    // The next week's 0:30 h (₹1,000) would take it to ₹3,500.
    const next = addDays(week, 7);
    await ok('firm', 'POST', `/time/${capped}/entries`, { workDate: next, minutes: 30, billable: true });
    await ok('firm', 'POST', '/timesheets/approve', { userId: ids.firm, week: next });
    const refused = await call('firm', 'POST', `/time/${capped}/bill`, { groupBy: 'person' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, M.capPassed('₹3,000.00', '₹3,500.00')]);
    expect((await call('firm', 'POST', `/time/${capped}/bill`, { groupBy: 'person', aboveCap: true })).statusCode).toBe(201);
  });
});
