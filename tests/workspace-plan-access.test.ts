import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCases, createAccessWorld, expectAccess, type AccessEndpoint, type AccessWorld } from './helpers/access-table';
import { createTestApi, type TestApi } from './helpers/test-api';

/** The firm's plan and storage as each of the seven callers of the access table. */

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmWork', url: () => '/api/workspace/plan' },
  // The trial runs once per firm: the sub-admin and the firm share one, so the later of them gets 409.
  { method: 'POST', kind: 'firmManage', url: () => '/api/workspace/plan/trial', allowed: [200, 409] },
  { method: 'POST', kind: 'firmManage', url: () => '/api/workspace/plan/request' },
  // The firm's storage used and quota: everyone of the firm, as Setting shows it.
  { method: 'GET', kind: 'firmWork', url: () => '/api/workspace/storage' },
];

let api: TestApi;
let world: AccessWorld;
beforeAll(async () => {
  api = await createTestApi();
  world = await createAccessWorld(api);
});
afterAll(() => api.close());

describe('workspace plan access', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    // The status and the error shape are asserted inside expectAccess.
    expect.hasAssertions();
    await expectAccess(world, endpoint, role);
  });
});
