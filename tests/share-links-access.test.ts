import { describe, expect, it } from 'vitest';
import { newId } from '../server/db/ids';
import { insertSchedule } from '../server/queries/schedules';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';
import { bearer } from './helpers/test-api';

/**
 * The client approval links' firm-side endpoints in the workspace access table (docs/decisions/070,
 * 106): making, listing and revoking a schedule's links is 'work' (member employees share what they
 * edit); the Client Board is 'firmWork' (each caller sees the projects it may see).
 */

const access = useAccessWorld();

async function schedule({ world, project }: Omit<AccessContext, 'data'>) {
  const row = await insertSchedule(world.api.db, { id: newId(), projectId: project.id, userId: world.users.firm.id, title: 'Living room', description: 'Furniture', images: [] });
  return { scheduleId: row.id };
}

async function scheduleWithLink(ctx: Omit<AccessContext, 'data'>) {
  const { scheduleId } = await schedule(ctx);
  const res = await ctx.world.api.app.inject({
    method: 'POST',
    url: `/api/projects/schedules/${scheduleId}/share-links`,
    headers: bearer(ctx.world.tokens.firm),
    payload: { clientName: 'Mrs Rao' },
  });
  return { scheduleId, linkId: res.json().data.id };
}

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'work', setup: schedule, url: ({ data }) => `/api/projects/schedules/${data.scheduleId}/share-links` },
  {
    method: 'POST',
    kind: 'work',
    setup: schedule,
    url: ({ data }) => `/api/projects/schedules/${data.scheduleId}/share-links`,
    body: () => ({ clientName: 'Mr Shah', expiresInDays: 7 }),
    allowed: [201],
  },
  { method: 'DELETE', kind: 'work', setup: scheduleWithLink, url: ({ data }) => `/api/projects/share-links/${data.linkId}` },
  // An open link's address again: whoever may make links for its project (decision 296); another firm gets 404.
  { method: 'GET', kind: 'work', setup: scheduleWithLink, url: ({ data }) => `/api/projects/share-links/${data.linkId}/address` },
  { method: 'GET', kind: 'firmWork', url: () => '/api/projects/client-board' },
  // The decisions' read state (decision 295): each caller over the projects it sees.
  { method: 'GET', kind: 'firmWork', url: () => '/api/projects/client-board/unread' },
  { method: 'POST', kind: 'firmWork', url: () => '/api/projects/client-board/read', body: () => ({}) },
  // The PDF's print data: whoever works on the schedule.
  { method: 'GET', kind: 'work', setup: schedule, url: ({ data }) => `/api/projects/schedules/${data.scheduleId}/print` },
  // The firm-wide overview: the firm and its sub-admins (DESIGN.md section 9).
  { method: 'GET', kind: 'firmManage', url: () => '/api/projects/financial' },
];

describe('client approval links, the PDF data and the financial overview in the access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    // The status and the error shape are asserted inside expectAccess.
    expect.hasAssertions();
    await expectAccess(access.world, endpoint, role);
  });
});
