import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../../contract/dates';
import { invoices } from '../../../db/schema';
import { addDays } from '../../../services/invoices';
import { bearer, createTestApi, type TestApi } from '../../../../tests/helpers/test-api';
import { newId } from '../../../db/ids';
import { insertSchedule } from '../../../queries/schedules';
import { createBillingProfile } from '../../../seed/billing';
import { createContact } from '../../../seed/chat-book';
import { createFirm, createWorkspaceProject } from '../../../seed/factories';
import { createSummaryTree } from '../../../seed/summary-tree';
import { createSession } from '../../../queries/sessions';
import { raisePurchaseOrder } from '../../../services/purchase-orders';
import { financialCsv } from '../../../../app/routes/workspace.project.schedules.Financial.csv/financial-csv';

/**
 * One definition per figure (docs/guides/money.md, docs/decisions/417), against the guide's worked
 * example: an approved section of 3 chairs (₹4,050.00 client price, ₹2,700.00 trade cost), a section
 * the client rejected (₹1,000.00 against ₹500.00), an order for the chairs at trade price plus 18 %
 * GST, an invoice of ₹4,050.00 + 18 % and a credit note of ₹450.00 + 18 %.
 */
let api: TestApi;
let token: string;
let projectId: string;
let scheduleId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Worked Example Studio' });
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  await createBillingProfile(api.db, firm.id, { invoicePrefix: 'WEX' });
  const client = await createContact(api.db, firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra' });
  const supplier = await createContact(api.db, firm.id, { kind: 'supplier' });
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Worked example' });
  projectId = project.id;
  const schedule = await insertSchedule(api.db, { id: newId(), projectId, userId: firm.id, title: 'Living', description: 'd', images: [] });
  scheduleId = schedule.id;
  const tree = await createSummaryTree(api.db, { scheduleId, firmId: firm.id }, [
    {
      name: 'Living',
      sections: [
        { title: 'Chairs', status: 'approved', items: [{ type: 'financial', title: 'Chair', retailPrice: 150000, tradePrice: 90000, quantity: 3, discountBp: 1000 }] },
        { title: 'Rug', status: 'rejected', items: [{ type: 'financial', title: 'Rug', retailPrice: 100000, tradePrice: 50000 }] },
      ],
    },
  ]);
  await raisePurchaseOrder(api.db, { firmId: firm.id, userId: firm.id }, { id: scheduleId, projectId }, { scheduleId, supplierId: supplier.id, itemIds: tree.rooms[0]!.sections[0]!.items, notes: '' });
  const call = (url: string, payload: object) => api.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
  const draft = (await call('/invoices', { contactId: client.id, projectId, lines: [{ description: 'Chairs', quantity: 1, unitPrice: 405000, rateBp: 1800 }] })).json().data;
  expect((await call(`/invoices/${draft.id}/issue`, { version: draft.version })).statusCode).toBe(200);
  expect((await call(`/invoices/${draft.id}/credit-notes`, { reason: 'One chair scratched', amount: 45000, rateBp: 1800 })).statusCode).toBe(201);
});
afterAll(async () => api?.close());

describe('figures that agree', () => {
  it('gives each figure its one definition on the overview and in the CSV', async () => {
    const res = await api.app.inject({ method: 'GET', url: `/api/projects/financial?projectId=${projectId}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    // Client price and trade cost: the sections not rejected (405000 and 270000, not 505000 and 320000).
    expect(data.rows[0].figures).toEqual({ clientPrice: 405000, tradeCost: 270000, netProfit: 135000, markup: 50 });
    // Committed: the order before GST (270000, not 318600), so it compares with the trade cost.
    expect(data.committed.bySchedule[scheduleId]).toBe(270000);
    expect(data.committed.total).toBe(270000);
    const money = data.money[0];
    // Invoiced before GST less the credit note: 405000 − 45000; outstanding with GST: 477900 − 53100.
    expect(money).toMatchObject({ quoted: 405000, invoiced: 360000, received: 0, outstanding: 424800 });
    // Margin: the approved net profit less what was credited (135000 − 45000).
    expect(money.margin).toBe(90000);
    const csv = financialCsv(data, new Date(), 'Asia/Kolkata').body;
    expect(csv).toContain('"4050.00","2700.00","1350.00","50.00","2700.00"');
    expect(csv).toContain('"4050.00","3600.00","0.00","4248.00","900.00"');
  });

  it('ages what is owed per client and in total, and sums invoiced and received by month (docs/decisions/418)', async () => {
    const today = isoDay(new Date());
    // Due 40 days ago: 31–60 days overdue; 60 000 paise arrive with 10 000 of TDS.
    await api.db.update(invoices).set({ dueDate: addDays(today, -40) }).where(eq(invoices.projectId, projectId));
    const [invoice] = await api.db.select().from(invoices).where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'invoice')));
    const paid = await api.app.inject({ method: 'POST', url: `/api/invoices/${invoice!.id}/payments`, headers: bearer(token), payload: { paidOn: today, amount: 60000, tds: 10000, method: 'upi' } });
    expect(paid.statusCode, paid.body).toBe(201);
    const { data } = (await api.app.inject({ method: 'GET', url: `/api/projects/financial?projectId=${projectId}`, headers: bearer(token) })).json();
    const r = data.receivables;
    expect(r.byClient).toEqual([{ clientKey: expect.any(String), clientName: 'Rhea Kapoor', current: 0, d1_30: 0, d31_60: 354800, d61_90: 0, over90: 0, total: 354800 }]);
    expect(r.total.total).toBe(354800);
    expect(r.months).toHaveLength(12);
    expect(r.months.at(-1)).toEqual({ month: today.slice(0, 7), invoiced: 477900 - 53100, received: 70000 });
    expect(data.money[0].received).toBe(70000);
  });
});
