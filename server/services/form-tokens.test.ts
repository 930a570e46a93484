import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { LEAD_MESSAGES as M } from '../contract/leads';
import { createFirm } from '../seed/factories';
import { FormTokenError, FormTokens } from './form-tokens';
import { MemoryCounterStore } from './rate-limits/counter-store';

/**
 * Enquiry form tokens (docs/decisions/240) on a clock the test moves: at least
 * the minimum age old, at most the maximum, bound to the firm, used once; and through the api
 * with the default ENQUIRY_MIN_AGE_SECONDS of 3: a token posted at once is refused.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const firmId = 'a'.repeat(24);
const problem = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof FormTokenError ? error.problem : `other: ${String(error)}`),
  );

describe('FormTokens', () => {
  it('takes a token from its minimum age to its maximum, once, for its firm only', async () => {
    let now = 1_800_000_000_000;
    const tokens = new FormTokens(api.db, new MemoryCounterStore(), { minAgeMs: 3000, maxAgeMs: 60_000 }, () => now);
    const token = await tokens.issue(firmId);
    expect(await problem(tokens.check(token, firmId))).toBe('tooFresh');
    now += 2999;
    expect(await problem(tokens.check(token, firmId))).toBe('tooFresh');
    now += 1;
    expect(await problem(tokens.check(token, 'b'.repeat(24)))).toBe('invalid');
    expect(await problem(tokens.check(undefined, firmId))).toBe('missing');
    expect(await problem(tokens.check(token.replace(firmId, 'b'.repeat(24)), 'b'.repeat(24)))).toBe('invalid');
    const { nonce } = await tokens.check(token, firmId);
    expect(await problem(tokens.use(nonce))).toBe('accepted');
    expect(await problem(tokens.use(nonce))).toBe('used');
    now += 60_000;
    expect(await problem(tokens.check(token, firmId))).toBe('expired');
  });

  it('signs with one secret per database: another instance (a replica) takes the token, and sees it used', async () => {
    const store = new MemoryCounterStore();
    let now = 1_800_000_000_000;
    const a = new FormTokens(api.db, store, { minAgeMs: 0, maxAgeMs: 60_000 }, () => now);
    const b = new FormTokens(api.db, store, { minAgeMs: 0, maxAgeMs: 60_000 }, () => now);
    const token = await a.issue(firmId);
    now += 10;
    const { nonce } = await b.check(token, firmId);
    await a.use(nonce);
    expect(await problem(b.use(nonce))).toBe('used');
  });
});

describe('POST /api/firms/{firmId}/enquiries with the default minimum age', () => {
  it('refuses a token posted at once (400, under formToken), and leaves it usable', async () => {
    const firm = await createFirm(api.db);
    const { data } = (await api.app.inject({ url: `/api/firms/${firm.id}/enquiry-token` })).json();
    expect(data.minAgeSeconds).toBe(3);
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/firms/${firm.id}/enquiries`,
      payload: { name: 'Quick Bot', email: 'bot@example.test', projectType: 'architecture-residential', message: 'Posted the moment the page came.', formToken: data.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: M.formTokenTooFresh, details: [{ path: 'formToken', message: M.formTokenTooFresh }] });
  });

  it('answers the token with no-store, and 404 for a firm id that is not one', async () => {
    const res = await api.app.inject({ url: `/api/firms/${firmId}/enquiry-token` });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await api.app.inject({ url: '/api/firms/nope/enquiry-token' })).statusCode).toBe(404);
  });
});
