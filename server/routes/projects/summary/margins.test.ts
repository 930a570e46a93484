import { summaryCall } from '../../../../tests/helpers/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleThroughApi, tokenOf } from '../../../../tests/helpers/schedules';
import { bearer, createTestApi, type TestApi } from '../../../../tests/helpers/test-api';
import { MARGINS_FORBIDDEN } from '../../../auth/margins';
import type { UserRow } from '../../../queries/users';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../../seed/factories';
import { createSummaryTree } from '../../../seed/summary-tree';

/**
 * Who sees margins (docs/decisions/258): the firm, its sub-admins and employees
 * granted "Can see financials" read trade prices, profit and markup and may change a trade price;
 * a member employee without the flag reads the client figures alone and gets 403 for a trade price.
 */

let api: TestApi;
let firm: UserRow;
const tokens: Record<'firm' | 'subAdmin' | 'granted' | 'plain', string> = { firm: '', subAdmin: '', granted: '', plain: '' };
let projectId: string;
let scheduleId: string;
let itemId: string;

const MARGIN_KEY = /"(tradePrice|tradeCost|netProfit|markup)"/;

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Margin Studio' });
  const subAdmin = await createEmployee(api.db, firm.id, { isSubAdmin: true });
  const granted = await createEmployee(api.db, firm.id, { canSeeFinancials: true });
  const plain = await createEmployee(api.db, firm.id);
  tokens.firm = await tokenOf(api, firm);
  tokens.subAdmin = await tokenOf(api, subAdmin);
  tokens.granted = await tokenOf(api, granted);
  tokens.plain = await tokenOf(api, plain);
  const project = await createWorkspaceProject(api.db, firm.id);
  projectId = project.id;
  for (const member of [granted, plain]) await createMember(api.db, project.id, { name: member.userName, email: member.email });
  scheduleId = (await createScheduleThroughApi(api, tokens.firm, project.id)).id;
  const tree = await createSummaryTree(api.db, { scheduleId, firmId: firm.id }, [
    { name: 'Living', sections: [{ title: 'Sofa', items: [{ type: 'product', title: 'Sofa', retailPrice: 100_000_00, tradePrice: 60_000_00, quantity: 2, discountBp: 1000 }] }] },
  ]);
  itemId = tree.rooms[0]!.sections[0]!.items[0]!;
});
afterAll(async () => api?.close());

// Changes name the version read just now (summaryCall, docs/decisions/320).
const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) => summaryCall(api, token, { method, url, payload });

describe('margins in the summary', () => {
  it.each(['firm', 'subAdmin', 'granted'] as const)('are read by %s', async (who) => {
    const res = await call(tokens[who], 'GET', `/api/projects/summary/${scheduleId}`);
    expect(res.statusCode).toBe(200);
    const item = res.json().data.rooms[0].sections[0].items[0];
    expect(item.tradePrice).toBe(60_000_00);
    expect(item.figures).toEqual({ clientPrice: 180_000_00, tradeCost: 120_000_00, netProfit: 60_000_00, markup: 50 });
    const list = await call(tokens[who], 'GET', `/api/projects/schedules/${projectId}?summary=${scheduleId}`);
    expect(list.json().data.canSeeMargins).toBe(true);
    expect(list.json().data.summary.totals.tradeCost).toBe(120_000_00);
  });

  it('are left out of every read for a member employee without the flag', async () => {
    const res = await call(tokens.plain, 'GET', `/api/projects/summary/${scheduleId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(MARGIN_KEY);
    const data = res.json().data;
    expect(data.rooms[0].sections[0].items[0].figures).toEqual({ clientPrice: 180_000_00 });
    expect(data.rooms[0].totals).toEqual({ clientPrice: 180_000_00 });
    expect(data.totals).toEqual({ clientPrice: 180_000_00 });

    const list = await call(tokens.plain, 'GET', `/api/projects/schedules/${projectId}?summary=${scheduleId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.canSeeMargins).toBe(false);
    expect(list.body).not.toMatch(MARGIN_KEY);

    const print = await call(tokens.plain, 'GET', `/api/projects/schedules/${scheduleId}/print`);
    expect(print.statusCode).toBe(200);
    expect(print.body).not.toMatch(MARGIN_KEY);
    expect(print.json().data.summary.totals.clientPrice).toBe(180_000_00);
  });

  it('may be changed by one granted the flag, and the reply carries them', async () => {
    const res = await call(tokens.granted, 'PUT', `/api/projects/summary/items/${itemId}`, { tradePrice: 55_000_00 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.figures.tradeCost).toBe(110_000_00);
  });

  it('answers 403 to a member employee without the flag who sets a trade price, alone or in Save all, and changes nothing', async () => {
    const before = (await call(tokens.firm, 'GET', `/api/projects/summary/${scheduleId}`)).json().data.rooms[0].sections[0].items[0].tradePrice;
    const one = await call(tokens.plain, 'PUT', `/api/projects/summary/items/${itemId}`, { tradePrice: 1 });
    expect(one.statusCode).toBe(403);
    expect(one.json().message).toBe(MARGINS_FORBIDDEN);
    const all = await call(tokens.plain, 'PUT', `/api/projects/summary/${scheduleId}/items`, { items: [{ id: itemId, title: 'Sofa', tradePrice: 1 }] });
    expect(all.statusCode).toBe(403);
    const after = (await call(tokens.firm, 'GET', `/api/projects/summary/${scheduleId}`)).json().data.rooms[0].sections[0].items[0].tradePrice;
    expect(after).toBe(before);
  });

  it('lets a member employee without the flag change client figures, answered without margins', async () => {
    const res = await call(tokens.plain, 'PUT', `/api/projects/summary/items/${itemId}`, { retailPrice: 90_000_00, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(MARGIN_KEY);
    expect(res.json().data.figures).toEqual({ clientPrice: 81_000_00 });
    const all = await call(tokens.plain, 'PUT', `/api/projects/summary/${scheduleId}/items`, { items: [{ id: itemId, title: 'Sofa, three seats', discountBp: 0 }] });
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toMatch(MARGIN_KEY);
  });

  it('keeps the firm-wide Financial overview 403 for every employee who is not a sub-admin, flag or not', async () => {
    expect((await call(tokens.plain, 'GET', '/api/projects/financial')).statusCode).toBe(403);
    expect((await call(tokens.granted, 'GET', '/api/projects/financial')).statusCode).toBe(403);
    expect((await call(tokens.subAdmin, 'GET', '/api/projects/financial')).statusCode).toBe(200);
  });
});

describe('the "Can see financials" flag on the employee form', () => {
  it('is off by default, and the firm turns it on and off', async () => {
    const form = { name: 'Asha Patel', designation: 'Architect', email: 'asha@margins.test', mobile: '9000000001', address: 'Pune', password: 'secret12', confirmPassword: 'secret12' };
    const created = await api.app.inject({ method: 'POST', url: '/api/employees', headers: bearer(tokens.firm), payload: form });
    expect(created.statusCode).toBe(201);
    const employee = created.json().data;
    expect(employee.canSeeFinancials).toBe(false);
    const granted = await api.app.inject({ method: 'PUT', url: `/api/employees/${employee.id}`, headers: bearer(tokens.firm), payload: { ...form, password: '', confirmPassword: '', canSeeFinancials: true, version: employee.version } });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.canSeeFinancials).toBe(true);
    const list = await api.app.inject({ method: 'GET', url: '/api/employees', headers: bearer(tokens.firm) });
    expect(list.json().data.employees.find((e: { id: string }) => e.id === employee.id).canSeeFinancials).toBe(true);
  });
});
