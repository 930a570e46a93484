import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { createFirm } from '../seed/factories';
import { nextDocumentSequence, PLATFORM_ISSUER } from './document-numbers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('nextDocumentSequence', () => {
  it('gives 20 issues at once the numbers 1 to 20, once each', async () => {
    const { db } = api.ctx;
    const firm = await createFirm(db);
    const at = new Date('2026-11-27T10:00:00Z');
    const numbers = await Promise.all(Array.from({ length: 20 }, () => db.transaction((tx) => nextDocumentSequence(tx, firm.id, 'invoice', at))));
    expect(numbers.map((n) => n.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(numbers.map((n) => n.year.label))).toEqual(new Set(['2026-27']));
  });

  it('counts per issuer, kind and financial year, and gives a rolled-back number back', async () => {
    const { db } = api.ctx;
    const firm = await createFirm(db);
    const next = (kind: 'invoice' | 'purchase-order', at: string, issuer = firm.id) => db.transaction((tx) => nextDocumentSequence(tx, issuer, kind, new Date(at)));
    expect((await next('invoice', '2027-03-31T12:00:00Z')).sequence).toBe(1);
    // 31 March 20:00 UTC is already 1 April in India: a new financial year.
    const april = await next('invoice', '2027-03-31T20:00:00Z');
    expect(april).toMatchObject({ sequence: 1, year: { label: '2027-28' } });
    expect((await next('purchase-order', '2027-03-31T12:00:00Z')).sequence).toBe(1);
    expect((await next('invoice', '2027-03-31T12:00:00Z', PLATFORM_ISSUER)).sequence).toBeGreaterThanOrEqual(1);
    await expect(
      db.transaction(async (tx) => {
        await nextDocumentSequence(tx, firm.id, 'invoice', new Date('2027-03-01T00:00:00Z'));
        throw new Error('the issue failed');
      }),
    ).rejects.toThrow('the issue failed');
    expect((await next('invoice', '2027-03-01T00:00:00Z')).sequence).toBe(2);
  });
});
