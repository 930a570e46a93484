import { describe, it } from 'vitest';
import { createContact } from '../server/seed/chat-book';
import { createInvoiceWithStatus } from '../server/seed/reviews';
import { insertReview } from '../server/queries/reviews';
import { accessCases, expectAccess, type AccessEndpoint, useAccessWorld } from './helpers/access-table';

/** The firm's side of its reviews (docs/decisions/409, 410), as each of the seven callers of the access table. */

const paidInvoice: AccessEndpoint['setup'] = async ({ world, project }) => {
  const contact = await createContact(world.api.db, world.users.firm.id);
  return { invoiceId: (await createInvoiceWithStatus(world.api.db, world.users.firm.id, { projectId: project.id, contactId: contact.id })).id };
};

const review: AccessEndpoint['setup'] = async ({ world, project }) => {
  const firmId = world.users.firm.id;
  const row = await insertReview(world.api.db, {
    firmId,
    firmName: 'Access Studio',
    timeZone: 'Asia/Kolkata',
    projectId: project.id,
    projectName: project.projectName,
    reviewerKey: `contact:${project.id}`,
    reviewerName: 'A client',
    invoiceId: null,
    contactId: null,
    shareLinkId: null,
    refusal: null,
    gone: null,
  }, { rating: 4, body: 'Careful work, finished on time.' });
  return { reviewId: row!.id };
};

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmManage', url: () => '/api/reviews' },
  { method: 'POST', kind: 'firmObjectManage', setup: review, url: ({ data }) => `/api/reviews/${data.reviewId}/answer`, body: () => ({ answer: 'Thank you for your kind words.' }) },
  { method: 'POST', kind: 'firmObjectManage', setup: paidInvoice, url: () => '/api/reviews/invitations', body: ({ data }) => ({ invoiceId: data.invoiceId }), allowed: [201] },
];

const access = useAccessWorld();

describe('the access table: reviews', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
