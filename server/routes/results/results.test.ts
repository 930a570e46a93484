import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { countQueries } from '../../../tests/helpers/query-counter';
import { addDays, isoDay } from '../../contract/dates';
import type { ProjectResultReply, ProjectResultsReply } from '../../contract/results';
import { createSession } from '../../queries/sessions';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { seedDemoFees } from '../../seed/fees';
import { feeAgreements, feeStageDocuments, invoices } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { TEST_ON_PGLITE } from '../../../tests/setup/test-database';

/**
 * What a project made (docs/decisions/378) on the demo's own data: the architecture firm's COA
 * agreement with two stages billed and a week of approved time (server/seed/fees.ts), an expense
 * and a payment with TDS; every figure computed by hand below.
 */

let api: TestApi;
let projectId: string;
const tokens = {} as Record<'firm' | 'subAdmin' | 'member' | 'financialMember' | 'other', string>;

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api;
  const firm = await createFirm(db);
  // The seed's employee is the firm's first: she keeps her approved week at ₹800 an hour.
  const meera = await createEmployee(db, firm.id, { userName: 'Meera Rao' });
  const member = await createEmployee(db, firm.id, { userName: 'Plain Member' });
  const financial = await createEmployee(db, firm.id, { userName: 'Financial Member', canSeeFinancials: true });
  const subAdmin = await createEmployee(db, firm.id, { isSubAdmin: true });
  const other = await createFirm(db);
  await createBillingProfile(db, firm.id);
  await createContact(db, firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra', isClient: true });
  const project = await createWorkspaceProject(db, firm.id);
  projectId = project.id;
  for (const person of [meera, member, financial]) await createMember(db, project.id, { name: person.userName, email: person.email });
  await seedDemoFees(db, [{ id: firm.id, email: 'studio@demo.test' }], [project]);
  const session = async (id: string) => (await createSession(db, id, { remember: false })).token;
  Object.assign(tokens, { firm: await session(firm.id), subAdmin: await session(subAdmin.id), member: await session(member.id), financialMember: await session(financial.id), other: await session(other.id) });
});
afterAll(() => api.close());

const get = (url: string, token = tokens.firm) => api.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
const send = (method: 'POST', url: string, payload: object) => api.app.inject({ method, url: `/api${url}`, headers: bearer(tokens.firm), payload });

describe("a project's result", () => {
  it('matches the hand computation from the demo seed', async () => {
    const today = isoDay(new Date());
    // ₹5,000 of printing with ₹900 GST, billable with 10 %: drafted, so not billed yet.
    expect((await send('POST', `/expenses/${projectId}`, { spentOn: addDays(today, -1), category: 'printing', amount: 5_000_00, gst: 900_00, billable: true, markupBp: 1000 })).statusCode).toBe(201);
    // The retainer's invoice (₹45,000 + 18 % = ₹53,100) paid: ₹48,600 arrived, ₹4,500 TDS deducted.
    const [agreement] = await api.db.select().from(feeAgreements).where(eq(feeAgreements.projectId, projectId));
    const [first] = await api.db.select({ id: invoices.id, total: invoices.total }).from(feeStageDocuments).innerJoin(invoices, eq(invoices.id, feeStageDocuments.invoiceId)).where(eq(feeStageDocuments.agreementId, agreement!.id)).orderBy(invoices.createdAt).limit(1);
    expect(first!.total).toBe(53_100_00);
    const paid = await send('POST', `/invoices/${first!.id}/payments`, { paidOn: today, amount: 48_600_00, tds: 4_500_00, method: 'bank_transfer', idempotencyKey: 'a'.repeat(32) });
    expect(paid.statusCode, paid.body).toBe(201);

    const res = await get(`/project-results/${projectId}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = (res.json() as ProjectResultReply).data;
    expect(r.feeAgreed).toBe(9_00_000_00); // 7.5 % of ₹1,20,00,000
    expect(r.billed).toBe(90_000_00); // retainer ₹45,000 + concept ₹45,000
    expect(r.received).toBe(53_100_00); // ₹48,600 + ₹4,500 TDS
    expect(r.minutes).toBe(2025); // 7:00 + 6:30 + 7:30 + 6:00 + 6:45 = 33:45
    expect(r.timeCost).toBe(27_000_00); // 2025 × ₹800 ÷ 60
    expect(r.stages).toEqual([expect.objectContaining({ minutes: 2025, cost: 27_000_00 })]);
    expect(r.expenses).toBe(5_000_00);
    expect(r.expensesGst).toBe(900_00);
    expect(r.expensesRecovered).toBe(0);
    expect(r.result).toBe(58_000_00); // 90,000 − 27,000 − 5,000
    expect(r.months.reduce((n, m) => n + m.cost, 0)).toBe(32_000_00);
    expect(r.months.at(-1)!.month).toBe(today.slice(0, 7));
  });

  it('is financials: a plain member gets 403, one allowed to see financials and a sub-admin see it, another firm 404', async () => {
    expect((await get(`/project-results/${projectId}`, tokens.member)).statusCode).toBe(403);
    expect((await get(`/project-results/${projectId}`, tokens.financialMember)).statusCode).toBe(200);
    expect((await get(`/project-results/${projectId}`, tokens.subAdmin)).statusCode).toBe(200);
    expect((await get(`/project-results/${projectId}`, tokens.other)).statusCode).toBe(404);
    expect((await get('/project-results', tokens.financialMember)).statusCode).toBe(403);
  });

  it("lists every project's result in a fixed number of statements", async () => {
    for (let i = 0; i < 3; i += 1) await createWorkspaceProject(api.db, (await api.db.select({ id: feeAgreements.firmId }).from(feeAgreements).limit(1))[0]!.id);
    const { result: res, queries } = await countQueries(api, () => get('/project-results'));
    const list = (res.json() as ProjectResultsReply).data;
    expect(list.rows).toHaveLength(4);
    expect(list.rows.find((row) => row.projectId === projectId)?.result).toBe(58_000_00);
    expect(list.totals.result).toBe(58_000_00);
    // The session, the projects, the agreements, costs, stages, time, expenses, invoices, payments.
    expect(queries.length).toBeLessThanOrEqual(12);
  });

  // Every statement over an index of its table by firm or project (sequential scans off, as tests/query-plans.test.ts does).
  it.skipIf(TEST_ON_PGLITE)('reads each table through an index', async () => {
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    const seen: Array<{ text: string; values: unknown[] }> = [];
    const original = pool.query;
    pool.query = function (this: pg.Pool, ...args: unknown[]) {
      const first = args[0] as string | { text: string; values?: unknown[] };
      seen.push(typeof first === 'string' ? { text: first, values: (args[1] as unknown[]) ?? [] } : { text: first.text, values: first.values ?? (args[1] as unknown[]) ?? [] });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
    try {
      expect((await get('/project-results')).statusCode).toBe(200);
    } finally {
      pool.query = original;
    }
    const client = await pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      const tables = ['fee_agreements', 'fee_costs', 'fee_stages', 'time_entries', 'project_expenses', 'invoices', 'invoice_payments'];
      const read = seen.filter((q) => tables.some((t) => q.text.includes(`from "${t}"`)));
      expect(read.length).toBeGreaterThanOrEqual(7);
      for (const { text, values } of read) {
        const plan = (await client.query(`explain ${text}`, values)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
        expect(plan, plan).not.toMatch(/Seq Scan on (fee_agreements|fee_costs|fee_stages|time_entries|project_expenses|invoices|invoice_payments)\b/);
      }
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  });
});
