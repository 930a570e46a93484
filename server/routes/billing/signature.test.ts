import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, postMultipart, type TestApi } from '../../../tests/helpers/test-api';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MESSAGES } from '../../contract/billing-rules';
import { isoDay } from '../../contract/dates';
import type { Invoice, InvoicePrint, ReceiptPrint } from '../../contract/invoices';
import { findBillingProfile } from '../../queries/billing';
import { createSession } from '../../queries/sessions';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createFirm } from '../../seed/factories';
import { firmTeam } from '../../../tests/helpers/firm-team';

/**
 * CGST rule 46(q), decision 402: the signature image on the firm's billing profile, normalised by
 * sharp, kept privately, and given to the print data of its own tax invoices, credit notes and
 * receipts only.
 */

let api: TestApi;
let tokens: { firm: string; subAdmin: string; employee: string; other: string };
let firmId: string;
let otherId: string;
let documents: { invoice: string; note: string; receipt: string };
let otherInvoice: string;

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const upload = (token: string, file: Buffer, filename = 'signature.jpg', type = 'image/jpeg') => postMultipart(api, '/api/billing/profile/signature', [{ name: 'file', file, filename, type }], token);

async function ok<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await call(token, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** An issued invoice of ₹10,000 + 18 % with a payment of ₹1,000 and a credit note: the three documents rule 46 covers. */
async function issuedDocuments(token: string, contactId: string) {
  const draft = await ok<Invoice>(token, 'POST', '/invoices', { contactId, lines: [{ description: 'Design fee', quantity: 1, unitPrice: 10_000_00, rateBp: 1800, hsnSac: '998322' }] });
  const invoice = await ok<Invoice>(token, 'POST', `/invoices/${draft.id}/issue`, { version: draft.version });
  const paid = await ok<Invoice>(token, 'POST', `/invoices/${invoice.id}/payments`, { paidOn: isoDay(new Date()), amount: 1_000_00, method: 'bank_transfer', reference: 'NEFT 1' });
  await ok(token, 'POST', `/invoices/${invoice.id}/credit-notes`, { reason: 'Fewer visits', amount: 500_00, rateBp: 1800 });
  const after = await ok<Invoice>(token, 'GET', `/invoices/${invoice.id}`);
  return { invoice: `/invoices/${invoice.id}/print`, note: `/invoices/${after.creditNotes[0]!.id}/print`, receipt: `/invoices/${invoice.id}/payments/${paid.payments[0]!.id}/receipt` };
}

const signaturesOf = async (token: string, urls: string[]) => Promise.all(urls.map(async (url) => (await ok<InvoicePrint | ReceiptPrint>(token, 'GET', url)).signature));

/** A 2400 × 1200 JPEG photo of a signature, upside down by its EXIF orientation, with a camera's metadata. */
const photo = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 1200, height: 200, channels: 3, background: '#1a237e' } }, left: 600, top: 900 }])
    .jpeg()
    .withMetadata({ orientation: 3, exif: { IFD0: { Make: 'Phone', Model: 'Camera' } } })
    .toBuffer();

beforeAll(async () => {
  api = await createTestApi();
  let firm, other;
  ({ firm, other, tokens } = await firmTeam(api.db));
  firmId = firm.id;
  otherId = other.id;
  await createBillingProfile(api.db, firm.id, { invoicePrefix: 'SIG' });
  await createBillingProfile(api.db, other.id, { legalName: 'Other Studio Pvt Ltd', invoicePrefix: 'OTH' });
  documents = await issuedDocuments(tokens.firm, (await createContact(api.db, firm.id, { name: 'Asha Rao', state: 'Maharashtra' })).id);
  otherInvoice = (await issuedDocuments(tokens.other, (await createContact(api.db, other.id, { name: 'Ravi Iyer', state: 'Maharashtra' })).id)).invoice;
});
afterAll(() => api.close());

