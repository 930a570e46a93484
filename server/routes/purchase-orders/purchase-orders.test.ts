import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { PURCHASE_ORDER_MESSAGES as M, type PurchaseOrderJson, type PurchaseOrderPrintReply } from '../../contract/purchase-orders';
import { formatDay } from '../../contract/dates';
import { purchaseOrderHtml } from '../../../app/utils/purchase-order-pdf.server';
import { newId } from '../../db/ids';
import { auditLog, purchaseOrders, users } from '../../db/schema';
import { insertSchedule } from '../../queries/schedules';
import { createBillingProfile, demoGstin } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { createSummaryTree, type BuiltTree } from '../../seed/summary-tree';
import type { UserRow } from '../../queries/users';
import { createSession } from '../../queries/sessions';

/**
 * The purchase-order api (docs/decisions/285): raised from approved items at
 * trade price, numbered, acknowledged, received per line, cancelled, mailed; bad input answers
 * 400 with the field's message, another firm's order 404, a caller without the margins flag 403.
 */

let api: TestApi;
let firm: UserRow;
let tokens: { firm: string; flagged: string; member: string; other: string; bare: string };
let projectId: string;
let scheduleId: string;
let tree: BuiltTree;
let supplierId: string;
let farSupplierId: string;
let silentSupplierId: string;
let clientId: string;
let otherOrderId: string;

const PDF = Buffer.from('%PDF-1.4\n%test\n').toString('base64');

/** The approved section's items: two products and a fee; the section in review has one more. */
const approved = () => tree.rooms[0]!.sections[0]!.items;
const inReview = () => tree.rooms[0]!.sections[1]!.items;

beforeAll(async () => {
  api = await createTestApi();
  const { db } = api;
  firm = await createFirm(db, { firmName: 'Mehta Studio' });
  const other = await createFirm(db, { firmName: 'Other Studio' });
  const bareFirm = await createFirm(db, { firmName: 'No Profile Studio' });
  await createBillingProfile(db, firm.id, { state: 'Maharashtra', gstin: demoGstin('27', 'AAMFM4821K'), pan: 'AAMFM4821K' });
  await createBillingProfile(db, other.id, { legalName: 'Other Studio LLP', gstin: '', pan: '' });
  const flagged = await createEmployee(db, firm.id, { canSeeFinancials: true });
  const member = await createEmployee(db, firm.id);
  const session = async (u: UserRow) => (await createSession(db, u.id, { remember: false })).token;
  tokens = { firm: await session(firm), flagged: await session(flagged), member: await session(member), other: await session(other), bare: await session(bareFirm) };
  const project = await createWorkspaceProject(db, firm.id, { projectName: 'Koregaon Park Residence' });
  projectId = project.id;
  await createMember(db, project.id, { name: 'Flagged', email: flagged.email });
  await createMember(db, project.id, { name: 'Member', email: member.email });
  scheduleId = (await insertSchedule(db, { id: newId(), projectId, userId: firm.id, title: 'Living', description: 'd', images: [] })).id;
  tree = await createSummaryTree(db, { scheduleId, firmId: firm.id }, [
    {
      name: 'Living room',
      sections: [
        {
          title: 'Seating',
          status: 'approved',
          items: [
            { type: 'product', title: 'Cane armchair', description: 'Teak frame', retailPrice: 4_500_000, tradePrice: 3_000_000, quantity: 2 },
            { type: 'product', title: 'Sofa', retailPrice: 12_000_000, tradePrice: 9_000_001, quantity: 1 },
            { type: 'financial', title: 'Upholstery labour', retailPrice: 1_200_000, tradePrice: 800_000, quantity: 1 },
            { type: 'description', description: 'Cushions in linen' },
          ],
        },
        { title: 'Lighting', status: 'in_review', items: [{ type: 'product', title: 'Floor lamp', retailPrice: 900_000, tradePrice: 500_000 }] },
      ],
    },
  ]);
  supplierId = (await createContact(db, firm.id, { kind: 'supplier', name: 'Anita Kulkarni', company: 'Deccan Stoneworks', email: 'sales@deccanstone.example', state: 'Maharashtra', address: 'Hadapsar, Pune' })).id;
  farSupplierId = (await createContact(db, firm.id, { kind: 'supplier', name: 'Ishita Bose', email: 'ishita@terracotta.example', state: 'West Bengal' })).id;
  silentSupplierId = (await createContact(db, firm.id, { kind: 'supplier', name: 'No Mail Traders', email: '', phone: '98200 00000', state: 'Maharashtra' })).id;
  clientId = (await createContact(db, firm.id, { kind: 'client', name: 'Rhea Kapoor' })).id;
  // Another firm's order, to be refused by id.
  const otherProject = await createWorkspaceProject(db, other.id);
  const otherSchedule = (await insertSchedule(db, { id: newId(), projectId: otherProject.id, userId: other.id, title: 'S', description: 'd', images: [] })).id;
  const otherTree = await createSummaryTree(db, { scheduleId: otherSchedule, firmId: other.id }, [{ name: 'R', sections: [{ title: 'S', status: 'approved', items: [{ title: 'Chair', tradePrice: 100 }] }] }]);
  const otherSupplier = (await createContact(db, other.id, { kind: 'supplier', email: 'x@example.test' })).id;
  const res = await post(tokens.other, '/api/purchase-orders', { scheduleId: otherSchedule, supplierId: otherSupplier, itemIds: otherTree.rooms[0]!.sections[0]!.items });
  expect(res.statusCode, res.body).toBe(201);
  otherOrderId = res.json().data.id;
});
afterAll(() => api?.close());

