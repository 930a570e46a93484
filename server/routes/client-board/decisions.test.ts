import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { clientDecisions, leads, shareLinks } from '../../db/schema';
import { createSummaryTree, type BuiltTree } from '../../seed/summary-tree';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { insertSchedule } from '../../queries/schedules';
import { createSession } from '../../queries/sessions';
import { saveNotificationSettings } from '../../queries/settings';
import { LinkSeal } from '../../services/link-seal';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';

/**
 * Client decisions on the Client Board (docs/decisions/295 and 296): unread until marked,
 * counted per caller's projects, mailed to the firm and the link's maker as their Setting says, never
 * a lead; an open link's address given again to whoever may make links, never to another firm.
 */

let api: TestApi;
const tok = async (id: string) => (await createSession(api.db, id, { remember: false })).token;

type Studio = Awaited<ReturnType<typeof studio>>;

/** A firm with a member employee, two projects (the employee a member of the first), a schedule of two sections each. */
async function studio(name: string) {
  const firm = await createFirm(api.db, { firmName: name });
  const employee = await createEmployee(api.db, firm.id, { userName: `${name} Asha` });
  const [seen, hidden] = [await createWorkspaceProject(api.db, firm.id, { projectName: `${name} seen` }), await createWorkspaceProject(api.db, firm.id, { projectName: `${name} hidden` })];
  await createMember(api.db, seen.id, { name: 'Asha', email: employee.email });
  const trees: Record<string, { scheduleId: string; tree: BuiltTree }> = {};
  for (const project of [seen, hidden]) {
    const scheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: `${project.projectName} schedule`, description: 'd', images: [] })).id;
    trees[project.id] = { scheduleId, tree: await createSummaryTree(api.db, { scheduleId, firmId: firm.id }, [{ name: 'Hall', sections: [{ title: 'Doors' }, { title: 'Lights' }] }]) };
  }
  return { firm, employee, seen, hidden, trees, firmTok: await tok(firm.id), employeeTok: await tok(employee.id) };
}

