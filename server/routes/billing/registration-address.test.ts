import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { createFirm } from '../../seed/factories';
import { createSession } from '../../queries/sessions';
import { createBillingProfile } from '../../seed/billing';

/** The firm's registration address offered for its billing profile (decision 384). */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const get = async (token: string) => (await api.app.inject({ method: 'GET', url: '/api/billing/profile', headers: bearer(token) })).json();

describe("the billing profile's registration address", () => {
  it('is the address and state the firm registered with, beside the profile (none yet, or saved)', async () => {
    const firm = await createFirm(api.db, { address: ' 4 Hill Road, Bandra\nMumbai ', country: 'India', state: 'Maharashtra' });
    const token = (await createSession(api.db, firm.id, { remember: false })).token;
    expect(await get(token)).toEqual({ data: null, registration: { address: '4 Hill Road, Bandra\nMumbai', state: 'Maharashtra' } });
    await createBillingProfile(api.db, firm.id);
    const saved = await get(token);
    expect(saved.data).not.toBeNull();
    expect(saved.registration).toEqual({ address: '4 Hill Road, Bandra\nMumbai', state: 'Maharashtra' });
  });

  it('is null without an address; a state abroad is not offered as a place of supply', async () => {
    const none = await createFirm(api.db, { address: '' });
    expect((await get((await createSession(api.db, none.id, { remember: false })).token)).registration).toBeNull();
    const abroad = await createFirm(api.db, { address: '1 Orchard Road', country: 'Singapore', state: 'Central' });
    expect((await get((await createSession(api.db, abroad.id, { remember: false })).token)).registration).toEqual({ address: '1 Orchard Road', state: '' });
  });
});
