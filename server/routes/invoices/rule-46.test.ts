import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import type { Invoice, InvoicePrint, ReceiptPrint } from '../../contract/invoices';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createFirm } from '../../seed/factories';
import { createSession } from '../../queries/sessions';
import { isoDay } from '../../contract/dates';
import { PREFIX_TOO_LONG } from '../../contract/billing-rules';
import { billingProfileFields } from '../../seed/billing';
import { messagesByPath } from '../../../tests/helpers/test-api';
import { eq, sql } from 'drizzle-orm';
import { invoiceLines } from '../../db/schema/index';

/**
 * The particulars CGST rule 46 asks of every tax invoice (and, through rules 49–53, of credit
 * notes and receipts), as the print data gives them to the PDFs and pages (decisions 395–397).
 */

let api: TestApi;
let token: string;
let clientId: string;
let interClientId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  await createBillingProfile(api.db, firm.id, { invoicePrefix: 'R46', reverseCharge: true });
  clientId = (await createContact(api.db, firm.id, { name: 'Asha Rao', state: 'Maharashtra' })).id;
  interClientId = (await createContact(api.db, firm.id, { name: 'Kiran Gowda', state: 'Karnataka' })).id;
});
afterAll(() => api.close());

async function ok<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

async function issued(contactId: string, unitPrice: number): Promise<Invoice> {
  const draft = await ok<Invoice>('POST', '/invoices', { contactId, lines: [{ description: 'Interior design fee', quantity: 1, unitPrice, rateBp: 1800, hsnSac: '998391' }] });
  return ok<Invoice>('POST', `/invoices/${draft.id}/issue`, { version: draft.version });
}

