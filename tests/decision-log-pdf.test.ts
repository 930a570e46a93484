import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isA4, mediaBoxes, pdfText } from './helpers/pdf';
import { bearer, createTestApi, type TestApi } from './helpers/test-api';
import type { DecisionLogReply } from '../server/contract/client-decisions';
import { newId } from '../server/db/ids';
import { insertSchedule } from '../server/queries/schedules';
import { createSession } from '../server/queries/sessions';
import { createFirm, createWorkspaceProject } from '../server/seed/factories';
import { createSummaryTree } from '../server/seed/summary-tree';
import { PdfRenderer } from '../app/utils/pdf.server';
import { renderDecisionLogPdf } from '../app/utils/decision-log-pdf.server';

/**
 * A project's decision log as a PDF (docs/decisions/413): the api's log printed by Chromium and
 * read back. Each decision dated in the firm's zone, the item (or the whole section), the
 * client's words and the link it came through; no price at all.
 */

let api: TestApi;
let data: DecisionLogReply['data'];
const renderer = new PdfRenderer({ executablePath: '/usr/bin/chromium', pagesAtOnce: 1, timeoutMs: 30_000 });

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Mehta Studio' });
  const token = (await createSession(api.db, firm.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Baner Flat' });
  const scheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'Kitchen schedule', description: '', images: [] })).id;
  const tree = await createSummaryTree(api.db, { scheduleId, firmId: firm.id }, [
    { name: 'Kitchen', sections: [{ title: 'Cabinets', items: [{ title: 'Teak shutters', retailPrice: 80_000_00, tradePrice: 50_000_00 }, { title: 'Brass handles', retailPrice: 6_000_00, tradePrice: 3_000_00 }] }, { title: 'Lights', items: [{ title: 'Pendant' }] }] },
  ]);
  const made = await api.app.inject({ method: 'POST', url: `/api/projects/schedules/${scheduleId}/share-links`, headers: bearer(token), payload: { clientName: 'Kiran Desai' } });
  const link = made.json().data.token as string;
  const [cabinets, lights] = tree.rooms[0]!.sections;
  const decide = (path: string, payload: object) => api.app.inject({ method: 'POST', url: `/api/share/${link}/${path}/decision`, payload });
  expect((await decide(`items/${cabinets!.items[0]}`, { decision: 'approved', comment: 'The grain is lovely' })).statusCode).toBe(200);
  expect((await decide(`items/${cabinets!.items[1]}`, { decision: 'rejected', comment: 'Black, not brass' })).statusCode).toBe(200);
  expect((await decide(`sections/${lights!.id}`, { decision: 'approved' })).statusCode).toBe(200);
  const res = await api.app.inject({ url: `/api/projects/${project.id}/decision-log`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  data = (res.json() as DecisionLogReply).data;
});

afterAll(async () => {
  await renderer.close();
  await api?.close();
});

describe('the decision log PDF', () => {
  it('prints every decision, dated, with the item, the words and the link, in A4 portrait', async () => {
    expect(data.entries).toHaveLength(3);
    const pdf = await renderDecisionLogPdf(data, renderer);
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'portrait'), `MediaBox ${box}`).toBe(true);
    const t = (await pdfText(pdf)).replace(/\s+/g, ' ');
    // (The text is read back cell line by cell line, so each is checked on its own.)
    for (const s of ['Decision log', 'Mehta Studio', 'Project: Baner Flat', 'Teak shutters', 'Cabinets · Kitchen', '“The grain is lovely”', 'Brass handles', '“Black, not brass”', 'Rejected', 'Lights (whole', 'Approval link for Kiran Desai, made', 'Page 1 of 1']) {
      expect(t, t).toContain(s);
    }
    // Oldest first.
    expect(t.indexOf('Teak shutters')).toBeLessThan(t.indexOf('Brass handles'));
    expect(t.indexOf('Brass handles')).toBeLessThan(t.indexOf('Lights (whole'));
    // Dated in the firm's zone (India by default): the day of each decision and a time.
    expect(t).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M/);
    // The firm's records of what was decided: no price, so nothing of its costs.
    expect(t).not.toMatch(/₹|trade|margin|profit|markup/i);
  });
});
