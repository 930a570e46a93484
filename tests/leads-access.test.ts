import { describe, it } from 'vitest';
import { createLead } from '../server/seed/leads';
import { accessCases, expectAccess, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/** Every endpoint of the demand box, as each of the seven callers of the access table (docs/decisions/122). */

const lead: AccessEndpoint['setup'] = async ({ world }) => ({ leadId: (await createLead(world.api.db, world.users.firm.id)).id });
const heldLead: AccessEndpoint['setup'] = async ({ world }) => ({ leadId: (await createLead(world.api.db, world.users.firm.id, { isHeld: true })).id });

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmManage', url: () => '/api/leads' },
  { method: 'GET', kind: 'firmObjectManage', setup: lead, url: ({ data }) => `/api/leads/${data.leadId}` },
  { method: 'PATCH', kind: 'firmObjectManage', setup: lead, url: ({ data }) => `/api/leads/${data.leadId}`, body: () => ({ handled: true, read: true }) },
  { method: 'DELETE', kind: 'firmObjectManage', setup: lead, url: ({ data }) => `/api/leads/${data.leadId}` },
  // Releasing a held enquiry to the inbox (docs/decisions/340).
  { method: 'POST', kind: 'firmObjectManage', setup: heldLead, url: ({ data }) => `/api/leads/${data.leadId}/release` },
  {
    method: 'POST',
    kind: 'firmObjectManage',
    setup: lead,
    url: ({ data }) => `/api/leads/${data.leadId}/messages`,
    body: () => ({ to: 'client@example.test', cc: 'partner@example.test', subject: 'Re: your enquiry', message: 'Thank you for writing.' }),
    allowed: [201],
  },
];

const access = useAccessWorld();

describe('the access table: the demand box', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
