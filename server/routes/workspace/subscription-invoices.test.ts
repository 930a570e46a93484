import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { auditLog, invoices } from '../../db/schema';
import { createOrResetSuperAdmin } from '../../queries/admin-accounts';
import { createSession } from '../../queries/sessions';
import { createBillingProfile, platformBillingFields } from '../../seed/billing';
import { createEmployee, createFirm } from '../../seed/factories';

/**
 * docs/decisions/287: The platform's billing profile in admin Setting; Continue
 * issues the platform's invoice to the firm; Mark paid records its payment and gives the receipt.
 */

let api: TestApi;
let adminToken: string;
const ADMIN = { email: 'billing-admin@platform.test', password: 'billing-pass-1' };

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
  api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
const tokenOf = async (userId: string) => (await createSession(api.db, userId, { remember: false })).token;
const inOneYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  api = await createTestApi();
  await createOrResetSuperAdmin(api.db, { ...ADMIN, name: 'Billing Admin' });
  const res = await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  adminToken = res.json().token;
});
afterAll(() => api.close());

describe("the platform's billing profile", () => {
  it('is null until saved, refuses a wrong GSTIN on its field, and saves a valid one (audited)', async () => {
    // Before any save a Continue records the request and says the invoice follows.
    expect((await call('GET', '/admin/billing-profile', adminToken)).json()).toEqual({ data: null });
    const firm = await createFirm(api.db);
    const early = await call('POST', '/workspace/plan/request', await tokenOf(firm.id));
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().message).toContain('not set yet');
    expect(early.json().data).toMatchObject({ requestPending: true, invoice: null });

    const wrong = await call('PUT', '/admin/billing-profile', adminToken, { ...platformBillingFields({ gstin: '29AAACR5055K1Z4' }), version: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(messagesByPath(wrong).gstin).toBeTruthy();

    const saved = await call('PUT', '/admin/billing-profile', adminToken, { ...platformBillingFields({ state: 'karnataka', invoicePrefix: 'arc' }), version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ state: 'Karnataka', invoicePrefix: 'ARC', gstin: '29AAACR5055K1Z3', subscription: { rateBp: 1800, hsnSac: '998315' } });
    expect((await call('GET', '/admin/billing-profile', adminToken)).json().data.legalName).toBe('Archivista Technologies Private Limited');
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.action, 'platform.billing-profile-saved'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it("is the super-admin's only: a firm gets 403", async () => {
    const firm = await createFirm(api.db);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(method, '/admin/billing-profile', await tokenOf(firm.id), method === 'PUT' ? { ...platformBillingFields(), version: 0 } : undefined);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('Continue issues the subscription invoice; Mark paid gives its receipt', () => {
  beforeAll(async () => {
    // From the version the profile is at now (docs/decisions/320).
    const version = (await call('GET', '/admin/billing-profile', adminToken)).json().data?.version ?? 0;
    expect((await call('PUT', '/admin/billing-profile', adminToken, { ...platformBillingFields(), version })).statusCode).toBe(200);
  });

  it('issues one invoice: ₹3,000 + IGST 18% to a firm in another state, its lines frozen and numbered', async () => {
    const firm = await createFirm(api.db, { firmName: 'Studio Continue', state: 'Maharashtra' });
    const token = await tokenOf(firm.id);
    const res = await call('POST', '/workspace/plan/request', token);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json().data.invoice;
    expect(invoice).toMatchObject({ status: 'issued', total: 354_000, outstanding: 354_000, receipts: [] });
    expect(invoice.number).toMatch(/^ARC\/\d{4}-\d{2}\/\d{4}$/);
    expect(res.json().message).toContain(invoice.number);

    const print = await call('GET', `/workspace/plan/invoices/${invoice.id}/print`, token);
    expect(print.statusCode, print.body).toBe(200);
    const data = print.json().data;
    expect(data.invoice).toMatchObject({ issuer: 'platform', supply: 'inter', igst: 54_000, cgst: 0, placeOfSupply: 'Maharashtra' });
    expect(data.invoice.seller).toMatchObject({ legalName: 'Archivista Technologies Private Limited', gstin: '29AAACR5055K1Z3', upiId: 'archivista@axisbank' });
    expect(data.invoice.buyer).toMatchObject({ legalName: 'Studio Continue', state: 'Maharashtra' });
    expect(data.invoice.lines).toMatchObject([{ hsnSac: '998315', unitPrice: 300_000, rateBp: 1800 }]);
    expect(data.title).toBe('Tax Invoice');
    expect(data.upiUri).toContain('am=3540.00');
    expect(data.qrSvg).toContain('<svg');

    // Continue again while it is owed: the same invoice, not a second one.
    const again = await call('POST', '/workspace/plan/request', token);
    expect(again.json().data.invoice.id).toBe(invoice.id);
    expect(again.json().message).toContain('still open');
    expect(await api.db.select().from(invoices).where(eq(invoices.firmId, firm.id))).toHaveLength(1);
  });

  it("bills a firm in the platform's state CGST + SGST, to the legal name and GSTIN of its own billing profile", async () => {
    const firm = await createFirm(api.db, { state: 'Karnataka' });
    await createBillingProfile(api.db, firm.id, { state: 'Karnataka', gstin: '', pan: '', legalName: 'Karnataka Studio LLP' });
    const token = await tokenOf(firm.id);
    const invoice = (await call('POST', '/workspace/plan/request', token)).json().data.invoice;
    const data = (await call('GET', `/workspace/plan/invoices/${invoice.id}/print`, token)).json().data;
    expect(data.invoice).toMatchObject({ supply: 'intra', cgst: 27_000, sgst: 27_000, igst: 0, total: 354_000 });
    expect(data.invoice.buyer.legalName).toBe('Karnataka Studio LLP');
  });

  it('two Continues at once issue one invoice', async () => {
    const firm = await createFirm(api.db);
    const token = await tokenOf(firm.id);
    const answers = await Promise.all([call('POST', '/workspace/plan/request', token), call('POST', '/workspace/plan/request', token)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.json().data.invoice.id)).size).toBe(1);
    expect(await api.db.select().from(invoices).where(eq(invoices.firmId, firm.id))).toHaveLength(1);
  });

  it('Mark paid records the payment of what is owed; the firm and the admin print its receipt; the list shows it', async () => {
    const firm = await createFirm(api.db, { firmName: 'Studio Paid' });
    const token = await tokenOf(firm.id);
    const invoice = (await call('POST', '/workspace/plan/request', token)).json().data.invoice;

    const paid = await call('PUT', `/admin/firms/${firm.id}/subscription`, adminToken, { paidUntil: inOneYear(), method: 'upi', reference: 'UTR 4455' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toMatch(/Receipt RC\/\d{4}-\d{2}\/\d{4} for invoice ARC\//);

    const plan = (await call('GET', '/workspace/plan', token)).json().data;
    expect(plan).toMatchObject({ state: 'paid', invoice: { id: invoice.id, status: 'paid', outstanding: 0 } });
    const [receipt] = plan.invoice.receipts;
    expect(receipt).toMatchObject({ amount: 354_000 });

    for (const url of [`/workspace/plan/invoices/${invoice.id}/payments/${receipt.paymentId}/receipt`]) {
      const res = await call('GET', url, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ payment: { method: 'upi', reference: 'UTR 4455', amount: 354_000 }, amountInWords: expect.stringContaining('Three Thousand Five Hundred Forty') });
    }
    const adminReceipt = await call('GET', `/admin/invoices/${invoice.id}/payments/${receipt.paymentId}/receipt`, adminToken);
    expect(adminReceipt.statusCode).toBe(200);
    expect((await call('GET', `/admin/invoices/${invoice.id}/print`, adminToken)).json().data.invoice.status).toBe('paid');

    const list = (await call('GET', `/admin/firms?search=${encodeURIComponent('Studio Paid')}`, adminToken)).json().data.firms;
    expect(list[0].invoice).toMatchObject({ number: invoice.number, status: 'paid' });
    const audit = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.firmId, firm.id), eq(auditLog.action, 'invoice.payment-recorded')));
    expect(audit).toHaveLength(1);

    // Marked paid again (the next year): nothing more is owed, so no second payment.
    const next = await call('PUT', `/admin/firms/${firm.id}/subscription`, adminToken, { paidUntil: inOneYear() });
    expect(next.json().message).not.toContain('Receipt');
  });

  it('keeps the invoice from those who may not see it: an employee 403, another firm 404, the firm invoice routes 404', async () => {
    const firm = await createFirm(api.db);
    const employee = await createEmployee(api.db, firm.id);
    const other = await createFirm(api.db);
    const invoice = (await call('POST', '/workspace/plan/request', await tokenOf(firm.id))).json().data.invoice;
    expect((await call('GET', '/workspace/plan', await tokenOf(employee.id))).json().data.invoice).toBeNull();
    expect((await call('GET', `/workspace/plan/invoices/${invoice.id}/print`, await tokenOf(employee.id))).statusCode).toBe(403);
    expect((await call('GET', `/workspace/plan/invoices/${invoice.id}/print`, await tokenOf(other.id))).statusCode).toBe(404);
    expect((await call('GET', `/invoices/${invoice.id}/print`, await tokenOf(firm.id))).statusCode).toBe(404);
    expect((await call('GET', `/workspace/plan/invoices/not-an-id/print`, await tokenOf(firm.id))).statusCode).toBe(404);
    expect((await call('GET', `/admin/invoices/not-an-id/print`, adminToken)).statusCode).toBe(404);
  });

  it('refuses a payment method it does not know with 400 on the field', async () => {
    const firm = await createFirm(api.db);
    const res = await call('PUT', `/admin/firms/${firm.id}/subscription`, adminToken, { paidUntil: inOneYear(), method: 'bitcoin' });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res).method).toBe('Choose how the firm paid');
  });
});