describe('CGST rule 46 particulars on the tax invoice, credit note and receipt', () => {
  it('rule 46(f): the quantity kept exactly with its UQC unit: 12.5 MTR of fabric and 3.25 SQM of stone (decision 407)', async () => {
    const lines = [
      { description: 'Linen curtain fabric', quantity: '12.5', unit: 'MTR', unitPrice: 1_200_00, rateBp: 1200, hsnSac: '5309' },
      { description: 'Kota stone', quantity: 3.25, unit: 'sqm', unitPrice: 2_999_99, rateBp: 1800, hsnSac: '6802' },
      { description: 'Site visit', unitPrice: 5_000_00, rateBp: 1800, hsnSac: '998391' },
    ];
    const draft = await ok<Invoice>('POST', '/invoices', { contactId: clientId, lines });
    expect(draft.lines.map((l) => [l.quantity, l.unit, l.taxable])).toEqual([
      ['12.5', 'MTR', 15_000_00],
      // 3.25 × ₹2,999.99 = ₹9,749.9675: the gross rounded once, half-up, to ₹9,749.97.
      ['3.25', 'SQM', 9_749_97],
      ['1', 'NA', 5_000_00],
    ]);
    const print = await ok<InvoicePrint>('GET', `/invoices/${draft.id}/print`);
    expect(print.invoice.lines.map((l) => `${l.quantity} ${l.unit}`)).toEqual(['12.5 MTR', '3.25 SQM', '1 NA']);
  });

  it('keeps whole units written by the release before (a rolling upgrade) as thousandths, and the other way round (decision 407)', async () => {
    const draft = await ok<Invoice>('POST', '/invoices', { contactId: clientId, lines: [{ description: 'Chair', quantity: 2, unitPrice: 10_000_00, rateBp: 1800, hsnSac: '9403' }] });
    await api.db.execute(sql`insert into invoice_lines (id, invoice_id, position, description, quantity, unit_price, rate_bp, taxable, cgst, sgst, igst, total) values ('old-release-line', ${draft.id}, 1, 'Stool', 3, 100, 0, 300, 0, 0, 0, 300)`);
    const rows = await api.db.select({ id: invoiceLines.id, quantityMilli: invoiceLines.quantityMilli, legacy: invoiceLines.legacyQuantity }).from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id)).orderBy(invoiceLines.position);
    expect(rows.map((r) => [r.quantityMilli, r.legacy])).toEqual([
      [2000, 2],
      [3000, 3],
    ]);
  });

  it('an issued total rounded to the rupee where the profile asks, with its round-off; the lines and taxes stay exact (decision 408)', async () => {
    const firm = await createFirm(api.db);
    const own = (await createSession(api.db, firm.id, { remember: false })).token;
    await createBillingProfile(api.db, firm.id, { invoicePrefix: 'RND', roundOff: true });
    const client = (await createContact(api.db, firm.id, { name: 'Meera Iyer', state: 'Maharashtra' })).id;
    const post = async <T,>(url: string, payload: object) => {
      const res = await api.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(own), payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return (res.json() as { data: T }).data;
    };
    const draft = await post<Invoice>('/invoices', { contactId: client, lines: [{ description: 'Interior design fee', unitPrice: 75_000_50, rateBp: 1800, hsnSac: '998391' }] });
    // A draft is exact: ₹75,000.50 + ₹6,750.05 + ₹6,750.05 = ₹88,500.60.
    expect(draft).toMatchObject({ total: 88_500_60, roundOff: 0 });
    const invoice = await post<Invoice>(`/invoices/${draft.id}/issue`, { version: draft.version });
    expect(invoice).toMatchObject({ taxable: 75_000_50, cgst: 6_750_05, sgst: 6_750_05, roundOff: 40, total: 88_501_00, outstanding: 88_501_00 });
  });

  it('refuses a quantity with more than three decimals, none at all, and a unit outside the UQC list, each with its field', async () => {
    for (const [line, path] of [
      [{ quantity: '1.2345' }, 'lines.0.quantity'],
      [{ quantity: 0 }, 'lines.0.quantity'],
      [{ quantity: '1e3' }, 'lines.0.quantity'],
      [{ unit: 'FOO' }, 'lines.0.unit'],
    ] as const) {
      const res = await api.app.inject({ method: 'POST', url: '/api/invoices', headers: bearer(token), payload: { contactId: clientId, lines: [{ description: 'Fabric', unitPrice: 100_00, rateBp: 1800, ...line }] } });
      expect(res.statusCode, JSON.stringify(line)).toBe(400);
      expect(Object.keys(messagesByPath(res))).toContain(path);
    }
  });

  it("rule 46(g): every line carries its HSN/SAC; a service line sent without one takes the firm's SAC, and an edited code is the one issued (decision 382)", async () => {
    const draft = await ok<Invoice>('POST', '/invoices', { contactId: clientId, lines: [{ description: 'Design fee', unitPrice: 40_000_00, rateBp: 1800 }, { description: 'Teak veneer', quantity: '3', unit: 'SQM', unitPrice: 2_000_00, rateBp: 1800 }] });
    // An architect's fee without a fee agreement: SAC 998323 (other architecture), unit NA.
    expect(draft.lines.map((l) => [l.hsnSac, l.unit])).toEqual([
      ['998323', 'NA'],
      ['', 'SQM'],
    ]);
    const veneer = draft.lines[1]!;
    const res = await api.app.inject({ method: 'PATCH', url: `/api/invoices/${draft.id}/lines/${veneer.id}`, headers: bearer(token), payload: { version: draft.version, hsnSac: '4408', unit: 'SQM', quantity: '3' } });
    expect(res.statusCode, res.body).toBe(200);
    const issuedOne = await ok<Invoice>('POST', `/invoices/${draft.id}/issue`, { version: (res.json() as { data: Invoice }).data.version });
    const print = await ok<InvoicePrint>('GET', `/invoices/${issuedOne.id}/print`);
    expect(print.invoice.lines.map((l) => l.hsnSac)).toEqual(['998323', '4408']);
  });

  it('rule 46(j): CGST and SGST each computed on its own: on ₹75,000.50 at 18 % both are ₹6,750.05', async () => {
    const invoice = await issued(clientId, 75_000_50);
    expect(invoice.lines[0]).toMatchObject({ taxable: 75_000_50, cgst: 6_750_05, sgst: 6_750_05, igst: 0, total: 88_500_60 });
    expect(invoice).toMatchObject({ cgst: 6_750_05, sgst: 6_750_05, total: 88_500_60 });
  });

  it('rule 46(f): the place of supply with its state code, "Karnataka (29)"; rule 46(p): reverse charge Yes where the firm marks it', async () => {
    const invoice = await issued(interClientId, 10_000_00);
    const print = await ok<InvoicePrint>('GET', `/invoices/${invoice.id}/print`);
    expect(print.placeOfSupplyText).toBe('Karnataka (29)');
    expect(print.reverseCharge).toBe('Yes');
  });

  it("rule 53(1A) with 46: the credit note names the original invoice's number and date, and carries the same particulars", async () => {
    const invoice = await issued(clientId, 20_000_00);
    await ok('POST', `/invoices/${invoice.id}/credit-notes`, { reason: 'Fewer site visits', amount: 1_000_00, rateBp: 1800 });
    const after = await ok<Invoice>('GET', `/invoices/${invoice.id}`);
    const note = after.creditNotes[0]!;
    const print = await ok<InvoicePrint>('GET', `/invoices/${note.id}/print`);
    expect(print.original).toEqual({ number: invoice.number, issueDate: invoice.issueDate });
    expect(print.placeOfSupplyText).toBe('Maharashtra (27)');
  });

  it('rule 50 with 46: the receipt carries the place of supply with its code and the reverse charge', async () => {
    const invoice = await issued(clientId, 5_000_00);
    const paid = await ok<Invoice>('POST', `/invoices/${invoice.id}/payments`, { paidOn: isoDay(new Date()), amount: 1_000_00, method: 'upi' });
    const receipt = await ok<ReceiptPrint>('GET', `/invoices/${invoice.id}/payments/${paid.payments[0]!.id}/receipt`);
    expect(receipt).toMatchObject({ placeOfSupplyText: 'Maharashtra (27)', reverseCharge: 'Yes' });
  });

  it('rule 46(b): a serial of at most 16 characters is checked when the prefix is saved (5 characters would pass 16 at the 10,000th number)', async () => {
    const read = await ok<{ version: number }>('GET', '/billing/profile');
    const res = await api.app.inject({ method: 'PUT', url: '/api/billing/profile', headers: bearer(token), payload: { ...billingProfileFields({ invoicePrefix: 'STUDI' }), version: read.version } });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res).invoicePrefix).toBe(PREFIX_TOO_LONG);
  });
});

