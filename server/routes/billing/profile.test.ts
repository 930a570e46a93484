import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { BILLING_MESSAGES as M, PREFIX_MESSAGE, UPI_ID_MESSAGE } from '../../contract/billing';
import { GSTIN_MESSAGES } from '../../contract/gstin-rules';
import { auditLog } from '../../db/schema';
import { billingProfileFields, createBillingProfile } from '../../seed/billing';
import type { UserRow } from '../../queries/users';
import { firmTeam } from '../../../tests/helpers/firm-team';

let api: TestApi;
let firm: UserRow;
let tokens: { firm: string; subAdmin: string; employee: string; other: string };

beforeAll(async () => {
  api = await createTestApi();
  let other: UserRow;
  ({ firm, other, tokens } = await firmTeam(api.db));
  await createBillingProfile(api.db, other.id, { legalName: 'Other Studio Pvt Ltd', invoicePrefix: 'OTH' });
});
afterAll(() => api.close());

const get = (token: string) => api.app.inject({ method: 'GET', url: '/api/billing/profile', headers: bearer(token) });
const put = (token: string, payload: unknown) => api.app.inject({ method: 'PUT', url: '/api/billing/profile', headers: bearer(token), payload: payload as object });
/** The version the firm's profile is at now (0 before its first save): what a form read just now carries. */
const versionNow = async () => ((await get(tokens.firm)).json().data?.version as number | undefined) ?? 0;

