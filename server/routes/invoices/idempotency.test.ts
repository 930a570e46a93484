import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import type { Invoice } from '../../contract/invoices';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createFirm } from '../../seed/factories';
import { createSession } from '../../queries/sessions';
import { isoDay } from '../../contract/dates';

/** Nothing twice (decision 399): a money write sent again with its form's idempotency key gives the same document. */

let api: TestApi;
let token: string;
let clientId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  await createBillingProfile(api.db, firm.id, { invoicePrefix: 'ONCE' });
  clientId = (await createContact(api.db, firm.id, { name: 'Asha Rao', state: 'Maharashtra' })).id;
});
afterAll(() => api.close());

const send = (method: 'GET' | 'POST', url: string, payload?: object) => api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
async function ok(method: 'GET' | 'POST', url: string, payload?: object): Promise<Invoice> {
  const res = await send(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Invoice }).data;
}
async function draft(): Promise<Invoice> {
  return ok('POST', '/invoices', { contactId: clientId, lines: [{ description: 'Design fee', quantity: 1, unitPrice: 50_000_00, rateBp: 1800, hsnSac: '998391' }] });
}

describe('money writes with an idempotency key (CGST rule 46(b): one serial per document, never two for one supply)', () => {
  it('issues once: the same Issue twice gives the same number, not a 409 or a second number', async () => {
    const d = await draft();
    const body = { version: d.version, idempotencyKey: 'issue-key-0001' };
    const first = await ok('POST', `/invoices/${d.id}/issue`, body);
    const again = await ok('POST', `/invoices/${d.id}/issue`, body);
    expect(again.number).toBe(first.number);
  });

  it('the same key twice gives one credit note, not two, and one payment, not two; sent at once as well', async () => {
    const d = await draft();
    const invoice = await ok('POST', `/invoices/${d.id}/issue`, { version: d.version });
    const note = { reason: 'Fewer visits', amount: 1_000_00, rateBp: 1800, idempotencyKey: 'credit-note-key-0001' };
    await ok('POST', `/invoices/${invoice.id}/credit-notes`, note);
    const twice = await ok('POST', `/invoices/${invoice.id}/credit-notes`, note);
    expect(twice.creditNotes).toHaveLength(1);
    expect(twice.credited).toBe(1_180_00);

    const payment = { paidOn: isoDay(new Date()), amount: 5_000_00, method: 'upi', idempotencyKey: 'payment-key-0001' };
    const replies = await Promise.all([1, 2, 3].map(() => send('POST', `/invoices/${invoice.id}/payments`, payment)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const after = await ok('GET', `/invoices/${invoice.id}`);
    expect(after.payments).toHaveLength(1);
    expect(after.received).toBe(5_000_00);

    // A new key is a new credit note; a key of a payment used for a credit note is refused.
    expect((await ok('POST', `/invoices/${invoice.id}/credit-notes`, { ...note, idempotencyKey: 'credit-note-key-0002' })).creditNotes).toHaveLength(2);
    expect((await send('POST', `/invoices/${invoice.id}/credit-notes`, { ...note, idempotencyKey: 'payment-key-0001' })).statusCode).toBe(409);
  });

  it('the New invoice form posted twice with its key makes one draft, not two; sent at once as well', async () => {
    const count = async () => (await send('GET', '/invoices')).json().data.length as number;
    const before = await count();
    const body = { contactId: clientId, lines: [{ description: 'Design fee', quantity: 1, unitPrice: 50_000_00, rateBp: 1800, hsnSac: '998391' }], idempotencyKey: 'new-invoice-key-0001' };
    const first = await ok('POST', '/invoices', body);
    const again = await ok('POST', '/invoices', body);
    expect(again.id).toBe(first.id);
    expect(await count()).toBe(before + 1);
    const racing = { ...body, idempotencyKey: 'new-invoice-key-0002' };
    const replies = await Promise.all([1, 2, 3].map(() => send('POST', '/invoices', racing)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await count()).toBe(before + 2);
    // Without a key, two posts make two drafts; the key of an issue is refused for a new draft.
    await ok('POST', '/invoices', { ...body, idempotencyKey: undefined });
    await ok('POST', '/invoices', { ...body, idempotencyKey: undefined });
    expect(await count()).toBe(before + 4);
    expect((await send('POST', '/invoices', { ...body, idempotencyKey: 'issue-key-0001' })).statusCode).toBe(409);
  });

  it('without a key, two submits make two (what the key prevents)', async () => {
    const d = await draft();
    const invoice = await ok('POST', `/invoices/${d.id}/issue`, { version: d.version });
    const note = { reason: 'Fewer visits', amount: 1_000_00, rateBp: 1800 };
    await ok('POST', `/invoices/${invoice.id}/credit-notes`, note);
    expect((await ok('POST', `/invoices/${invoice.id}/credit-notes`, note)).creditNotes).toHaveLength(2);
  });
});
