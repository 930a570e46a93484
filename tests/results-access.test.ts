import { describe, it } from 'vitest';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * What a project made in the workspace access table (docs/decisions/378): a project's result for
 * those who work on it and see financials, so a plain member gets 403 (an employee granted "Can
 * see financials" is allowed: server/routes/results/results.test.ts); every project's result is
 * the Financial overview's, the firm and its sub-admins.
 */

const access = useAccessWorld();

const ENDPOINTS: AccessEndpoint[] = [
  // A member without "Can see financials" works on the project but may not see its costs.
  { kind: 'work', method: 'GET', url: ({ project }: AccessContext) => `/api/project-results/${project.id}`, expect: { member: 403 } },
  { kind: 'firmManage', method: 'GET', url: () => '/api/project-results' },
];

describe('the project results access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
