import { describe, it } from 'vitest';
import { insertExpense } from '../server/queries/expenses';
import { createBillingProfile } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/** A project's expenses in the workspace access table (docs/decisions/374): financials, so `manage` throughout. */

const access = useAccessWorld();
let profileMade = false;

async function expense({ world, project }: Omit<AccessContext, 'data'>) {
  const { db } = world.api;
  const firmId = world.users.firm.id;
  if (!profileMade) await createBillingProfile(db, firmId);
  profileMade = true;
  const row = await insertExpense(db, { firmId, projectId: project.id, spentOn: '2026-01-05', category: 'travel', amount: 50_000, paidBy: world.users.member.id, billable: true });
  return { expenseId: row.id, contactId: (await createContact(db, firmId, { state: 'Maharashtra' })).id };
}

const base = ({ project }: AccessContext) => `/api/expenses/${project.id}`;
const ENDPOINTS: AccessEndpoint[] = [
  { kind: 'manage', method: 'GET', url: base },
  { kind: 'manage', method: 'POST', url: base, body: () => ({ spentOn: '2026-01-05', category: 'printing', amount: 10_000 }) },
  { kind: 'manage', method: 'DELETE', setup: expense, url: (c) => `${base(c)}/${c.data.expenseId}` },
  { kind: 'manage', method: 'POST', setup: expense, url: (c) => `${base(c)}/${c.data.expenseId}/reimbursed` },
  { kind: 'manage', method: 'POST', setup: expense, url: (c) => `${base(c)}/bill`, body: (c) => ({ contactId: c.data.contactId }), allowed: [201] },
];

describe('the expenses access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
