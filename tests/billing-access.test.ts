import { describe, it } from 'vitest';
import { billingProfileFields } from '../server/seed/billing';
import { accessCases, expectAccess, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * The billing endpoints in the workspace access table (docs/decisions/256): the billing
 * profile is the firm's own, read and written by the firm and its sub-admins (firmManage; a foreign
 * firm acts on its own profile).
 */

const access = useAccessWorld();

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmManage', url: () => '/api/billing/profile' },
  // Versioned (decision 320): the first allowed caller makes the profile from version 0, the next ones answer 409 past the access check.
  { method: 'PUT', kind: 'firmManage', url: () => '/api/billing/profile', body: () => ({ ...billingProfileFields(), version: 0 }), allowed: [200, 409] },
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
