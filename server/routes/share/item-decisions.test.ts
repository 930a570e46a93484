import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummaryReply } from '../../contract/share-links';
import { SHARE_MESSAGES } from '../../contract/share-links';
import { PORTAL_MESSAGES, PROOF_HEADER } from '../../contract/portal';
import type { DecisionLogReply } from '../../contract/client-decisions';
import { INVOICE_MESSAGES } from '../../contract/invoices';
import { newId } from '../../db/ids';
import { clientDecisions, summarySections } from '../../db/schema';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { createSummaryTree, type BuiltTree } from '../../seed/summary-tree';
import { insertSchedule } from '../../queries/schedules';
import { createSession } from '../../queries/sessions';
import { saveNotificationSettings } from '../../queries/settings';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';

/**
 * Client decisions item by item (docs/decisions/412) and the project's decision log (413): the
 * client approves or rejects each item with a comment (a reason to reject), every decision is kept
 * (two at once are both recorded, the later counts), the section's status follows from its items,
 * invoices are still made from approved sections only and once, a link of a portal asks the proof,
 * the mails follow the "Client's decisions" choice, and the firm reads the log with the Client
 * Board's access.
 */

let api: TestApi;
let address = 0;
const nextAddress = () => `10.41.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const tok = async (id: string) => (await createSession(api.db, id, { remember: false })).token;

/** A firm, a member employee and a stranger employee, a project with a schedule: Kitchen (three priced items) and Bath (one). */
async function studio(name: string) {
  const firm = await createFirm(api.db, { firmName: name });
  await createBillingProfile(api.db, firm.id);
  const member = await createEmployee(api.db, firm.id);
  const stranger = await createEmployee(api.db, firm.id);
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: `${name} flat` });
  await createMember(api.db, project.id, { name: 'Asha', email: member.email });
  const scheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'Kitchen and bath', description: '', images: [] })).id;
  const tree: BuiltTree = await createSummaryTree(api.db, { scheduleId, firmId: firm.id }, [
    {
      name: 'Home',
      sections: [
        {
          title: 'Kitchen',
          status: 'in_review',
          items: [
            { type: 'product', title: 'Cabinets', retailPrice: 1_00_000_00, tradePrice: 70_000_00, quantity: 1 },
            { type: 'product', title: 'Counter', retailPrice: 50_000_00, tradePrice: 30_000_00, quantity: 1 },
            { type: 'product', title: 'Tiles', retailPrice: 20_000_00, tradePrice: 12_000_00, quantity: 1 },
          ],
        },
        { title: 'Bath', items: [{ type: 'product', title: 'Basin', retailPrice: 15_000_00, tradePrice: 9_000_00, quantity: 1 }] },
      ],
    },
  ]);
  const [kitchen, bath] = tree.rooms[0]!.sections;
  const tokens = { firm: await tok(firm.id), member: await tok(member.id), stranger: await tok(stranger.id) };
  const made = await api.app.inject({ method: 'POST', url: `/api/projects/schedules/${scheduleId}/share-links`, headers: bearer(tokens.firm), payload: { clientName: 'Mrs Rao' } });
  expect(made.statusCode, made.body).toBe(201);
  return { firm, project, scheduleId, kitchen: kitchen!, bath: bath!, tokens, link: made.json().data as { id: string; token: string } };
}

const decideItem = (token: string, itemId: string, payload: object, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url: `/api/share/${token}/items/${itemId}/decision`, payload, headers, remoteAddress: nextAddress() });
const decideSection = (token: string, sectionId: string, payload: object) =>
  api.app.inject({ method: 'POST', url: `/api/share/${token}/sections/${sectionId}/decision`, payload, remoteAddress: nextAddress() });
const summary = async (token: string) => ((await api.app.inject({ url: `/api/share/${token}`, remoteAddress: nextAddress() })).json() as ClientSummaryReply).data;
const statusOf = async (sectionId: string) => (await api.db.select({ status: summarySections.status }).from(summarySections).where(eq(summarySections.id, sectionId)))[0]!.status;
const log = (projectId: string, token: string) => api.app.inject({ url: `/api/projects/${projectId}/decision-log`, headers: bearer(token) });

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

describe('approving item by item', () => {
  it("records each item's decision with its comment, and the section follows from its items", async () => {
    const s = await studio('Item Studio');
    const [cabinets, counter, tiles] = s.kitchen.items;
    const approved = await decideItem(s.link.token, cabinets!, { decision: 'approved', comment: 'Lovely grain' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ message: SHARE_MESSAGES.itemApprovedDone, data: { sectionId: s.kitchen.id, itemId: cabinets, status: 'in_review' } });
    expect((await decideItem(s.link.token, counter!, { decision: 'approved' })).json().data.status).toBe('in_review');

    // A rejection needs a reason, and one rejected item makes the section need the studio's attention.
    const bare = await decideItem(s.link.token, tiles!, { decision: 'rejected', comment: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(messagesByPath(bare)).toEqual({ comment: SHARE_MESSAGES.rejectNeedsComment });
    const rejected = await decideItem(s.link.token, tiles!, { decision: 'rejected', comment: 'Too glossy: matt, please' });
    expect(rejected.json().data.status).toBe('rejected');
    expect(await statusOf(s.kitchen.id)).toBe('rejected');

    // The client changes their mind: every item approved makes the section Approved.
    expect((await decideItem(s.link.token, tiles!, { decision: 'approved', comment: 'The matt sample is right' })).json().data.status).toBe('approved');
    expect(await statusOf(s.kitchen.id)).toBe('approved');

    // What they decided before and when, newest first; client prices only.
    const page = await summary(s.link.token);
    const kitchen = page.rooms[0]!.sections.find((x) => x.id === s.kitchen.id)!;
    const tilesItem = kitchen.items.find((i) => i.id === tiles)!;
    expect(tilesItem.decision).toMatchObject({ decision: 'approved', comment: 'The matt sample is right' });
    expect(tilesItem.history.map((h) => h.comment)).toEqual(['The matt sample is right', 'Too glossy: matt, please']);
    expect(kitchen.items.find((i) => i.id === cabinets)!.history).toHaveLength(1);
    expect(kitchen.history).toEqual([]);
    expect(JSON.stringify(page)).not.toMatch(/trade|margin|profit|markup/i);

    // The Client Board shows each decision with the item and the client's words.
    const board = (await api.app.inject({ url: '/api/projects/client-board', headers: bearer(s.tokens.firm) })).json().data;
    expect(board.decisions[0]).toMatchObject({ itemId: tiles, itemName: 'Tiles', sectionName: 'Kitchen', comment: 'The matt sample is right', decision: 'approved' });
    expect(board.decisions.map((d: { comment: string }) => d.comment)).toContain('Too glossy: matt, please');
  });

  it('a later rejection of one item after the whole section was approved makes it Rejected; a whole-section decision still works', async () => {
    const s = await studio('Whole Studio');
    expect((await decideSection(s.link.token, s.kitchen.id, { decision: 'approved' })).json().data.status).toBe('approved');
    const after = await summary(s.link.token);
    const kitchen = after.rooms[0]!.sections[0]!;
    expect(kitchen.history).toHaveLength(1);
    // Each item counts the section's approval until it has a later decision of its own.
    expect(kitchen.items.map((i) => i.decision?.decision)).toEqual(['approved', 'approved', 'approved']);
    expect((await decideItem(s.link.token, s.kitchen.items[1]!, { decision: 'rejected', comment: 'A thinner counter' })).json().data.status).toBe('rejected');
    expect(await statusOf(s.kitchen.id)).toBe('rejected');
  });

  it('keeps both of two decisions made at the same moment on one item: the later counts, neither is lost', async () => {
    const s = await studio('Race Studio');
    const basin = s.bath.items[0]!;
    const results = await Promise.all([
      decideItem(s.link.token, basin, { decision: 'approved', comment: 'From the phone' }),
      decideItem(s.link.token, basin, { decision: 'rejected', comment: 'From the laptop: a round one' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await api.db.select().from(clientDecisions).where(eq(clientDecisions.itemId, basin));
    expect(rows.map((r) => r.comment).sort()).toEqual(['From the laptop: a round one', 'From the phone']);
    const item = (await summary(s.link.token)).rooms[0]!.sections[1]!.items[0]!;
    expect(item.history).toHaveLength(2);
    // The section shows the decision that counts (the newest).
    expect(await statusOf(s.bath.id)).toBe(item.decision!.decision === 'approved' ? 'approved' : 'rejected');
  });

  it("answers 404 for an item of another schedule and 410 for a revoked link, never a 500", async () => {
    const s = await studio('Other Item Studio');
    const other = await studio('Second Item Studio');
    const foreign = await decideItem(s.link.token, other.kitchen.items[0]!, { decision: 'approved' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SHARE_MESSAGES.itemNotFound);
    expect((await decideItem(s.link.token, 'not an id', { decision: 'approved' })).statusCode).toBe(404);
    expect((await decideItem(s.link.token, s.kitchen.items[0]!, { decision: 'maybe' })).statusCode).toBe(400);
    await api.app.inject({ method: 'DELETE', url: `/api/projects/share-links/${s.link.id}`, headers: bearer(s.tokens.firm) });
    expect((await decideItem(s.link.token, s.kitchen.items[0]!, { decision: 'approved' })).statusCode).toBe(410);
  });
});

describe('invoices from item decisions', () => {
  it('are made from approved sections only, each item once, whether approved item by item or whole', async () => {
    const s = await studio('Invoice Item Studio');
    const client = await createContact(api.db, s.firm.id, { name: 'Mrs Rao', state: 'Maharashtra', isClient: true });
    const draft = (payload: object) => api.app.inject({ method: 'POST', url: '/api/invoices', headers: bearer(s.tokens.firm), payload: { contactId: client.id, lines: [], ...payload } });
    const [cabinets, counter, tiles] = s.kitchen.items;
    await decideItem(s.link.token, cabinets!, { decision: 'approved' });
    // An approved item of a section still being decided is not invoiced on its own.
    const early = await draft({ scheduleId: s.scheduleId, itemIds: [cabinets] });
    expect(early.statusCode).toBe(400);
    expect(messagesByPath(early)).toEqual({ itemIds: INVOICE_MESSAGES.itemNotApproved });
    for (const id of [counter!, tiles!]) await decideItem(s.link.token, id, { decision: 'approved' });
    // Approving an approved item again changes nothing and invoices nothing.
    await decideItem(s.link.token, tiles!, { decision: 'approved', comment: 'Still yes' });
    const made = await draft({ scheduleId: s.scheduleId });
    expect(made.statusCode, made.body).toBe(201);
    const lines = made.json().data.lines as Array<{ description: string }>;
    expect(lines.map((l) => l.description).sort()).toEqual(['Cabinets', 'Counter', 'Tiles']);
  });
});

describe('a link shared through a client portal', () => {
  it('asks the proof of the address before an item decision, then records it', async () => {
    const s = await studio('Portal Item Studio');
    const contact = await createContact(api.db, s.firm.id, { name: 'Rhea Kapoor', email: 'rhea.items@client.test', state: 'Maharashtra' });
    const portal = await api.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/portal`, headers: bearer(s.tokens.firm) });
    const portalToken = (portal.json().data.path as string).replace('/portal/', '');
    await api.app.inject({ method: 'POST', url: `/api/contacts/${contact.id}/portal/schedules`, headers: bearer(s.tokens.firm), payload: { scheduleId: s.scheduleId } });
    const overview = (await api.app.inject({ url: `/api/portal/${portalToken}`, remoteAddress: nextAddress() })).json().data;
    const shareToken = (overview.schedules[0].path as string).replace('/share/', '');
    const refused = await decideItem(shareToken, s.bath.items[0]!, { decision: 'approved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'proof-required', message: PORTAL_MESSAGES.proofRequired });

    await api.app.inject({ method: 'POST', url: `/api/portal/${portalToken}/code`, remoteAddress: nextAddress() });
    const mail = (await api.outbox()).filter((m) => m.to === contact.email).at(-1)!;
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    const proved = await api.app.inject({ method: 'POST', url: `/api/portal/${portalToken}/proof`, payload: { code }, remoteAddress: nextAddress() });
    expect(proved.statusCode, proved.body).toBe(201);
    const proof = proved.json().data.proof as string;
    const ok = await decideItem(shareToken, s.bath.items[0]!, { decision: 'approved', comment: 'Yes' }, { [PROOF_HEADER]: proof });
    expect(ok.statusCode, ok.body).toBe(200);

    // The log names the portal's link.
    const entries = (log(s.project.id, s.tokens.firm).then((r) => (r.json() as DecisionLogReply).data.entries));
    expect((await entries).map((e) => [e.itemName, e.link.viaPortal, e.link.clientName])).toEqual([['Basin', true, 'Rhea Kapoor']]);
  });
});

