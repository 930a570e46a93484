import { describe, it } from 'vitest';
import { insertPaymentNote, insertPortal } from '../server/queries/portal';
import { createContact } from '../server/seed/chat-book';
import { createInvoiceWithStatus } from '../server/seed/reviews';
import { newToken } from '../server/services/tokens';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/**
 * Client portals in the workspace access table (docs/decisions/390–392): a contact's portal and
 * the client's payment notes are the firm's objects outside any project, managed by the firm and
 * its sub-admins (as the Address Book and the money are). The client's own calls are `public`,
 * keyed by the portal's token: server/routes/portal/portal.test.ts covers them.
 */

const access = useAccessWorld();

async function contact({ world }: Omit<AccessContext, 'data'>) {
  const firmId = world.users.firm.id;
  return { contactId: (await createContact(world.api.db, firmId, { email: `portal-${Math.random().toString(36).slice(2)}@client.test` })).id };
}

async function withPortal(ctx: Omit<AccessContext, 'data'>) {
  const { contactId } = await contact(ctx);
  const { hash } = newToken();
  await insertPortal(ctx.world.api.db, { firmId: ctx.world.users.firm.id, contactId, tokenHash: hash, createdBy: ctx.world.users.firm.id }, async () => 'sealed');
  return { contactId };
}

async function note(ctx: Omit<AccessContext, 'data'>) {
  const { db } = ctx.world.api;
  const firmId = ctx.world.users.firm.id;
  const { contactId } = await contact(ctx);
  const invoice = await createInvoiceWithStatus(db, firmId, { projectId: ctx.project.id, contactId, status: 'issued' });
  const row = await insertPaymentNote(db, { firmId, invoiceId: invoice.id, amount: 1_000_00, method: 'upi', reference: `UTR${Date.now()}${Math.floor(Math.random() * 1000)}`, paidOn: '2026-11-02' });
  return { noteId: row.id };
}

const ENDPOINTS: AccessEndpoint[] = [
  { kind: 'firmObjectManage', method: 'GET', setup: contact, url: (c) => `/api/contacts/${c.data.contactId}/portal` },
  { kind: 'firmObjectManage', method: 'POST', setup: contact, url: (c) => `/api/contacts/${c.data.contactId}/portal`, allowed: [201] },
  { kind: 'firmObjectManage', method: 'DELETE', setup: withPortal, url: (c) => `/api/contacts/${c.data.contactId}/portal` },
  { kind: 'firmObjectManage', method: 'POST', setup: withPortal, url: (c) => `/api/contacts/${c.data.contactId}/portal/schedules`, body: () => ({ scheduleId: 'x'.repeat(24) }), allowed: [404] },
  // Chosen files (docs/decisions/422): a file id that names nothing is the manager's 404.
  { kind: 'firmObjectManage', method: 'POST', setup: withPortal, url: (c) => `/api/contacts/${c.data.contactId}/portal/files`, body: () => ({ fileId: 'x'.repeat(24) }), allowed: [404] },
  { kind: 'firmObjectManage', method: 'DELETE', setup: withPortal, url: (c) => `/api/contacts/${c.data.contactId}/portal/files/${'x'.repeat(24)}`, allowed: [404] },
  { kind: 'firmManage', method: 'GET', url: () => '/api/payment-notes' },
  { kind: 'firmObjectManage', method: 'POST', setup: note, url: (c) => `/api/payment-notes/${c.data.noteId}/decline`, body: () => ({ reason: 'Not received' }) },
  { kind: 'firmObjectManage', method: 'POST', setup: note, url: (c) => `/api/payment-notes/${c.data.noteId}/confirm`, body: () => ({}) },
];

describe('the client portal access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
