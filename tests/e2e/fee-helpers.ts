import { billingProfileFields } from '../../server/seed/billing';
import { apiCall, apiChange, expect } from './fixtures';
import { firmWithProject } from './schedule-helpers';

/** An architecture firm with a billing profile, a workspace project and a client in Maharashtra (as the firm: CGST and SGST, 9 % each). */
export async function architectWithClient(projectName: string, email = `kiran-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`) {
  const { firm, project } = await firmWithProject({ projectName });
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ legalName: 'Studio Rao Architects LLP' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  const contact = await apiCall<{ data: { id: string } }>('POST', '/contacts', { name: 'Kiran Desai', kind: 'client', email, state: 'Maharashtra', address: 'Baner, Pune' }, firm.token);
  expect(contact.status).toBe(201);
  return { firm, project, contactId: contact.json.data.id, email };
}

/** The client's portal of a contact (made, or its address given again). */
export async function portalOf(contactId: string, token: string): Promise<string> {
  const made = await apiCall<{ data: { path: string } }>('POST', `/contacts/${contactId}/portal`, undefined, token);
  expect(made.status).toBe(201);
  return made.json.data.path;
}

/** A percentage agreement with a rough estimate, shared with its client: the portal's address and the proposal's (docs/decisions/421). */
export async function sharedFeeProposal(projectName: string) {
  const { firm, project, contactId } = await architectWithClient(projectName);
  const base = `/fee-agreements/${project.id}`;
  expect((await apiCall('PUT', base, { basis: 'percentage', workKind: 'other', contactId }, firm.token)).status).toBe(200);
  expect((await apiCall('POST', `${base}/costs`, { kind: 'rough', amount: 2_00_00_000_00, recordedOn: '2026-04-10' }, firm.token)).status).toBe(200);
  const { version } = (await apiCall<{ data: { agreement: { version: number } } }>('GET', base, undefined, firm.token)).json.data.agreement;
  expect((await apiCall('POST', `${base}/proposals`, { version }, firm.token)).status).toBe(201);
  const path = await portalOf(contactId, firm.token);
  const overview = await apiCall<{ data: { feeProposals: Array<{ id: string }> } }>('GET', `/portal/${path.replace('/portal/', '')}`);
  return { firm, project, portalPath: path, proposalPath: `${path}/fee-proposals/${overview.json.data.feeProposals[0]!.id}` };
}
