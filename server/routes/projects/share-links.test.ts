import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES, SHARE_VIEWS_PER_WINDOW } from '../../contract/share-links';
import { newId } from '../../db/ids';
import { auditLog, clientDecisions, leads, shareLinks, summarySections } from '../../db/schema/index';
import { createSummaryTree, type BuiltTree } from '../../seed/summary-tree';
import { uploadedScheduleImageIds } from '../../../tests/helpers/schedules';
import { scheduleImageFolder } from '../../services/schedule-images';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../../seed/factories';
import { insertSchedule } from '../../queries/schedules';
import { hashToken } from '../../services/tokens';
import { createSession } from '../../queries/sessions';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';

/** Client approval links (docs/decisions/106): making, listing, revoking; the client's 404 and 410 answers. */

let api: TestApi;
let firmToken: string;
let firmId: string;
let projectId: string;
let scheduleId: string;
let tree: BuiltTree;
let imageId: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Rao Interiors' });
  firmId = firm.id;
  firmToken = (await createSession(api.db, firm.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Sea View Flat' });
  projectId = project.id;
  scheduleId = (await insertSchedule(api.db, { id: newId(), projectId, userId: firm.id, title: 'Living room', description: 'Furniture and lights', images: [] })).id;
  [imageId] = await uploadedScheduleImageIds(api, firmToken, projectId);
  tree = await createSummaryTree(api.db, { scheduleId, firmId }, [
    {
      name: 'Living room',
      sections: [
        {
          title: 'Seating',
          items: [
            { type: 'product', title: 'Sofa', description: 'Three-seater in linen', retailPrice: 12_345_600, tradePrice: 9_876_500, quantity: 2, discountBp: 1000, images: [scheduleImageFolder(projectId, imageId!)] },
            { type: 'financial', title: 'Upholstery', retailPrice: 5_000_00, tradePrice: 3_210_00, quantity: 3 },
          ],
        },
        { title: 'Lighting', items: [{ type: 'description', description: 'Warm white throughout' }] },
      ],
    },
  ]);
});
afterAll(async () => api?.close());

const createLink = (payload: object = { clientName: 'Mrs Rao' }, token = firmToken, id = scheduleId) =>
  api.app.inject({ method: 'POST', url: `/api/projects/schedules/${id}/share-links`, headers: bearer(token), payload });

