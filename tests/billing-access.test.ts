import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { replaceSignatureKey } from '../server/queries/billing';
import { billingProfileFields, createBillingProfile } from '../server/seed/billing';
import { storeSignature } from '../server/services/images';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * The billing endpoints in the workspace access table (docs/decisions/256): the billing
 * profile is the firm's own, read and written by the firm and its sub-admins (firmManage; a foreign
 * firm acts on its own profile). Its signature image (CGST rule 46(q), decision 402) likewise: each
 * caller's own firm's, which the setup gives a profile (and, to read, a signature).
 */

const SIGNATURE = readFileSync(new URL('./fixtures/signature.png', import.meta.url));
/** The caller's firm (the foreign firm's own, else the firm's) with a billing profile, and a signature when asked. */
async function callerProfile({ world, role }: Omit<AccessContext, 'data'>, withSignature = false) {
  const firmId = role === 'foreignFirm' ? world.users.foreignFirm.id : world.users.firm.id;
  await createBillingProfile(world.api.db, firmId);
  if (withSignature) await replaceSignatureKey(world.api.db, firmId, await storeSignature(world.api.app.ctx.storage, firmId, SIGNATURE));
  return {};
}

const access = useAccessWorld();

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmManage', url: () => '/api/billing/profile' },
  // Versioned (decision 320): the first allowed caller makes the profile from version 0, the next ones answer 409 past the access check.
  { method: 'PUT', kind: 'firmManage', url: () => '/api/billing/profile', body: () => ({ ...billingProfileFields(), version: 0 }), allowed: [200, 409] },
  { method: 'GET', kind: 'firmManage', url: () => '/api/billing/profile/signature', setup: (ctx) => callerProfile(ctx, true) },
  { method: 'POST', kind: 'firmManage', url: () => '/api/billing/profile/signature', setup: (ctx) => callerProfile(ctx), multipart: () => [{ name: 'file', file: SIGNATURE, filename: 'signature.png', type: 'image/png' }] },
  { method: 'DELETE', kind: 'firmManage', url: () => '/api/billing/profile/signature', setup: (ctx) => callerProfile(ctx, true) },
  // The firm's time zone (decision 265): its own setting, as the billing profile.
  { method: 'GET', kind: 'firmManage', url: () => '/api/firm/time-zone' },
  // Versioned (decision 320): the firm's one setting, so after the first allowed save the next ones answer 409 past the access check.
  { method: 'PUT', kind: 'firmManage', url: () => '/api/firm/time-zone', body: () => ({ timeZone: 'Europe/London', version: 1 }), allowed: [200, 409] },
];

describe('the billing access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