function post(token: string, url: string, payload: unknown) {
  return api.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
}
const get = (token: string, url: string) => api.app.inject({ method: 'GET', url, headers: bearer(token) });

async function raise(overrides: Record<string, unknown> = {}, token = tokens.firm): Promise<PurchaseOrderJson> {
  const res = await post(token, '/api/purchase-orders', { scheduleId, supplierId, itemIds: approved().slice(0, 3), notes: 'Deliver to site', ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('raising a purchase order', () => {
  it('numbers it in its own series, at trade price, with CGST + SGST for a supplier in the firm’s state, and audits it as sent', async () => {
    const order = await raise();
    expect(order.number).toMatch(/^PO\/\d{4}-\d{2}\/0001$/);
    expect(order).toMatchObject({ status: 'sent', supply: 'intra', supplierName: 'Deccan Stoneworks (Anita Kulkarni)', notes: 'Deliver to site' });
    expect(order.lines.map((l) => [l.title, l.quantity, l.unitPrice, l.taxable, l.rateBp])).toEqual([
      ['Cane armchair', 2, 3_000_000, 6_000_000, 1800],
      ['Sofa', 1, 9_000_001, 9_000_001, 1800],
      ['Upholstery labour', 1, 800_000, 800_000, 1800],
    ]);
    // 18 % of ₹90,000.01 is ₹16,200.0018 → 1,620,000 paise; CGST takes the odd paisa of an odd tax.
    expect(order.taxable).toBe(15_800_001);
    expect(order.cgst + order.sgst).toBe(order.lines.reduce((sum, l) => sum + l.tax, 0));
    expect(order.igst).toBe(0);
    expect(order.total).toBe(order.taxable + order.cgst + order.sgst);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'purchase-order.sent')));
    expect(audit).toHaveLength(1);
    // The next one takes the next number.
    expect((await raise({ itemIds: [approved()[0]] })).number).toMatch(/\/0002$/);
  });

  it('raises one order for one idempotency key, however often the form is sent (decision 399)', async () => {
    const first = await raise({ itemIds: [approved()[0]], idempotencyKey: 'purchase-order-key-1' });
    const again = await raise({ itemIds: [approved()[0]], idempotencyKey: 'purchase-order-key-1' });
    expect(again.id).toBe(first.id);
    expect(again.number).toBe(first.number);
  });

  it('charges IGST to a supplier in another state, and an employee granted "Can see financials" may raise one', async () => {
    const order = await raise({ supplierId: farSupplierId, itemIds: [approved()[0]] }, tokens.flagged);
    expect(order).toMatchObject({ supply: 'inter', cgst: 0, sgst: 0, igst: 1_080_000, total: 7_080_000 });
  });

  it('answers 400 with each field’s message for bad input, never a 500', async () => {
    const empty = await post(tokens.firm, '/api/purchase-orders', {});
    expect(empty.statusCode).toBe(400);
    expect(messagesByPath(empty)).toMatchObject({ scheduleId: M.scheduleRequired, supplierId: M.supplierRequired, itemIds: M.itemsRequired });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ itemIds: [] }, 'itemIds', M.itemsRequired],
      [{ itemIds: 'abc' }, 'itemIds', M.itemsRequired],
      [{ itemIds: [inReview()[0]] }, 'itemIds', M.itemNotApproved],
      [{ itemIds: [approved()[3]] }, 'itemIds', M.itemNotApproved],
      [{ supplierId: clientId }, 'supplierId', M.notSupplier],
      [{ supplierId: newId() }, 'supplierId', M.supplierUnknown],
      [{ notes: 'x'.repeat(2001) }, 'notes', M.notesTooLong],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await post(tokens.firm, '/api/purchase-orders', { scheduleId, supplierId, itemIds: [approved()[0]], ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(messagesByPath(res)[path], JSON.stringify(overrides)).toBe(message);
    }
    const wrongType = await api.app.inject({ method: 'POST', url: '/api/purchase-orders', headers: { ...bearer(tokens.firm), 'content-type': 'application/json' }, payload: '[1,2' });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 409 with what to do when the firm has no billing profile', async () => {
    const project = await createWorkspaceProject(api.db, (await api.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.firmName, 'No Profile Studio') }))!.id);
    const schedule = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: project.userId, title: 'S', description: 'd', images: [] })).id;
    const built = await createSummaryTree(api.db, { scheduleId: schedule, firmId: project.userId }, [{ name: 'R', sections: [{ title: 'S', status: 'approved', items: [{ title: 'Chair', tradePrice: 100 }] }] }]);
    const supplier = (await createContact(api.db, project.userId, { kind: 'supplier' })).id;
    const res = await post(tokens.bare, '/api/purchase-orders', { scheduleId: schedule, supplierId: supplier, itemIds: built.rooms[0]!.sections[0]!.items });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.noBillingProfile);
  });
});

