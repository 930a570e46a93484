import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { firmTeam } from '../../../tests/helpers/firm-team';
import { addDays, isoDay } from '../../contract/dates';
import { billedAmountOf, EXPENSE_MESSAGES as M, parseMarkup, type ExpensesReply } from '../../contract/expenses';
import type { Invoice } from '../../contract/invoices';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createWorkspaceProject } from '../../seed/factories';

/** A project's expenses (docs/decisions/374): recorded, owed to a person, billed once at cost or with a markup. */

let api: TestApi;
let tokens: Awaited<ReturnType<typeof firmTeam>>['tokens'];
let projectId: string;
let clientId: string;
let personId: string;
const RUPEE = 100;
const day = addDays(isoDay(new Date()), -3);

beforeAll(async () => {
  api = await createTestApi();
  const team = await firmTeam(api.db);
  tokens = team.tokens;
  await createBillingProfile(api.db, team.firm.id);
  projectId = (await createWorkspaceProject(api.db, team.firm.id)).id;
  clientId = (await createContact(api.db, team.firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra' })).id;
  personId = (await createEmployee(api.db, team.firm.id, { userName: 'Priya Nair' })).id;
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = tokens.firm) => api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const list = async () => ((await call('GET', `/expenses/${projectId}`)).json() as ExpensesReply).data;

describe('markups', () => {
  it('are read as typed and added to the paisa', () => {
    expect(['', '10', '12.5', '100', '0.25'].map(parseMarkup)).toEqual([0, 1000, 1250, 10_000, 25]);
    expect(['100.01', '-1', '1.234', 'ten'].map(parseMarkup)).toEqual([null, null, null, null]);
    // ₹4,999.99 with 12.5 %: 4,99,999 × 1250 ÷ 10000 = 62,499.875 → 62,500 paise.
    expect(billedAmountOf(4_99_999, 1250)).toBe(5_62_499);
  });
});

describe('expenses', () => {
  it('are financials: a plain employee gets none of them', async () => {
    expect((await call('GET', `/expenses/${projectId}`, undefined, tokens.employee)).statusCode).toBe(404);
    expect((await call('GET', `/expenses/${projectId}`, undefined, tokens.other)).statusCode).toBe(404);
  });

  it('refuse a day to come, an unknown person or receipt, a markup above 100 %', async () => {
    const bad = async (body: object) => (await call('POST', `/expenses/${projectId}`, { spentOn: day, category: 'printing', amount: 100, ...body })).json().message;
    expect(await bad({ spentOn: addDays(isoDay(new Date()), 2) })).toBe(M.future);
    expect(await bad({ paidBy: 'a'.repeat(24) })).toBe(M.personNotFound);
    expect(await bad({ receiptFileId: 'a'.repeat(24) })).toBe(M.receiptNotFound);
    expect((await call('POST', `/expenses/${projectId}`, { spentOn: day, category: 'printing', amount: 100, markupBp: 10_001 })).statusCode).toBe(400);
    expect((await call('POST', `/expenses/${projectId}`, { spentOn: day, category: 'lunch', amount: 100 })).statusCode).toBe(400);
  });

  it('are billed once, at cost or with the markup, and owed to who paid them', async () => {
    const record = (body: object) => call('POST', `/expenses/${projectId}`, { spentOn: day, ...body });
    expect((await record({ category: 'printing', supplier: 'Sharma Prints', amount: 5_000 * RUPEE, gst: 900 * RUPEE, billable: true, markupBp: 1000 })).statusCode).toBe(201);
    expect((await record({ category: 'travel', amount: 1_200 * RUPEE, paidBy: personId, billable: true })).statusCode).toBe(201);
    expect((await record({ category: 'other', amount: 300 * RUPEE })).statusCode).toBe(201);
    let data = await list();
    // By hand: ₹5,000 + 10 % = ₹5,500; travel at cost ₹1,200; ready ₹6,700; owed to Priya ₹1,200.
    expect(data.totals).toEqual({ amount: 6_500 * RUPEE, gst: 900 * RUPEE, readyToBill: 6_700 * RUPEE, toReimburse: 1_200 * RUPEE });

    const [one, two] = await Promise.all([call('POST', `/expenses/${projectId}/bill`, { contactId: clientId }), call('POST', `/expenses/${projectId}/bill`, { contactId: clientId }, tokens.subAdmin)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const billed = [one, two].find((r) => r.statusCode === 201)!.json() as { data: { invoiceId: string; amount: number } };
    expect(billed.data.amount).toBe(6_700 * RUPEE);
    const invoice = (await call('GET', `/invoices/${billed.data.invoiceId}`)).json().data as Invoice;
    expect(invoice.lines.map((l) => [l.description, l.taxable])).toEqual([
      [expect.stringMatching(/^Expense: Printing and drawings, Sharma Prints, .+ \(with a 10 % markup\)$/), 5_500 * RUPEE],
      [expect.stringMatching(/^Expense: Travel and site visits, .+ \(at cost\)$/), 1_200 * RUPEE],
    ]);
    // rule 46: GST charged on the rebilled expense as part of the service, 9 % + 9 % in Maharashtra.
    expect(invoice.lines[0]).toMatchObject({ cgst: 495 * RUPEE, sgst: 495 * RUPEE });
    expect((await call('POST', `/expenses/${projectId}/bill`, { contactId: clientId })).json().message).toBe(M.nothingToBill);

    data = await list();
    const printing = data.expenses.find((e) => e.category === 'printing')!;
    expect(printing.billed).toBe(true);
    expect((await call('DELETE', `/expenses/${projectId}/${printing.id}`)).json().message).toBe(M.billed);
    const travel = data.expenses.find((e) => e.category === 'travel')!;
    expect((await call('POST', `/expenses/${projectId}/${printing.id}/reimbursed`)).json().message).toBe(M.notOwed);
    expect((await call('POST', `/expenses/${projectId}/${travel.id}/reimbursed`)).statusCode).toBe(200);
    expect((await call('POST', `/expenses/${projectId}/${travel.id}/reimbursed`)).json().message).toBe(M.alreadyReimbursed);
    expect((await list()).totals.toReimburse).toBe(0);
  });
});
