import { describe, it } from 'vitest';
import { isoDay } from '../server/contract/dates';
import { accessCases, expectAccess, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * The accounting exports in the workspace access table (docs/decisions/405, 406): the firm's own
 * books, exported by the firm and its sub-admins (firmManage, as invoices: an employee gets 403,
 * with "Can see financials" or not). A firm acts on its own books; one without a billing profile
 * (or a GSTIN, for GSTR-1) is answered 409 past the access check.
 */

const access = useAccessWorld();
const today = isoDay(new Date());
const period = `period=${today.slice(0, 7)}`;
const range = `from=${today.slice(0, 7)}-01&to=${today}`;
const allowed = [200, 409];

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmManage', url: () => `/api/accounting-exports/gstr1?${period}`, allowed },
  { method: 'GET', kind: 'firmManage', url: () => `/api/accounting-exports/gstr1/json?${period}`, allowed },
  { method: 'GET', kind: 'firmManage', url: () => `/api/accounting-exports/gstr1/csv/hsn?${period}`, allowed },
  { method: 'GET', kind: 'firmManage', url: () => `/api/accounting-exports/tally?${range}`, allowed },
  { method: 'GET', kind: 'firmManage', url: () => `/api/accounting-exports/zoho/invoices?${range}` },
  { method: 'GET', kind: 'firmManage', url: () => `/api/accounting-exports/zoho/customers?${range}` },
];

describe('the accounting exports access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
