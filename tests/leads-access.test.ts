import { afterAll, beforeAll, describe, it } from 'vitest';
import { createLead } from '../server/seed/leads';
import { accessCases, createAccessWorld, expectAccess, type AccessEndpoint, type AccessWorld } from './helpers/access-table';
import { createTestApi, type TestApi } from './helpers/test-api';

/** Every endpoint of the demand box, as each of the seven callers of the access table (docs/decisions/122). */

const lead: AccessEndpoint['setup'] = async ({ world }) => ({ leadId: (await createLead(world.api.db, world.users.firm.id)).id });

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmManage', url: () => '/api/leads' },
  { method: 'GET', kind: 'firmObjectManage', setup: lead, url: ({ data }) => `/api/leads/${data.leadId}` },
  { method: 'PATCH', kind: 'firmObjectManage', setup: lead, url: ({ data }) => `/api/leads/${data.leadId}`, body: () => ({ handled: true, read: true }) },
  { method: 'DELETE', kind: 'firmObjectManage', setup: lead, url: ({ data }) => `/api/leads/${data.leadId}` },
  {
    method: 'POST',
    kind: 'firmObjectManage',
    setup: lead,
    url: ({ data }) => `/api/leads/${data.leadId}/messages`,
    body: () => ({ to: 'client@example.test', cc: 'partner@example.test', subject: 'Re: your enquiry', message: 'Thank you for writing.' }),
    allowed: [201],
  },
];

let api: TestApi;
let world: AccessWorld;
beforeAll(async () => {
  api = await createTestApi();
  world = await createAccessWorld(api);
});
afterAll(async () => api?.close());

describe('the access table: the demand box', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(world, endpoint, role);
  });
});
