import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingListener, isA4, mediaBoxes, pdfInfo, pdfText } from './helpers/pdf';
import { uploadedScheduleImageIds } from './helpers/schedules';
import { bearer, createTestApi, type TestApi } from './helpers/test-api';
import type { PrintReply } from '../server/contract/summary-print';
import { newId } from '../server/db/ids';
import { insertSchedule } from '../server/queries/schedules';
import { createFirm, createWorkspaceProject } from '../server/seed/factories';
import { createSummaryTree, type BuiltTree } from '../server/seed/summary-tree';
import { createSession } from '../server/queries/sessions';
import { scheduleImageFolder } from '../server/services/schedule-images';
import { PRINT_THUMB_PX } from '../server/services/print-thumbnails';
import { PdfRenderer } from '../app/utils/pdf.server';
import { renderSummaryPdf, summaryPrintHtml } from '../app/routes/workspace.project.schedules.summary-financial.$projectId.pdf/summary-pdf.server';

/**
 * The summary's PDF end to end below the web route: the api's print data (real PostgreSQL) printed
 * by Chromium. The file is A4, portrait for one section and landscape for two, holds the names and
 * descriptions cut at 50 characters, and a description full of markup makes no request.
 */

const LONG = 'Solid teak frame with hand-woven cane back and seat, oiled finish';
let api: TestApi;
let token: string;
let scheduleId: string;
let tree: BuiltTree;
/** A schedule whose summary has one section only. */
let oneSectionScheduleId: string;
let listener: Awaited<ReturnType<typeof countingListener>>;
const renderer = new PdfRenderer({ executablePath: '/usr/bin/chromium', pagesAtOnce: 2, timeoutMs: 30_000 });

beforeAll(async () => {
  api = await createTestApi();
  listener = await countingListener();
  const firm = await createFirm(api.db, { firmName: 'Kapoor Design Studio' });
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Juhu Residence' });
  scheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'Living and dining', description: 'd', images: [] })).id;
  const [imageId] = await uploadedScheduleImageIds(api, token, project.id);
  const hostile = `<img src="${listener.url('/x')}"><link rel="stylesheet" href="${listener.url('/s.css')}"><iframe src="${listener.url('/f')}"></iframe>`;
  tree = await createSummaryTree(api.db, { scheduleId, firmId: firm.id }, [
    {
      name: 'Living room',
      sections: [
        {
          title: 'Seating',
          status: 'approved',
          items: [
            { type: 'product', title: 'Cane armchair', description: LONG, retailPrice: 4_500_000, tradePrice: 3_000_000, quantity: 2, discountBp: 1000, images: [scheduleImageFolder(project.id, imageId!)] },
            { type: 'financial', title: 'Upholstery labour', retailPrice: 1_200_000, tradePrice: 800_000 },
          ],
        },
      ],
    },
    { name: 'Dining', sections: [{ title: 'Lighting', status: 'rejected', items: [{ type: 'description', description: hostile }, { type: 'title', title: 'Finish', description: 'Brass', title1: 'Bulb', description1: '2700K' }] }] },
  ]);
  oneSectionScheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'Study', description: 'd', images: [] })).id;
  await createSummaryTree(api.db, { scheduleId: oneSectionScheduleId, firmId: firm.id }, [
    { name: 'Study', sections: [{ title: 'Shelving', items: [{ type: 'description', description: 'Oak shelves' }] }] },
  ]);
});
afterAll(async () => {
  await renderer.close();
  await listener?.close();
  await api?.close();
});

async function printData(sections: string[], schedule = scheduleId) {
  const res = await api.app.inject({ method: 'GET', url: `/api/projects/schedules/${schedule}/print?sections=${sections.join(',')}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PrintReply).data;
}

describe('the summary PDF', () => {
  it('one section: A4 portrait, with the firm, project and schedule names, the page numbers and the description cut at 50 characters', async () => {
    const data = await printData([tree.rooms[0]!.sections[0]!.id]);
    expect(data.sectionCount).toBe(1);
    expect(Object.values(data.images)[0]).toMatch(/^data:image\/webp;base64,/);
    // A square crop, so the print needs no object-fit (docs/decisions/105).
    const thumbnail = Buffer.from(Object.values(data.images)[0]!.split(',')[1]!, 'base64');
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: PRINT_THUMB_PX, height: PRINT_THUMB_PX });
    const pdf = await renderSummaryPdf(data, 'summary', renderer);
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'portrait'), `MediaBox ${box}`).toBe(true);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const name of ['Kapoor Design Studio', 'Juhu Residence', 'Living and dining', 'Seating', 'Cane armchair']) expect(text).toContain(name);
    expect(text.toLowerCase()).toContain('approved');
    expect(text).toContain(`${LONG.slice(0, 50).trimEnd()}…`);
    expect(text).not.toContain(LONG.slice(0, 51));
    expect(text).toMatch(/Page 1 of 1/);
    // Only the chosen section.
    expect(text).not.toContain('Lighting');
    // The summary tab has no money.
    expect(text).not.toContain('₹');
  });

  it('no section chosen: every section, A4 landscape; the financial tab prints figures and totals', async () => {
    const data = await printData([]);
    expect(data.sectionCount).toBe(0);
    const pdf = await renderSummaryPdf(data, 'financial', renderer);
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'landscape'), `MediaBox ${box}`).toBe(true);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    // 2 × ₹45,000 − 10 % = ₹81,000; + ₹12,000 = ₹93,000 client price; trade ₹60,000 + ₹8,000.
    for (const figure of ['₹81,000.00', '₹93,000.00', '₹68,000.00', '₹25,000.00', 'Section total', 'Lighting', '2700K']) expect(text).toContain(figure);
    expect(text.toLowerCase()).toContain('rejected');
    expect(Number(pdfInfo(pdf).Pages)).toBeGreaterThanOrEqual(1);
  });

  it('no section chosen prints landscape even when the schedule has only one section (spec: landscape for zero)', async () => {
    const data = await printData([], oneSectionScheduleId);
    expect(data.sectionCount).toBe(0);
    const pdf = await renderSummaryPdf(data, 'summary', renderer);
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'landscape'), `MediaBox ${box}`).toBe(true);
    expect(pdfText(pdf)).toContain('Shelving');
  });

  it('two sections chosen: A4 landscape', async () => {
    const data = await printData(tree.rooms.map((room) => room.sections[0]!.id));
    expect(data.sectionCount).toBe(2);
    const pdf = await renderSummaryPdf(data, 'summary', renderer);
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'landscape'), `MediaBox ${box}`).toBe(true);
  });

  it('prints markup in a description as text and makes no request to the URLs it names', async () => {
    const data = await printData([tree.rooms[1]!.sections[0]!.id]);
    const html = summaryPrintHtml(data, 'summary');
    expect(html).not.toContain('<img src="http://127.0.0.1');
    const pdf = await renderSummaryPdf(data, 'summary', renderer);
    expect(pdfText(pdf)).toContain('<img src=');
    expect(listener.hits).toBe(0);
  });

  it('answers 404 for a section of no part of the schedule', async () => {
    const res = await api.app.inject({ method: 'GET', url: `/api/projects/schedules/${scheduleId}/print?sections=${newId()}`, headers: bearer(token) });
    expect(res.statusCode).toBe(404);
  });
});