describe('CGST rule 46(q): the signature on tax invoices, credit notes and receipts', () => {
  it('rule 46(q): without an image the print data has none (the documents print the digitally signed words)', async () => {
    expect((await call(tokens.firm, 'GET', '/billing/profile')).json().data.hasSignature).toBe(false);
    expect(await signaturesOf(tokens.firm, Object.values(documents))).toEqual([null, null, null]);
    expect((await call(tokens.firm, 'GET', '/billing/profile/signature')).statusCode).toBe(404);
  });

  it('rule 46(q): a sub-admin uploads a JPEG: kept as an upright PNG within 900 × 300 without metadata, printed on all three documents', async () => {
    const res = await upload(tokens.subAdmin, await photo());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: SIGNATURE_MESSAGES.saved, data: { hasSignature: true } });
    const version = res.json().data.version;

    const stored = await call(tokens.firm, 'GET', '/billing/profile/signature');
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Turned upright: the stroke, drawn near the bottom of the upside-down photo, is near the top.
    const { data, info } = await sharp(stored.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const blueAt = (y: number) => data[(y * info.width + 300) * 3 + 2]! > 100 && data[(y * info.width + 300) * 3]! < 100;
    expect(blueAt(50)).toBe(true);
    expect(blueAt(250)).toBe(false);

    const dataUrl = `data:image/png;base64,${stored.rawPayload.toString('base64')}`;
    expect(await signaturesOf(tokens.firm, Object.values(documents))).toEqual([dataUrl, dataUrl, dataUrl]);
    // The signature is not one of the profile form's fields: a form read before it saves still.
    expect((await call(tokens.firm, 'GET', '/billing/profile')).json().data).toMatchObject({ hasSignature: true, version });
  });

  it('rule 46(q): another firm cannot read it, on its own documents or from the api; an employee gets 403', async () => {
    expect((await call(tokens.other, 'GET', '/billing/profile/signature')).statusCode).toBe(404);
    expect((await ok<InvoicePrint>(tokens.other, 'GET', otherInvoice)).signature).toBeNull();
    // The firm's invoice is not the other firm's to print.
    expect((await call(tokens.other, 'GET', documents.invoice)).statusCode).toBe(404);
    expect((await call(tokens.employee, 'GET', '/billing/profile/signature')).statusCode).toBe(403);
    expect((await upload(tokens.employee, await photo())).statusCode).toBe(403);
    // Kept in the private area under a random key, never a public /uploads url.
    const key = (await findBillingProfile(api.db, firmId))!.signatureKey!;
    expect(key).toMatch(new RegExp(`^signatures/${firmId}/[0-9a-f]{24}\\.png$`));
    expect(await api.app.ctx.storage.head('public', key)).toBeNull();
    expect(await api.app.ctx.storage.head('private', key)).not.toBeNull();
    expect((await findBillingProfile(api.db, otherId))!.signatureKey).toBeNull();
  });

  it('rule 46(q): a bad file answers 4xx with its message and keeps the signature: text, a GIF, a broken JPEG, too large, none', async () => {
    const before = (await findBillingProfile(api.db, firmId))!.signatureKey;
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cases: Array<[Buffer, string, number, string]> = [
      [Buffer.from('not an image at all\n'), 'signature.png', 415, SIGNATURE_MESSAGES.type],
      [gif, 'signature.gif', 415, SIGNATURE_MESSAGES.type],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]), 'broken.jpg', 415, SIGNATURE_MESSAGES.type],
      [Buffer.concat([(await photo()).subarray(0, 3), Buffer.alloc(SIGNATURE_MAX_BYTES + 10)]), 'huge.jpg', 413, SIGNATURE_MESSAGES.tooLarge],
    ];
    for (const [file, filename, status, message] of cases) {
      const res = await upload(tokens.firm, file, filename);
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const none = await postMultipart(api, '/api/billing/profile/signature', [{ name: 'note', value: 'x' }], tokens.firm);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SIGNATURE_MESSAGES.required);
    expect((await findBillingProfile(api.db, firmId))!.signatureKey).toBe(before);
  });

  it('rule 46(q): a new PNG replaces the old file; Remove deletes it and the documents print the words again; no profile answers 404', async () => {
    const old = (await findBillingProfile(api.db, firmId))!.signatureKey!;
    const png = await sharp({ create: { width: 400, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const res = await upload(tokens.firm, png, 'signature.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const now = (await findBillingProfile(api.db, firmId))!.signatureKey!;
    expect(now).not.toBe(old);
    expect(await api.app.ctx.storage.head('private', old)).toBeNull();
    // Its transparency kept, its size not enlarged.
    expect(await sharp((await call(tokens.firm, 'GET', '/billing/profile/signature')).rawPayload).metadata()).toMatchObject({ width: 400, height: 120, hasAlpha: true });

    const removed = await call(tokens.subAdmin, 'DELETE', '/billing/profile/signature');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: SIGNATURE_MESSAGES.removed, data: { hasSignature: false } });
    expect(await api.app.ctx.storage.head('private', now)).toBeNull();
    expect((await call(tokens.firm, 'GET', '/billing/profile/signature')).statusCode).toBe(404);
    expect(await signaturesOf(tokens.firm, Object.values(documents))).toEqual([null, null, null]);
    // Removing again is harmless.
    expect((await call(tokens.firm, 'DELETE', '/billing/profile/signature')).statusCode).toBe(200);

    const newcomer = await createFirm(api.db);
    const token = (await createSession(api.db, newcomer.id, { remember: false })).token;
    const early = await upload(token, png, 'signature.png', 'image/png');
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(SIGNATURE_MESSAGES.noProfile);
    expect((await call(token, 'DELETE', '/billing/profile/signature')).statusCode).toBe(404);
  });
});