describe('the billing profile api', () => {
  it('is null until saved, then saved by a sub-admin and read back by the firm, normalised, with an audit line', async () => {
    expect((await get(tokens.firm)).json()).toEqual({ data: null, registration: null });
    const res = await put(tokens.subAdmin, { ...billingProfileFields({ gstin: ' 27aapfu0939f1zv ', pan: 'aapfu0939f', state: 'maharashtra', invoicePrefix: 'sma', bankIfsc: 'hdfc0000240' }), version: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.saved);
    const read = (await get(tokens.firm)).json().data;
    expect(read).toMatchObject({ gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', state: 'Maharashtra', invoicePrefix: 'SMA', bankIfsc: 'HDFC0000240', paymentTermsDays: 15, itemTaxes: { product: { rateBp: 1800, hsnSac: '9403' } } });
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.firmId, firm.id), eq(auditLog.action, 'billing-profile.saved')));
    expect(audit).toHaveLength(1);
  });

  it('replaces the profile on a second save, and a firm without GST registration saves blank GSTIN and PAN', async () => {
    const res = await put(tokens.firm, { ...billingProfileFields({ gstin: '', pan: '', legalName: 'Studio Mehta (unregistered)' }), version: await versionNow() });
    expect(res.statusCode).toBe(200);
    expect((await get(tokens.subAdmin)).json().data).toMatchObject({ gstin: '', pan: '', legalName: 'Studio Mehta (unregistered)' });
  });

  it('refuses a plain employee, reading or writing (403)', async () => {
    expect((await get(tokens.employee)).statusCode).toBe(403);
    expect((await put(tokens.employee, { ...billingProfileFields(), version: await versionNow() })).statusCode).toBe(403);
  });

  it("never shows another firm's profile: each firm reads its own", async () => {
    expect((await get(tokens.other)).json().data.legalName).toBe('Other Studio Pvt Ltd');
    expect((await get(tokens.firm)).json().data.legalName).not.toBe('Other Studio Pvt Ltd');
  });

  it.each([
    ['a GSTIN with a wrong check character', { gstin: '27AAPFU0939F1ZW' }, 'gstin', GSTIN_MESSAGES.checkDigit],
    ['a GSTIN of another state', { gstin: '27AAPFU0939F1ZV', state: 'Karnataka' }, 'gstin', GSTIN_MESSAGES.wrongState('Karnataka')],
    ['a GSTIN too short', { gstin: '27AAPFU0939F1Z' }, 'gstin', GSTIN_MESSAGES.length],
    ['a PAN not inside the GSTIN', { pan: 'AAACR5055K' }, 'pan', M.panNotGstin],
    ['a malformed PAN', { pan: 'AAPF0939F' }, 'pan', GSTIN_MESSAGES.panFormat],
    ['a state outside India', { state: 'California' }, 'state', M.stateUnknown],
    ['no state', { state: '' }, 'state', M.stateRequired],
    ['a blank legal name', { legalName: '  ' }, 'legalName', M.legalNameRequired],
    ['a bad prefix', { invoicePrefix: 'MS/A' }, 'invoicePrefix', PREFIX_MESSAGE],
    ['a bad UPI ID', { upiId: 'studio.upi' }, 'upiId', UPI_ID_MESSAGE],
    ['an account without IFSC', { bankIfsc: '' }, 'bankIfsc', M.bankIncomplete],
    ['a bad IFSC', { bankIfsc: 'HDFC1000240' }, 'bankIfsc', M.ifsc],
    ['a rate that is not a GST slab', { itemTaxes: { product: { rateBp: 1700, hsnSac: '' }, financial: { rateBp: 1800, hsnSac: '' } } }, 'itemTaxes.product.rateBp', M.rate],
    ['a bad HSN code', { itemTaxes: { product: { rateBp: 1800, hsnSac: '94031' }, financial: { rateBp: 1800, hsnSac: '' } } }, 'itemTaxes.product.hsnSac', M.hsnSac],
    ['negative payment terms', { paymentTermsDays: -1 }, 'paymentTermsDays', M.days(365)],
    ['fractional validity', { proposalValidityDays: 1.5 }, 'proposalValidityDays', M.days(365)],
  ])('answers 400 with the field message for %s', async (_name, overrides, path, message) => {
    const res = await put(tokens.firm, { ...billingProfileFields(overrides as never), version: await versionNow() });
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)[path]).toBe(message);
  });

  it('answers 400, never 500, to bodies of the wrong shape', async () => {
    for (const payload of [{}, [], { ...billingProfileFields(), itemTaxes: 'x' }, { ...billingProfileFields(), legalName: 12 }, { ...billingProfileFields(), paymentTermsDays: '15' }]) {
      expect((await put(tokens.firm, payload)).statusCode).toBe(400);
    }
    const raw = await api.app.inject({ method: 'PUT', url: '/api/billing/profile', headers: { ...bearer(tokens.firm), 'content-type': 'application/json' }, payload: '{not json' });
    expect(raw.statusCode).toBe(400);
  });

  it('answers 409 to a save from an older version, keeping the other person\'s UPI ID, and names who saved it and when', async () => {
    const read = await versionNow();
    const first = await put(tokens.subAdmin, { ...billingProfileFields({ upiId: 'first@okhdfc' }), version: read });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version).toBe(read + 1);
    const second = await put(tokens.firm, { ...billingProfileFields({ upiId: 'second@okhdfc' }), version: read });
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body).toMatchObject({ code: 'stale', current: { upiId: 'first@okhdfc', version: read + 1 }, changedBy: { name: expect.any(String) } });
    expect(body.changedBy.name.length).toBeGreaterThan(0);
    expect(Date.parse(body.changedAt)).toBeGreaterThan(0);
    expect((await get(tokens.firm)).json().data.upiId).toBe('first@okhdfc');
  });

  it('answers 409 to a first save (version 0) when someone made the profile meanwhile', async () => {
    const res = await put(tokens.other, { ...billingProfileFields({ legalName: 'Other again' }), version: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().current.legalName).toBe('Other Studio Pvt Ltd');
  });

  it('answers 400 to a save without the version it was read at, and saves nothing', async () => {
    const res = await put(tokens.firm, billingProfileFields({ upiId: 'unversioned@okhdfc' }));
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res).version).toBeDefined();
    expect((await get(tokens.firm)).json().data.upiId).not.toBe('unversioned@okhdfc');
  });
});