describe('UPI only where UPI works (decision 397)', () => {
  it('carries the invoice number as tr as well as tn in the upi:// link', async () => {
    const invoice = await issued(clientId, 10_000_00);
    const print = await ok<InvoicePrint>('GET', `/invoices/${invoice.id}/print`);
    const params = new URL(print.upiUri!.replace('upi://', 'https://upi.invalid/')).searchParams;
    expect(params.get('tr')).toBe(invoice.number);
    expect(params.get('tn')).toBe(invoice.number);
    expect(print).toMatchObject({ upiOverLimit: false, upiAmount: invoice.total });
  });

  it('prints no QR for the whole amount above the firm’s UPI limit (default ₹1,00,000), and gives one for a part within it', async () => {
    // ₹1,00,000 before 18 % GST is ₹1,18,000 owed: above the limit.
    const invoice = await issued(clientId, 1_00_000_00);
    const whole = await ok<InvoicePrint>('GET', `/invoices/${invoice.id}/print`);
    expect(whole).toMatchObject({ upiOverLimit: true, upiUri: null, qrSvg: null, upiAmount: null, upiLimit: 1_00_000_00 });
    const part = await ok<InvoicePrint>('GET', `/invoices/${invoice.id}/print?upiAmount=${1_00_000_00}`);
    expect(part.upiAmount).toBe(1_00_000_00);
    expect(part.upiUri).toContain('am=100000.00');
    expect(part.qrSvg).toContain('<svg');
    const tooMuch = await api.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/print?upiAmount=${1_00_000_01}`, headers: bearer(token) });
    expect(tooMuch.statusCode).toBe(400);
  });
});
