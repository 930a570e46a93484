import { describe, expect, it } from 'vitest';
import { PROOF_HEADER } from '../server/contract/portal';
import { newId } from '../server/db/ids';
import { insertSchedule } from '../server/queries/schedules';
import { createContact } from '../server/seed/chat-book';
import { createSummaryTree } from '../server/seed/summary-tree';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';
import { bearer } from './helpers/test-api';

/**
 * Client decisions item by item and the decision log in the access table (docs/decisions/412,
 * 413). The log is the firm's, with the Client Board's access: whoever works on the project
 * (`work`). The client is a caller too: it holds a link's token (and, for a link of a portal, a
 * proof of its address) and no session, so it decides on the items of its own link only and
 * reaches nothing of the firm's side.
 */

const access = useAccessWorld();

async function schedule({ world, project }: Omit<AccessContext, 'data'>) {
  const scheduleId = (await insertSchedule(world.api.db, { id: newId(), projectId: project.id, userId: world.users.firm.id, title: 'Kitchen', description: '', images: [] })).id;
  const tree = await createSummaryTree(world.api.db, { scheduleId, firmId: world.users.firm.id }, [{ name: 'Home', sections: [{ title: 'Cabinets', items: [{ title: 'Shutters', retailPrice: 10_000_00 }] }] }]);
  return { scheduleId, sectionId: tree.rooms[0]!.sections[0]!.id, itemId: tree.rooms[0]!.sections[0]!.items[0]! };
}

const ENDPOINTS: AccessEndpoint[] = [
  // The decision log: whoever sees the project, as the Client Board shows its decisions.
  { method: 'GET', kind: 'work', url: ({ project }) => `/api/projects/${project.id}/decision-log` },
];

describe('the decision log in the access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    expect.hasAssertions();
    await expectAccess(access.world, endpoint, role);
  });
});

/** A schedule of a fresh project shared by a plain link and through a contact's portal: the client's tokens. */
async function clientWorld() {
  const { world } = access;
  const { api, tokens } = world;
  const project = await world.project();
  const ids = await schedule({ world, project, role: 'firm' });
  const plain = await api.app.inject({ method: 'POST', url: `/api/projects/schedules/${ids.scheduleId}/share-links`, headers: bearer(tokens.firm), payload: { clientName: 'Mrs Rao' } });
  const contact = await createContact(api.db, world.users.firm.id, { name: 'Rhea', email: `rhea-${newId()}@client.test` });
  const portal = (await api.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/portal`, headers: bearer(tokens.firm) })).json().data.path.replace('/portal/', '') as string;
  await api.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/portal/schedules`, headers: bearer(tokens.firm), payload: { scheduleId: ids.scheduleId } });
  const viaPortal = ((await api.app.inject({ url: `/api/portal/${portal}` })).json().data.schedules[0].path as string).replace('/share/', '');
  const other = await schedule({ world, project: await world.project(), role: 'firm' });
  return { project, ...ids, link: plain.json().data.token as string, viaPortal, otherItemId: other.itemId };
}

describe('the client as a caller', () => {
  it('decides on the items of its own link, needs the proof on a link of a portal, and reaches nothing of the firm', async () => {
    const { api } = access;
    const c = await clientWorld();
    const decide = (token: string, itemId: string, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url: `/api/share/${token}/items/${itemId}/decision`, headers, payload: { decision: 'approved' } });
    const cases: Array<[string, () => Promise<{ statusCode: number }>, number]> = [
      ['its own link, an item of its schedule', () => decide(c.link, c.itemId), 200],
      ['an item of another schedule', () => decide(c.link, c.otherItemId), 404],
      ['a token it does not hold', () => decide('A'.repeat(43), c.itemId), 404],
      ['a link of its portal without the proof', () => decide(c.viaPortal, c.itemId), 403],
      ['a link of its portal with a forged proof', () => decide(c.viaPortal, c.itemId, { [PROOF_HEADER]: 'forged' }), 403],
      // The firm's side: the client has no session, whatever link it holds.
      ['the decision log', () => api.app.inject({ url: `/api/projects/${c.project.id}/decision-log` }), 401],
      ['the Client Board', () => api.app.inject({ url: '/api/projects/client-board' }), 401],
      ["the firm's payment notes", () => api.app.inject({ url: '/api/payment-notes?status=pending' }), 401],
      ['a link as a bearer token', () => api.app.inject({ url: `/api/projects/${c.project.id}/decision-log`, headers: bearer(c.link) }), 401],
    ];
    const answers = [];
    for (const [name, run, status] of cases) answers.push([name, (await run()).statusCode, status]);
    expect(answers.filter(([, got, want]) => got !== want)).toEqual([]);
  });
});
