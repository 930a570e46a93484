import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { firmTeam } from '../../../tests/helpers/firm-team';
import { COA_STAGES, FEE_MESSAGES as M, type FeeAgreement } from '../../contract/fees';
import type { Invoice } from '../../contract/invoices';
import { invoices } from '../../db/schema';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createMember, createWorkspaceProject } from '../../seed/factories';
import { createSession } from '../../queries/sessions';
import { eq } from 'drizzle-orm';

/** The fee agreement's api (docs/decisions/425–428): the COA worked example end to end through the invoices' own paths. */

let api: TestApi;
let tokens: Awaited<ReturnType<typeof firmTeam>>['tokens'];
let projectId: string;
let clientId: string;
const RUPEE = 100;

beforeAll(async () => {
  api = await createTestApi();
  const team = await firmTeam(api.db);
  tokens = team.tokens;
  await createBillingProfile(api.db, team.firm.id);
  projectId = (await createWorkspaceProject(api.db, team.firm.id)).id;
  clientId = (await createContact(api.db, team.firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra' })).id;
});
afterAll(() => api.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = tokens.firm) {
  return api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}
async function ok<T = { message: string; data: FeeAgreement }>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await call(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const base = () => `/fee-agreements/${projectId}`;
const stageId = (a: FeeAgreement, name: string) => a.stages.find((s) => s.name === name)!.id;
const invoice = async (id: string) => (await ok<{ data: Invoice }>('GET', `/invoices/${id}`)).data;
async function issue(id: string) {
  const [row] = await api.db.select({ version: invoices.version }).from(invoices).where(eq(invoices.id, id));
  return ok<{ data: Invoice }>('POST', `/invoices/${id}/issue`, { version: row!.version });
}
type Billed = { message: string; data: { kind: string; invoiceIds: string[]; agreement: FeeAgreement } };

describe('the COA worked example', () => {
  it('starts on the COA scale and schedule', async () => {
    const made = await ok('PUT', base(), { basis: 'percentage', workKind: 'other', contactId: clientId });
    expect(made.data.rateMilli).toBe(5000);
    expect(made.data.sac).toBe('998323');
    expect(made.data.stages.map((s) => [s.name, s.shareBp])).toEqual(COA_STAGES.map((s) => [s.name, s.shareBp]));
  });

  it('bills concept, preliminary, the credit-note true-up and the final stage on the actual cost', async () => {
    let a = (await ok('POST', `${base()}/costs`, { kind: 'rough', amount: 2_00_00_000 * RUPEE, recordedOn: '2026-04-10' })).data;
    const concept = stageId(a, 'Concept design');
    const preliminary = stageId(a, 'Preliminary design and estimate');
    const final = stageId(a, 'Completion and final bill');

    expect((await call('POST', `${base()}/stages/${concept}/bill`)).json().message).toBe(M.notReached);
    a = (await ok('POST', `${base()}/stages/${concept}/reached`, { reachedOn: '2026-05-01' })).data;
    // By hand: 5 % of ₹2,00,00,000 = ₹10,00,000; × 10 % = ₹1,00,000; less ₹0.
    expect(a.offer).toMatchObject({ stageId: concept, amount: 1_00_000 * RUPEE, refusal: null });
    const first = await ok<Billed>('POST', `${base()}/stages/${concept}/bill`);
    expect(first.data.kind).toBe('invoice');
    let inv = await invoice(first.data.invoiceIds[0]!);
    expect(inv.status).toBe('draft');
    expect(inv.lines).toMatchObject([{ hsnSac: '998323', quantity: '1', unit: 'NA', unitPrice: 1_00_000 * RUPEE, rateBp: 1800, taxable: 1_00_000 * RUPEE, cgst: 9_000 * RUPEE, sgst: 9_000 * RUPEE, total: 1_18_000 * RUPEE }]);
    expect(inv.lines[0]!.description).toBe('Fee for Concept design: 5 % of ₹2,00,00,000.00 (rough estimate of 10 Apr 2026) × 10 % cumulative = ₹1,00,000.00, less ₹0.00 already billed');
    // A draft counts as billed: billing again answers that it is pending.
    expect((await call('POST', `${base()}/stages/${concept}/bill`)).statusCode).toBe(409);
    await issue(inv.id);

    await ok('POST', `${base()}/costs`, { kind: 'preliminary', amount: 1_50_00_000 * RUPEE, recordedOn: '2026-06-01' });
    await ok('POST', `${base()}/stages/${preliminary}/reached`, { reachedOn: '2026-06-15' });
    // By hand: 5 % of ₹1,50,00,000 = ₹7,50,000; × 20 % = ₹1,50,000; less ₹1,00,000 = ₹50,000.
    const second = await ok<Billed>('POST', `${base()}/stages/${preliminary}/bill`);
    inv = await invoice(second.data.invoiceIds[0]!);
    expect(inv.lines).toMatchObject([{ taxable: 50_000 * RUPEE, total: 59_000 * RUPEE }]);
    expect(inv.lines[0]!.description).toContain('less ₹1,00,000.00 already billed');
    await issue(inv.id);

    // The estimate falls to ₹90,00,000: 4,50,000 × 20 % = 90,000 − 1,50,000 = −₹60,000, credited
    // newest first: ₹50,000 against the preliminary invoice (all it owes, ₹59,000 with GST), ₹10,000 against the concept's.
    await ok('POST', `${base()}/costs`, { kind: 'preliminary', amount: 90_00_000 * RUPEE, recordedOn: '2026-07-01' });
    a = (await ok<{ data: { agreement: FeeAgreement } }>('GET', base())).data.agreement!;
    expect(a.offer).toMatchObject({ stageId: preliminary, amount: -60_000 * RUPEE });
    const trueUp = await ok<Billed>('POST', `${base()}/stages/${preliminary}/bill`);
    expect(trueUp.data.kind).toBe('credit-note');
    const notes = await Promise.all(trueUp.data.invoiceIds.map(invoice));
    expect(notes.map((n) => [n.kind, n.taxable, n.total])).toEqual([
      ['credit-note', 50_000 * RUPEE, 59_000 * RUPEE],
      ['credit-note', 10_000 * RUPEE, 11_800 * RUPEE],
    ]);
    expect(trueUp.data.agreement.billed).toBe(90_000 * RUPEE);
    expect(trueUp.data.agreement.offer).toMatchObject({ amount: 0, refusal: M.nothingToBill });

    // The final stage on the actual cost: 5 % of ₹1,20,00,000 = ₹6,00,000 × 100 % − ₹90,000 = ₹5,10,000.
    await ok('POST', `${base()}/stages/${final}/reached`, { reachedOn: '2027-03-10' });
    a = (await ok<{ data: { agreement: FeeAgreement } }>('GET', base())).data.agreement!;
    expect(a.offer?.refusal).toBe(M.noCost('Actual cost'));
    await ok('POST', `${base()}/costs`, { kind: 'actual', amount: 1_20_00_000 * RUPEE, recordedOn: '2027-03-01' });
    const last = await ok<Billed>('POST', `${base()}/stages/${final}/bill`);
    inv = await invoice(last.data.invoiceIds[0]!);
    expect(inv.lines).toMatchObject([{ taxable: 5_10_000 * RUPEE, cgst: 45_900 * RUPEE, sgst: 45_900 * RUPEE, total: 6_01_800 * RUPEE }]);
    expect(inv.lines[0]!.description).toContain('actual cost of 1 Mar 2027');
    expect(last.data.agreement.billed).toBe(6_00_000 * RUPEE);
  });
});

describe('the schedule', () => {
  it('adds, renames, reorders and removes stages', async () => {
    let a = (await ok('POST', `${base()}/stages`, { name: 'Landscape', shareBp: 10_000, costBasis: 'actual' })).data;
    const added = stageId(a, 'Landscape');
    expect(a.stages.at(-1)!.id).toBe(added);
    a = (await ok('POST', `${base()}/stages/${added}/move`, { direction: 'up' })).data;
    expect(a.stages.at(-2)!.id).toBe(added);
    a = (await ok('PUT', `${base()}/stages/${added}`, { name: 'Landscape works', shareBp: 9_000, costBasis: 'tender' })).data;
    expect(a.stages.find((s) => s.id === added)).toMatchObject({ name: 'Landscape works', shareBp: 9_000, costBasis: 'tender' });
    a = (await ok('DELETE', `${base()}/stages/${added}`)).data;
    expect(a.stages.some((s) => s.id === added)).toBe(false);
    expect((await call('DELETE', `${base()}/stages/${stageId(a, 'Concept design')}`)).statusCode).toBe(409);
  });
});

describe('who sees fees', () => {
  it('an employee granted financials on the project reads; one without gets 403; neither changes', async () => {
    const member = await createEmployee(api.db, (await api.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.id, projectId) }))!.userId, { canSeeFinancials: true });
    await createMember(api.db, projectId, { email: member.email });
    const token = (await createSession(api.db, member.id, { remember: false })).token;
    expect((await call('GET', base(), undefined, token)).statusCode).toBe(200);
    expect((await call('POST', `${base()}/costs`, { kind: 'rough', amount: 100, recordedOn: '2026-01-01' }, token)).statusCode).toBe(403);
    expect((await call('GET', base(), undefined, tokens.other)).statusCode).toBe(404);
  });
});
