import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import type { Invoice } from '../../contract/invoices';
import { isoDay } from '../../contract/dates';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createFirm } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

// TDS on receipts (docs/decisions/415): what arrived plus what the client deducted settles the invoice.
let api: TestApi;
let token: string;
let clientId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  await createBillingProfile(api.db, firm.id, { invoicePrefix: 'TDS' });
  clientId = (await createContact(api.db, firm.id, { name: 'Smile Dental', state: 'Maharashtra' })).id;
});
afterAll(() => api.close());

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** A design fee of ₹1,00,000 at 18 %: total ₹1,18,000 (11800000 paise). */
async function issuedFee(): Promise<Invoice> {
  const draft = await call('POST', '/invoices', { contactId: clientId, lines: [{ description: 'Design fee', quantity: 1, unitPrice: 1_00_000_00, rateBp: 1800 }] });
  expect(draft.statusCode, draft.body).toBe(201);
  const issued = await call('POST', `/invoices/${draft.json().data.id}/issue`, { version: draft.json().data.version });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().data;
}

describe('a payment with TDS', () => {
  it('settles the invoice on what arrived plus the TDS (10 % of the fee before GST), with no credit note', async () => {
    const invoice = await issuedFee();
    expect(invoice.total).toBe(1_18_000_00);
    // The client pays ₹1,08,000 and deducts ₹10,000 (10 % of ₹1,00,000) under section 393.
    const paid = await call('POST', `/invoices/${invoice.id}/payments`, { paidOn: isoDay(new Date()), amount: 1_08_000_00, tds: 10_000_00, tdsRateBp: 1000, tdsTan: 'mumd12345e', method: 'bank_transfer' });
    expect(paid.statusCode, paid.body).toBe(201);
    const data: Invoice = paid.json().data;
    expect(data.status).toBe('paid');
    expect(data.outstanding).toBe(0);
    expect(data.received).toBe(1_18_000_00);
    expect(data.creditNotes).toEqual([]);
    expect(data.payments[0]).toMatchObject({ amount: 1_08_000_00, tds: 10_000_00, tdsRateBp: 1000, tdsTan: 'MUMD12345E', tdsSection: isoDay(new Date()) < '2026-04-01' ? '194J' : '393' });
  });

  it('refuses TDS that with the amount exceeds what is owed, and a malformed TAN', async () => {
    const invoice = await issuedFee();
    const over = await call('POST', `/invoices/${invoice.id}/payments`, { paidOn: isoDay(new Date()), amount: 1_08_000_00, tds: 10_000_01, method: 'upi' });
    expect(over.statusCode).toBe(400);
    expect(messagesByPath(over).tds).toBeDefined();
    const badTan = await call('POST', `/invoices/${invoice.id}/payments`, { paidOn: isoDay(new Date()), amount: 100, tds: 10, tdsTan: 'ABC', method: 'upi' });
    expect(badTan.statusCode).toBe(400);
    expect(messagesByPath(badTan).tdsTan).toMatch(/TAN/);
  });

  it('names section 194J for a payment before 1 April 2026 unless told otherwise', async () => {
    const { sectionOn } = await import('../../money/tds');
    expect(sectionOn('2026-03-31')).toBe('194J');
    expect(sectionOn('2026-04-01')).toBe('393');
  });
});