describe('who reaches purchase orders', () => {
  it('answers 403 to a member employee without "Can see financials", on every route', async () => {
    const order = await raise({ itemIds: [approved()[0]] });
    const calls = [
      get(tokens.member, `/api/purchase-orders?projectId=${projectId}`),
      get(tokens.member, `/api/purchase-orders/candidates?projectId=${projectId}`),
      get(tokens.member, `/api/purchase-orders/${order.id}`),
      get(tokens.member, `/api/purchase-orders/${order.id}/print`),
      post(tokens.member, '/api/purchase-orders', { scheduleId, supplierId, itemIds: [approved()[0]] }),
      post(tokens.member, `/api/purchase-orders/${order.id}/receive`, { lines: [{ lineId: order.lines[0]!.id, receivedQuantity: 1 }] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.tradeOnly);
    }
  });

  it('answers 404 for another firm’s order and for an id that names nothing', async () => {
    for (const id of [otherOrderId, newId(), 'not-an-id']) {
      expect((await get(tokens.firm, `/api/purchase-orders/${id}`)).statusCode).toBe(404);
      expect((await post(tokens.firm, `/api/purchase-orders/${id}/acknowledge`, {})).statusCode).toBe(404);
      expect((await post(tokens.firm, `/api/purchase-orders/${id}/receive`, { lines: [{ lineId: 'x', receivedQuantity: 0 }] })).statusCode).toBe(404);
    }
    expect((await get(tokens.other, `/api/purchase-orders?projectId=${projectId}`)).statusCode).toBe(404);
  });

  it('lists a project’s orders and the new-order form’s choices (approved priced items, suppliers, what is already ordered)', async () => {
    const list = (await get(tokens.flagged, `/api/purchase-orders?projectId=${projectId}`)).json().data;
    expect(list.orders.length).toBeGreaterThan(0);
    const candidates = (await get(tokens.firm, `/api/purchase-orders/candidates?projectId=${projectId}&scheduleId=${scheduleId}`)).json().data;
    expect(candidates.items.map((i: { title: string }) => i.title)).toEqual(['Cane armchair', 'Sofa', 'Upholstery labour']);
    expect(candidates.items[0].orderedOn.length).toBeGreaterThan(0);
    expect(candidates.suppliers.map((s: { name: string }) => s.name)).toEqual(['Anita Kulkarni', 'Ishita Bose', 'No Mail Traders']);
    expect(candidates.billingReady).toBe(true);
    expect((await get(tokens.firm, `/api/purchase-orders/candidates?projectId=${projectId}&scheduleId=${newId()}`)).statusCode).toBe(404);
  });
});

describe('the life of an order', () => {
  it('sent → acknowledged → partly received → received, per line, each audited; then neither cancelled nor acknowledged again', async () => {
    const order = await raise({ itemIds: approved().slice(0, 2) });
    const url = (action: string) => `/api/purchase-orders/${order.id}/${action}`;
    expect((await post(tokens.firm, url('acknowledge'), {})).statusCode).toBe(200);
    expect((await post(tokens.firm, url('acknowledge'), {})).statusCode).toBe(409);
    const [armchairs, sofa] = order.lines;
    let res = await post(tokens.flagged, url('receive'), { lines: [{ lineId: armchairs!.id, receivedQuantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    let read = (await get(tokens.firm, `/api/purchase-orders/${order.id}`)).json().data as PurchaseOrderJson;
    expect(read.status).toBe('partly_received');
    expect(read.lines.map((l) => l.receivedQuantity)).toEqual([1, 0]);
    res = await post(tokens.firm, url('receive'), { lines: [{ lineId: armchairs!.id, receivedQuantity: 2 }, { lineId: sofa!.id, receivedQuantity: 1 }] });
    expect(res.statusCode).toBe(200);
    read = (await get(tokens.firm, `/api/purchase-orders/${order.id}`)).json().data;
    expect(read.status).toBe('received');
    expect((await post(tokens.firm, url('cancel'), {})).statusCode).toBe(409);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'purchase-order.received')));
    expect(audit).toHaveLength(2);
  });

  it('refuses received quantities out of range or of another order’s line with 400, and any change of a cancelled order with 409', async () => {
    const order = await raise({ itemIds: [approved()[0]] });
    const line = order.lines[0]!;
    const url = `/api/purchase-orders/${order.id}/receive`;
    const bad: Array<[unknown, string, string]> = [
      [{ lines: [{ lineId: line.id, receivedQuantity: 3 }] }, 'lines.0.receivedQuantity', M.receivedRange],
      [{ lines: [{ lineId: line.id, receivedQuantity: -1 }] }, 'lines.0.receivedQuantity', M.receivedRange],
      [{ lines: [{ lineId: line.id, receivedQuantity: 1.5 }] }, 'lines.0.receivedQuantity', M.receivedRange],
      [{ lines: [{ lineId: line.id, receivedQuantity: 'two' }] }, 'lines.0.receivedQuantity', M.receivedRange],
      [{ lines: [{ lineId: newId(), receivedQuantity: 1 }] }, 'lines.0.lineId', M.lineUnknown],
      [{ lines: [] }, 'lines', M.linesRequired],
      [{}, 'lines', M.linesRequired],
    ];
    for (const [payload, path, message] of bad) {
      const res = await post(tokens.firm, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(messagesByPath(res)[path], JSON.stringify(payload)).toBe(message);
    }
    expect((await post(tokens.firm, `/api/purchase-orders/${order.id}/cancel`, {})).statusCode).toBe(200);
    const res = await post(tokens.firm, url, { lines: [{ lineId: line.id, receivedQuantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.transition('cancelled', 'receive'));
  });

  it('mails the PDF to the supplier (audited), refuses what is not a PDF and a supplier without an address', async () => {
    const order = await raise({ itemIds: [approved()[0]] });
    const res = await post(tokens.firm, `/api/purchase-orders/${order.id}/mail`, { pdf: PDF });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.mailed('sales@deccanstone.example'));
    const mail = (await api.outbox()).find((m) => m.subject.includes(order.number)) as unknown as { to: string; attachments: Array<{ filename: string; base64: string }> };
    expect(mail.to).toBe('sales@deccanstone.example');
    expect(mail.attachments[0]!.filename).toBe(`Purchase-order-${order.number.replaceAll('/', '-')}.pdf`);
    expect(Buffer.from(mail.attachments[0]!.base64, 'base64').toString('latin1')).toMatch(/^%PDF-/);
    expect((await get(tokens.firm, `/api/purchase-orders/${order.id}`)).json().data.mailedAt).not.toBeNull();
    const sent = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'mail.sent')));
    expect(sent).toHaveLength(1);
    const notPdf = await post(tokens.firm, `/api/purchase-orders/${order.id}/mail`, { pdf: Buffer.from('<html>').toString('base64') });
    expect(notPdf.statusCode).toBe(400);
    expect(messagesByPath(notPdf).pdf).toBe(M.pdfInvalid);
    const silent = await raise({ supplierId: silentSupplierId, itemIds: [approved()[0]] });
    const none = await post(tokens.firm, `/api/purchase-orders/${silent.id}/mail`, { pdf: PDF });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(M.noSupplierEmail);
  });
});

describe('committed on the Financial overview', () => {
  it('sums every order not cancelled before GST, per project and per schedule', async () => {
    const list = await api.db.select({ status: purchaseOrders.status, taxable: purchaseOrders.taxable, total: purchaseOrders.total }).from(purchaseOrders).where(eq(purchaseOrders.projectId, projectId));
    // Before GST, like the trade cost it sits beside (docs/decisions/417).
    const committed = list.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + o.taxable, 0);
    expect(committed).toBeLessThan(list.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + o.total, 0));
    expect(list.some((o) => o.status === 'cancelled')).toBe(true);
    const data = (await get(tokens.firm, '/api/projects/financial')).json().data;
    expect(data.committed.byProject[projectId]).toBe(committed);
    expect(data.committed.bySchedule[scheduleId]).toBe(committed);
    expect(data.committed.total).toBe(committed);
  });
});

describe("an order's date", () => {
  it("is the firm's day: the print data names the firm's time zone and the PDF's page dates the order in it", async () => {
    const order = await raise({ itemIds: [approved()[0]] });
    // Kiritimati (UTC+14) is a day ahead of India for ten hours of every day, Pago Pago (UTC−11) behind it for most.
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await api.db.update(users).set({ timeZone }).where(eq(users.id, firm.id));
      const res = await get(tokens.firm, `/api/purchase-orders/${order.id}/print`);
      const data = (res.json() as PurchaseOrderPrintReply).data;
      expect(data.timeZone).toBe(timeZone);
      expect(purchaseOrderHtml(data)).toContain(`Date: ${formatDay(order.issuedAt, timeZone)}`);
    }
    await api.db.update(users).set({ timeZone: 'Asia/Kolkata' }).where(eq(users.id, firm.id));
  });
});