describe("the client's decisions by mail", () => {
  it('go to the firm and the link maker unless "Client\'s decisions" is off (the Client Board choice alone does not stop them)', async () => {
    const s = await studio('Mail Item Studio');
    const subject = (comment: string) => api.outbox().then((all) => all.filter((m) => m.subject === 'Mrs Rao rejected "Basin" in Kitchen and bath' && m.text.includes(comment)).map((m) => m.to));
    await saveNotificationSettings(api.db, s.firm.id, { tasks: true, chat: true, leads: true, clientDecisions: false });
    await decideItem(s.link.token, s.bath.items[0]!, { decision: 'rejected', comment: 'First reason' });
    // The outbox waits for the deferred mails of earlier requests.
    expect(await subject('First reason')).toEqual([s.firm.email]);
    const mail = (await api.outbox()).find((m) => m.text.includes('First reason'))!;
    expect(mail.text).toContain('the item "Basin" in "Bath"');
    await saveNotificationSettings(api.db, s.firm.id, { tasks: true, chat: true, leads: true, clientApprovals: false });
    await decideItem(s.link.token, s.bath.items[0]!, { decision: 'rejected', comment: 'Second reason' });
    expect(await subject('Second reason')).toEqual([]);
    expect(await api.db.select().from(clientDecisions).where(eq(clientDecisions.comment, 'Second reason'))).toHaveLength(1);
  });
});

