import { describe, it } from 'vitest';
import { COA_STAGES } from '../server/contract/fees-rules';
import { insertAgreement, insertCost, stagesOf, updateStage } from '../server/queries/fees';
import { createBillingProfile } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * The fee agreements in the workspace access table (docs/decisions/425–428). Fees are financials:
 * read by those who see margins, changed and billed by the firm and its sub-admins; among the
 * table's callers both are the `manage` column (the member employee lacks "Can see financials"; one
 * granted it reads, tested in server/routes/fees/fees.test.ts).
 */

const access = useAccessWorld();
let profileMade = false;

/** The call's project with an agreement on the COA scale, a rough estimate, the concept stage reached and a client. */
async function agreement({ world, project }: Omit<AccessContext, 'data'>) {
  const { db } = world.api;
  const firmId = world.users.firm.id;
  if (!profileMade) await createBillingProfile(db, firmId);
  profileMade = true;
  const client = await createContact(db, firmId, { state: 'Maharashtra', email: `fees-${Math.random().toString(36).slice(2)}@client.test` });
  const row = await insertAgreement(db, firmId, project.id, { basis: 'percentage', workKind: 'other', rateMilli: 5000, contactId: client.id }, COA_STAGES);
  await insertCost(db, { agreementId: row.id, kind: 'rough', amount: 2_000_000_000, recordedOn: '2026-04-10', note: '', createdBy: firmId });
  const stages = await stagesOf(db, row.id);
  await updateStage(db, stages[1]!.id, { reachedOn: '2026-05-01' });
  return { stageId: stages[1]!.id, otherStageId: stages[2]!.id };
}

const fee = (e: Omit<AccessEndpoint, 'kind' | 'setup'>): AccessEndpoint => ({ kind: 'manage', setup: agreement, ...e });
const base = ({ project }: AccessContext) => `/api/fee-agreements/${project.id}`;

const ENDPOINTS: AccessEndpoint[] = [
  fee({ method: 'GET', url: base }),
  // The fee proposal's print data (docs/decisions/381): read as the agreement is.
  fee({ method: 'GET', url: (c) => `${base(c)}/letter` }),
  fee({ method: 'PUT', url: base, body: () => ({ version: 1, basis: 'lump_sum', workKind: 'individual_house', lumpSum: 50_000_000 }) }),
  fee({ method: 'POST', url: (c) => `${base(c)}/costs`, body: () => ({ kind: 'preliminary', amount: 1_500_000_000, recordedOn: '2026-06-01' }) }),
  fee({ method: 'POST', url: (c) => `${base(c)}/stages`, body: () => ({ name: 'Landscape', shareBp: 10_000, costBasis: 'actual' }) }),
  fee({ method: 'PUT', url: (c) => `${base(c)}/stages/${c.data.stageId}`, body: () => ({ name: 'Concept', shareBp: 1000, costBasis: 'rough' }) }),
  fee({ method: 'DELETE', url: (c) => `${base(c)}/stages/${c.data.otherStageId}` }),
  fee({ method: 'POST', url: (c) => `${base(c)}/stages/${c.data.stageId}/move`, body: () => ({ direction: 'down' }) }),
  fee({ method: 'POST', url: (c) => `${base(c)}/stages/${c.data.otherStageId}/reached`, body: () => ({ reachedOn: '2026-06-15' }) }),
  fee({ method: 'POST', url: (c) => `${base(c)}/stages/${c.data.stageId}/bill`, allowed: [201] }),
  // Sharing the fee proposal in the client's portal (docs/decisions/421): changed as the agreement is.
  fee({ method: 'POST', url: (c) => `${base(c)}/proposals`, body: () => ({ version: 1 }), allowed: [201] }),
];

describe('the fee agreement access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
