import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../../tests/helpers/query-counter';
import { bearer, createTestApi, type TestApi } from '../../../../tests/helpers/test-api';
import { newId } from '../../../db/ids';
import { insertSchedule } from '../../../queries/schedules';
import { createEmployee, createFirm, createWorkspaceProject } from '../../../seed/factories';
import { createSummaryTree } from '../../../seed/summary-tree';
import { createSession } from '../../../queries/sessions';

/** The firm-wide financial overview (docs/decisions/107): figures, totals, filter, no N+1, who may see it. */

let api: TestApi;
let token: string;
let firmId: string;
const ids: Record<string, string> = {};

const overview = (query = '', as = token) => api.app.inject({ method: 'GET', url: `/api/projects/financial${query}`, headers: bearer(as) });

async function scheduleWith(projectId: string, title: string, items: Array<{ retailPrice: number; tradePrice: number; quantity?: number; discountBp?: number }>) {
  const schedule = await insertSchedule(api.db, { id: newId(), projectId, userId: firmId, title, description: 'd', images: [] });
  await createSummaryTree(api.db, { scheduleId: schedule.id, firmId }, [{ name: 'Room', sections: [{ title: 'S', items: items.map((i) => ({ type: 'financial' as const, title: 'x', ...i })) }] }]);
  return schedule.id;
}

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Numbers Studio' });
  firmId = firm.id;
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  const villa = await createWorkspaceProject(api.db, firm.id, { projectName: 'Alibag Villa' });
  const office = await createWorkspaceProject(api.db, firm.id, { projectName: 'Bandra Office' });
  ids.villa = villa.id;
  ids.office = office.id;
  // ₹1,000 × 2 − 10 % = ₹1,800 against ₹1,200 of trade cost; ₹500 against ₹500.
  ids.living = await scheduleWith(villa.id, 'Living', [{ retailPrice: 100_000, tradePrice: 60_000, quantity: 2, discountBp: 1000 }]);
  ids.kitchen = await scheduleWith(villa.id, 'Kitchen', [{ retailPrice: 50_000, tradePrice: 50_000 }]);
  ids.desk = await scheduleWith(office.id, 'Desks', [{ retailPrice: 30_000, tradePrice: 0 }]);
  const other = await createFirm(api.db);
  await scheduleWith((await createWorkspaceProject(api.db, other.id, { projectName: 'Foreign' })).id, 'Theirs', [{ retailPrice: 1, tradePrice: 1 }]);
});
afterAll(async () => api?.close());

describe('GET /api/projects/financial', () => {
  it('answers every schedule of the firm with its figures, and the totals', async () => {
    const res = await overview();
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.projects.map((p: { projectName: string }) => p.projectName)).toEqual(['Alibag Villa', 'Bandra Office']);
    const byTitle = Object.fromEntries(data.rows.map((r: { scheduleTitle: string; figures: unknown }) => [r.scheduleTitle, r.figures]));
    expect(Object.keys(byTitle).sort()).toEqual(['Desks', 'Kitchen', 'Living']);
    expect(byTitle.Living).toEqual({ clientPrice: 180_000, tradeCost: 120_000, netProfit: 60_000, markup: 50 });
    expect(byTitle.Kitchen).toEqual({ clientPrice: 50_000, tradeCost: 50_000, netProfit: 0, markup: 0 });
    // Trade cost 0 → markup 0.
    expect(byTitle.Desks).toEqual({ clientPrice: 30_000, tradeCost: 0, netProfit: 30_000, markup: 0 });
    expect(data.totals).toEqual({ clientPrice: 260_000, tradeCost: 170_000, netProfit: 90_000, markup: 52.94 });
  });

  it('filters by project, and answers 404 for another firm\'s or an unknown project', async () => {
    const { data } = (await overview(`?projectId=${ids.office}`)).json();
    expect(data.projectId).toBe(ids.office);
    expect(data.rows.map((r: { scheduleTitle: string }) => r.scheduleTitle)).toEqual(['Desks']);
    expect(data.totals.clientPrice).toBe(30_000);
    expect((await overview(`?projectId=${newId()}`)).statusCode).toBe(404);
  });

  it('reads the same number of queries for 3 schedules as for 30 (no N+1)', async () => {
    const few = await countQueries(api, () => overview());
    for (let i = 0; i < 27; i++) await scheduleWith(ids.office!, `Extra ${i}`, [{ retailPrice: 100, tradePrice: 50 }]);
    const many = await countQueries(api, () => overview());
    expect((many.result as { json: () => { data: { rows: unknown[] } } }).json().data.rows).toHaveLength(30);
    expect(many.queries.length).toBe(few.queries.length);
  });

  it('is refused (403) to a plain employee and allowed to a sub-admin', async () => {
    const plain = (await createSession(api.db, (await createEmployee(api.db, firmId)).id, { remember: false })).token;
    const sub = (await createSession(api.db, (await createEmployee(api.db, firmId, { isSubAdmin: true })).id, { remember: false })).token;
    expect((await overview('', plain)).statusCode).toBe(403);
    const asSub = await overview('', sub);
    expect(asSub.statusCode).toBe(200);
    expect(asSub.json().data.rows.length).toBeGreaterThan(0);
  });
});