async function link(s: Studio, projectId: string, token: string) {
  const res = await api.app.inject({ method: 'POST', url: `/api/projects/schedules/${s.trees[projectId]!.scheduleId}/share-links`, headers: bearer(token), payload: { clientName: 'Mrs Rao' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; token: string; path: string };
}

const decide = (token: string, sectionId: string, decision = 'approved') =>
  api.app.inject({ method: 'POST', url: `/api/share/${token}/sections/${sectionId}/decision`, payload: { decision, comment: decision === 'rejected' ? 'Too dark' : '' } });
const board = async (token: string) => (await api.app.inject({ method: 'GET', url: '/api/projects/client-board', headers: bearer(token) })).json().data;
const unread = async (token: string) => (await api.app.inject({ method: 'GET', url: '/api/projects/client-board/unread', headers: bearer(token) })).json().data.unread as number;
const markRead = (token: string, payload: object = {}) => api.app.inject({ method: 'POST', url: '/api/projects/client-board/read', headers: bearer(token), payload });

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

describe('client decisions on the Client Board', () => {
  it('are unread until marked, counted over the projects each caller sees, and never leads', async () => {
    const s = await studio('Unread Studio');
    const seenLink = await link(s, s.seen.id, s.firmTok);
    const hiddenLink = await link(s, s.hidden.id, s.firmTok);
    const [doors, lights] = s.trees[s.seen.id]!.tree.rooms[0]!.sections;
    expect((await decide(seenLink.token, doors!.id)).statusCode).toBe(200);
    expect((await decide(seenLink.token, lights!.id, 'rejected')).statusCode).toBe(200);
    expect((await decide(hiddenLink.token, s.trees[s.hidden.id]!.tree.rooms[0]!.sections[0]!.id)).statusCode).toBe(200);

    expect(await unread(s.firmTok)).toBe(3);
    // The employee sees only its member project's decisions.
    expect(await unread(s.employeeTok)).toBe(2);
    const asFirm = await board(s.firmTok);
    expect(asFirm.unread).toBe(3);
    expect(asFirm.decisions.map((d: { sectionName: string; unread: boolean }) => [d.sectionName, d.unread])).toEqual([
      ['Doors', true],
      ['Lights', true],
      ['Doors', true],
    ]);
    expect(await api.db.select().from(leads).where(eq(leads.firmId, s.firm.id))).toEqual([]);

    // One decision by id; an id of a project the caller cannot see is left alone.
    const hiddenDecision = asFirm.decisions.find((d: { projectId: string }) => d.projectId === s.hidden.id).id;
    const lightsDecision = asFirm.decisions.find((d: { sectionName: string; projectId: string }) => d.sectionName === 'Lights').id;
    const one = await markRead(s.employeeTok, { ids: [lightsDecision, hiddenDecision] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ marked: 1, unread: 1 });
    expect(await unread(s.firmTok)).toBe(2);
    const [row] = await api.db.select().from(clientDecisions).where(eq(clientDecisions.id, lightsDecision));
    expect(row).toMatchObject({ readBy: s.employee.id });
    expect(row!.readAt).not.toBeNull();

    // All: every unread one the caller sees.
    expect((await markRead(s.firmTok)).json().data).toEqual({ marked: 2, unread: 0 });
    expect(await unread(s.employeeTok)).toBe(0);
    expect((await markRead(s.firmTok, { ids: [] })).statusCode).toBe(400);
  });

  it('another firm neither counts nor marks them', async () => {
    const s = await studio('Own Studio');
    const other = await studio('Other Studio');
    const l = await link(s, s.seen.id, s.firmTok);
    await decide(l.token, s.trees[s.seen.id]!.tree.rooms[0]!.sections[0]!.id);
    const id = (await board(s.firmTok)).decisions[0].id;
    expect(await unread(other.firmTok)).toBe(0);
    expect((await markRead(other.firmTok, { ids: [id] })).json().data.marked).toBe(0);
    expect(await unread(s.firmTok)).toBe(1);
    expect((await board(other.firmTok)).decisions).toEqual([]);
  });

  it('mail the firm and the employee who made the link, each unless their Setting turned it off', async () => {
    const s = await studio('Mail Studio');
    const l = await link(s, s.seen.id, s.employeeTok);
    const [doors, lights] = s.trees[s.seen.id]!.tree.rooms[0]!.sections;
    await decide(l.token, doors!.id);
    let mails = (await api.outbox()).filter((m) => m.subject === 'Mrs Rao approved "Doors" in Mail Studio seen schedule');
    expect(mails.map((m) => m.to).sort()).toEqual([s.employee.email, s.firm.email].sort());
    expect(mails[0]!.text).toContain('/workspace/client-board');

    // The client's decisions have their own choice (docs/decisions/412): the Client Board's alone does not stop them.
    await saveNotificationSettings(api.db, s.firm.id, { tasks: true, chat: true, leads: true, clientDecisions: false });
    await decide(l.token, lights!.id, 'approved');
    expect((await api.outbox()).filter((m) => m.subject === 'Mrs Rao approved "Lights" in Mail Studio seen schedule').map((m) => m.to).sort()).toEqual([s.employee.email, s.firm.email].sort());
    await saveNotificationSettings(api.db, s.firm.id, { tasks: true, chat: true, leads: true, clientApprovals: false });
    await decide(l.token, lights!.id, 'rejected');
    mails = (await api.outbox()).filter((m) => m.subject === 'Mrs Rao rejected "Lights" in Mail Studio seen schedule');
    expect(mails.map((m) => m.to)).toEqual([s.employee.email]);
    expect(mails[0]!.text).toContain('Too dark');
  });
});

describe('copying an open link again (decision 296)', () => {
  it('gives the same address to whoever may make links for the project, and 404 to others', async () => {
    const s = await studio('Copy Studio');
    const other = await studio('Stranger Studio');
    const made = await link(s, s.seen.id, s.firmTok);
    const address = (token: string, id = made.id) => api.app.inject({ method: 'GET', url: `/api/projects/share-links/${id}/address`, headers: bearer(token) });
    for (const token of [s.firmTok, s.employeeTok]) {
      const res = await address(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ id: made.id, token: made.token, path: made.path });
      expect(res.headers['cache-control'] ?? '').not.toContain('public');
    }
    const listed = (await board(s.firmTok)).links.find((l: { id: string }) => l.id === made.id);
    expect(listed.copyable).toBe(true);
    expect(JSON.stringify(await board(s.firmTok))).not.toContain(made.token);
    // Another firm, and an employee not on the project: as if the link did not exist.
    expect((await address(other.firmTok)).statusCode).toBe(404);
    const hiddenLink = await link(s, s.hidden.id, s.firmTok);
    expect((await address(s.employeeTok, hiddenLink.id)).statusCode).toBe(404);
    expect((await address(other.firmTok, newId())).statusCode).toBe(404);
  });

  it('gives nothing once revoked or expired, nor for a link made before tokens were kept', async () => {
    const s = await studio('Gone Studio');
    const address = (id: string) => api.app.inject({ method: 'GET', url: `/api/projects/share-links/${id}/address`, headers: bearer(s.firmTok) });
    const revoked = await link(s, s.seen.id, s.firmTok);
    await api.app.inject({ method: 'DELETE', url: `/api/projects/share-links/${revoked.id}`, headers: bearer(s.firmTok) });
    const expired = await link(s, s.seen.id, s.firmTok);
    await api.db.update(shareLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(shareLinks.id, expired.id));
    const legacy = await link(s, s.seen.id, s.firmTok);
    await api.db.update(shareLinks).set({ tokenSealed: null }).where(eq(shareLinks.id, legacy.id));
    for (const id of [revoked.id, expired.id, legacy.id]) {
      const res = await address(id);
      expect(res.statusCode, id).toBe(410);
      expect(res.body).not.toMatch(/[A-Za-z0-9_-]{43}/);
    }
    const links = [...(await board(s.firmTok)).links, ...(await board(s.firmTok)).revokedLinks];
    for (const l of links) expect(l.copyable, l.id).toBe(l.id !== legacy.id && l.state === 'open');
  });
});

describe('the link seal', () => {
  it('opens only for the link it was sealed for and with its key', async () => {
    const seal = new LinkSeal(async () => 'k'.repeat(32));
    const sealed = await seal.seal('a-token', 'link-1');
    expect(sealed).not.toContain('a-token');
    expect(await seal.open(sealed, 'link-1')).toBe('a-token');
    expect(await seal.open(sealed, 'link-2')).toBeNull();
    expect(await new LinkSeal(async () => 'j'.repeat(32)).open(sealed, 'link-1')).toBeNull();
    expect(await seal.open('v1.x.y', 'link-1')).toBeNull();
    expect(await seal.open(`${sealed.slice(0, -2)}AA`, 'link-1')).toBeNull();
    // Two seals of one token differ (a fresh IV each time).
    expect(await seal.seal('a-token', 'link-1')).not.toBe(sealed);
  });
});

describe('the migration that moved client decisions out of the demand box', () => {
  it('keeps a decision unread only when its lead was, and deletes the decision leads', async () => {
    const s = await studio('Moved Studio');
    const l = await link(s, s.seen.id, s.firmTok);
    const [doors, lights] = s.trees[s.seen.id]!.tree.rooms[0]!.sections;
    await decide(l.token, doors!.id);
    await decide(l.token, lights!.id);
    const decisions = await api.db.select().from(clientDecisions).where(eq(clientDecisions.shareLinkId, l.id));
    // As the old code left them: a lead per decision in the same transaction (same created_at), one read.
    // (created_at copied in SQL: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.)
    for (const d of decisions) {
      await api.db.execute(
        sql`insert into leads (id, firm_id, project_id, name, email, project_type, message, is_read, created_at)
            select ${newId()}, firm_id, project_id, 'Mrs Rao', '', 'Client decision', section_name, ${d.sectionName === 'Doors'}, created_at from client_decisions where id = ${d.id}`,
      );
    }
    const enquiry = newId();
    await api.db.insert(leads).values({ id: enquiry, firmId: s.firm.id, name: 'Visitor', email: 'v@example.test', projectType: 'residential', message: 'Hello' });

    const file = fs.readFileSync(path.join(import.meta.dirname, '../../db/migrations/0029_client_decisions_off_the_demand_box.sql'), 'utf8');
    const dataMove = file.slice(file.indexOf('-- Client decisions leave the demand box'));
    for (const statement of dataMove.split('--> statement-breakpoint')) {
      if (statement.replace(/^--.*$/gm, '').trim()) await api.db.execute(sql.raw(statement));
    }
    const after = await api.db.select().from(clientDecisions).where(eq(clientDecisions.shareLinkId, l.id));
    expect(Object.fromEntries(after.map((d) => [d.sectionName, d.readAt !== null]))).toEqual({ Doors: true, Lights: false });
    expect((await api.db.select().from(leads).where(eq(leads.firmId, s.firm.id))).map((r) => r.id)).toEqual([enquiry]);
  });
});