describe('the decision log', () => {
  it('lists every decision oldest first, with the item or whole section, the comment and the link, for whoever sees the project', async () => {
    const s = await studio('Log Studio');
    const other = await studio('Stranger Log Studio');
    await decideSection(s.link.token, s.bath.id, { decision: 'approved' });
    await decideItem(s.link.token, s.kitchen.items[2]!, { decision: 'rejected', comment: 'Matt tiles' });
    for (const token of [s.tokens.firm, s.tokens.member]) {
      const res = await log(s.project.id, token);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json() as DecisionLogReply;
      expect(data.project).toEqual({ id: s.project.id, name: 'Log Studio flat' });
      expect(data.firm.name).toBe('Log Studio');
      expect(data.entries.map((e) => [e.sectionName, e.itemName, e.decision, e.comment])).toEqual([
        ['Bath', null, 'approved', ''],
        ['Kitchen', 'Tiles', 'rejected', 'Matt tiles'],
      ]);
      expect(data.entries[0]!.link).toMatchObject({ id: s.link.id, clientName: 'Mrs Rao', viaPortal: false });
    }
    // The Client Board's access: a non-member employee and another firm do not see the project.
    expect((await log(s.project.id, s.tokens.stranger)).statusCode).toBe(404);
    expect((await log(s.project.id, other.tokens.firm)).statusCode).toBe(404);
  });
});