describe('making and listing links', () => {
  it('answers the token, stores its SHA-256 and the token only sealed, and lists the link without it', async () => {
    const res = await createLink({ clientName: '  Mrs Rao  ', expiresInDays: 7 });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.path).toBe(`/share/${data.token}`);
    expect(data).toMatchObject({ clientName: 'Mrs Rao', state: 'open', projectName: 'Sea View Flat', scheduleTitle: 'Living room', revokedAt: null });
    const days = (new Date(data.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const [row] = await api.db.select().from(shareLinks).where(eq(shareLinks.id, data.id));
    expect(row!.tokenHash).toBe(hashToken(data.token));
    expect(row!.tokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(data.token);

    const list = await api.app.inject({ method: 'GET', url: `/api/projects/schedules/${scheduleId}/share-links`, headers: bearer(firmToken) });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.links.find((l: { id: string }) => l.id === data.id);
    expect(listed).toMatchObject({ id: data.id, state: 'open' });
    expect(list.body).not.toContain(data.token);

    const [audit] = await api.db.select().from(auditLog).where(eq(auditLog.targetId, data.id));
    expect(audit).toMatchObject({ action: 'share-link.created', firmId });
  });

  it('defaults to 14 days and refuses other durations and over-long names with 400', async () => {
    const res = await createLink({});
    expect(res.statusCode).toBe(201);
    expect((new Date(res.json().data.expiresAt).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(13.9);
    expect((await createLink({ expiresInDays: 5 })).statusCode).toBe(400);
    expect((await createLink({ expiresInDays: 'x' })).statusCode).toBe(400);
    expect((await createLink({ clientName: 'x'.repeat(121) })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed schedule', async () => {
    expect((await createLink({}, firmToken, newId())).statusCode).toBe(404);
    expect((await createLink({}, firmToken, 'nope')).statusCode).toBe(404);
  });
});

describe('the client opening a link', () => {
  it('answers the summary with the firm, project and schedule names, and records when it was opened', async () => {
    const { token, id } = (await createLink()).json().data;
    const res = await api.app.inject({ method: 'GET', url: `/api/share/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firm: { name: 'Rao Interiors', timeZone: 'Asia/Kolkata' },
      project: { name: 'Sea View Flat' },
      schedule: { title: 'Living room', description: 'Furniture and lights' },
      clientName: 'Mrs Rao',
    });
    const [row] = await api.db.select().from(shareLinks).where(eq(shareLinks.id, id));
    expect(row!.lastOpenedAt).not.toBeNull();
  });

  it('answers 404 with a clear message for a wrong token, whatever its shape', async () => {
    for (const token of ['x'.repeat(43), 'short', '%00', 'a'.repeat(200)]) {
      const res = await api.app.inject({ method: 'GET', url: `/api/share/${encodeURIComponent(token)}` });
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe(SHARE_MESSAGES.notFound);
    }
  });

  it('answers 410 "expired" once the link has expired', async () => {
    const { token, id } = (await createLink()).json().data;
    await api.db.update(shareLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(shareLinks.id, id));
    const res = await api.app.inject({ method: 'GET', url: `/api/share/${token}` });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(SHARE_MESSAGES.expired);
    const list = await api.app.inject({ method: 'GET', url: `/api/projects/schedules/${scheduleId}/share-links`, headers: bearer(firmToken) });
    expect(list.json().data.links.find((l: { id: string }) => l.id === id).state).toBe('expired');
  });

  it('answers 410 "withdrawn" after the firm revoked it, and the revoke is audited', async () => {
    const { token, id } = (await createLink()).json().data;
    const revoke = await api.app.inject({ method: 'DELETE', url: `/api/projects/share-links/${id}`, headers: bearer(firmToken) });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.state).toBe('revoked');
    const res = await api.app.inject({ method: 'GET', url: `/api/share/${token}` });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(SHARE_MESSAGES.revoked);
    const decide = await api.app.inject({ method: 'POST', url: `/api/share/${token}/sections/${newId()}/decision`, payload: { decision: 'approved' } });
    expect(decide.statusCode).toBe(410);
    // A second revoke keeps the first date.
    const again = await api.app.inject({ method: 'DELETE', url: `/api/projects/share-links/${id}`, headers: bearer(firmToken) });
    expect(again.json().data.revokedAt).toBe(revoke.json().data.revokedAt);
  });

  it('rate-limits one address: past the allowance it answers 429 with Retry-After', async () => {
    const limited = await createTestApi({ RATE_LIMIT_MAX: '10' });
    try {
      let last = 0;
      for (let i = 0; i <= SHARE_VIEWS_PER_WINDOW; i++) {
        last = (await limited.app.inject({ method: 'GET', url: `/api/share/${'y'.repeat(43)}`, remoteAddress: '203.0.113.9' })).statusCode;
      }
      expect(last).toBe(429);
      const other = await limited.app.inject({ method: 'GET', url: `/api/share/${'y'.repeat(43)}`, remoteAddress: '203.0.113.10' });
      expect(other.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('what the client sees and decides', () => {
  it('answers the rooms, sections, items and client prices, and no trade price, cost, profit or markup anywhere', async () => {
    const { token } = (await createLink()).json().data;
    const res = await api.app.inject({ method: 'GET', url: `/api/share/${token}` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const [room] = data.rooms;
    expect(room.name).toBe('Living room');
    expect(room.sections.map((s: { name: string }) => s.name)).toEqual(['Seating', 'Lighting']);
    const [sofa, upholstery] = room.sections[0].items;
    // 2 × ₹1,23,456 less 10 % = ₹2,22,220.80; 3 × ₹5,000.
    expect(sofa.price).toEqual({ retailPrice: 12_345_600, quantity: '2', unit: 'NOS', discountPercent: 10, clientPrice: 22_222_080 });
    expect(upholstery.price.clientPrice).toBe(1_500_000);
    expect(data.clientPrice).toBe(22_222_080 + 1_500_000);
    expect(sofa.images[0].url).toBe(`/api/share/${token}/images/${imageId}`);
    // Not a single key of the firm's figures, nor the trade amounts' values.
    const keys = new Set<string>();
    JSON.parse(res.body, (key, value) => (keys.add(key), value));
    for (const key of ['tradePrice', 'tradeCost', 'netProfit', 'markup', 'figures', 'totals', 'version', 'discountBp']) expect(keys.has(key), key).toBe(false);
    expect(res.body).not.toContain('9876500');
    expect(res.body).not.toContain('963000');

    const image = await api.app.inject({ method: 'GET', url: sofa.images[0].w480 });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // An image of no item of this schedule is not served through the link.
    const [other] = await uploadedScheduleImageIds(api, firmToken, projectId);
    expect((await api.app.inject({ method: 'GET', url: `/api/share/${token}/images/${other}` })).statusCode).toBe(404);
  });

  it('approves one section and rejects another with a comment: statuses change, decisions are kept, the firm is mailed', async () => {
    const { token, id } = (await createLink({ clientName: 'Mrs Rao' })).json().data;
    const [seating, lighting] = tree.rooms[0]!.sections;
    const approve = await api.app.inject({ method: 'POST', url: `/api/share/${token}/sections/${seating!.id}/decision`, payload: { decision: 'approved' } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toEqual({ message: SHARE_MESSAGES.approvedDone, data: { sectionId: seating!.id, status: 'approved' } });
    const noComment = await api.app.inject({ method: 'POST', url: `/api/share/${token}/sections/${lighting!.id}/decision`, payload: { decision: 'rejected', comment: '  ' } });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().details[0]).toMatchObject({ path: 'comment', message: SHARE_MESSAGES.rejectNeedsComment });
    const reject = await api.app.inject({
      method: 'POST',
      url: `/api/share/${token}/sections/${lighting!.id}/decision`,
      payload: { decision: 'rejected', comment: 'Too cold; warmer lamps please' },
    });
    expect(reject.json().data.status).toBe('rejected');

    const statuses = Object.fromEntries((await api.db.select().from(summarySections)).map((s) => [s.id, s.status]));
    expect(statuses[seating!.id]).toBe('approved');
    expect(statuses[lighting!.id]).toBe('rejected');
    const decided = await api.db.select().from(clientDecisions).where(eq(clientDecisions.shareLinkId, id));
    expect(decided.map((d) => [d.sectionName, d.decision, d.comment]).sort()).toEqual([
      ['Lighting', 'rejected', 'Too cold; warmer lamps please'],
      ['Seating', 'approved', ''],
    ]);
    const mails = (await api.outbox()).filter((m) => m.subject.startsWith('Mrs Rao'));
    expect(mails.map((m) => m.subject).sort()).toEqual(['Mrs Rao approved "Seating" in Living room', 'Mrs Rao rejected "Lighting" in Living room']);
    expect(mails.find((m) => m.subject.includes('rejected'))!.text).toContain('Too cold; warmer lamps please');

    // Not a lead of the demand box (docs/decisions/295): unread on the Client Board instead.
    expect(await api.db.select().from(leads).where(eq(leads.firmId, firmId))).toEqual([]);
    expect(decided.every((d) => d.readAt === null)).toBe(true);

    // The client's page shows the decisions; the Client Board lists them, newest first.
    const page = (await api.app.inject({ method: 'GET', url: `/api/share/${token}` })).json().data;
    expect(page.rooms[0].sections[1].decision).toMatchObject({ decision: 'rejected', comment: 'Too cold; warmer lamps please' });
    const board = (await api.app.inject({ method: 'GET', url: '/api/projects/client-board', headers: bearer(firmToken) })).json().data;
    expect(board.decisions.slice(0, 2).map((d: { sectionName: string; decision: string }) => `${d.sectionName} ${d.decision}`)).toEqual(['Lighting rejected', 'Seating approved']);
  });

  it('answers 404 for a section of another schedule or none, and 400 for a body without a decision', async () => {
    const { token } = (await createLink()).json().data;
    const other = await insertSchedule(api.db, { id: newId(), projectId, userId: firmId, title: 'Other', description: 'd', images: [] });
    const otherTree = await createSummaryTree(api.db, { scheduleId: other.id, firmId }, [{ name: 'Hall', sections: [{ title: 'Doors' }] }]);
    for (const sectionId of [otherTree.rooms[0]!.sections[0]!.id, newId(), 'x']) {
      const res = await api.app.inject({ method: 'POST', url: `/api/share/${token}/sections/${sectionId}/decision`, payload: { decision: 'approved' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SHARE_MESSAGES.sectionNotFound);
    }
    const res = await api.app.inject({ method: 'POST', url: `/api/share/${token}/sections/${tree.rooms[0]!.sections[0]!.id}/decision`, payload: { decision: 'maybe' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('the Client Board', () => {
  it('lists open links of the projects the caller sees: a plain employee only its member projects', async () => {
    const firm = await createFirm(api.db, { firmName: 'Board Studio' });
    const firmTok = (await createSession(api.db, firm.id, { remember: false })).token;
    const employee = await createEmployee(api.db, firm.id, { userName: 'Asha' });
    const employeeTok = (await createSession(api.db, employee.id, { remember: false })).token;
    const seen = await createWorkspaceProject(api.db, firm.id, { projectName: 'Member project' });
    await createMember(api.db, seen.id, { name: 'Asha', email: employee.email });
    const hidden = await createWorkspaceProject(api.db, firm.id, { projectName: 'Other project' });
    const ids: Record<string, string> = {};
    for (const project of [seen, hidden]) {
      const s = await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: `${project.projectName} schedule`, description: 'd', images: [] });
      ids[project.projectName] = (await createLink({ clientName: 'C' }, firmTok, s.id)).json().data.id;
    }
    const revoked = (await createLink({}, firmTok, (await insertSchedule(api.db, { id: newId(), projectId: seen.id, userId: firm.id, title: 'Gone', description: 'd', images: [] })).id)).json().data.id;
    await api.app.inject({ method: 'DELETE', url: `/api/projects/share-links/${revoked}`, headers: bearer(firmTok) });

    const asFirm = (await api.app.inject({ method: 'GET', url: '/api/projects/client-board', headers: bearer(firmTok) })).json().data;
    expect(asFirm.links.map((l: { id: string }) => l.id).sort()).toEqual(Object.values(ids).sort());
    const asEmployee = (await api.app.inject({ method: 'GET', url: '/api/projects/client-board', headers: bearer(employeeTok) })).json().data;
    expect(asEmployee.links.map((l: { id: string }) => l.id)).toEqual([ids['Member project']]);
    // Nothing of the first firm's links shows to this firm.
    expect(JSON.stringify(asFirm)).not.toContain('Sea View Flat');
  });
});
