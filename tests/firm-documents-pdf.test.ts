import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isA4, mediaBoxes, pdfText } from './helpers/pdf';
import { uploadedScheduleImageIds } from './helpers/schedules';
import { bearer, createTestApi, type TestApi } from './helpers/test-api';
import type { ProposalReply } from '../server/contract/proposal';
import type { PurchaseOrderPrintReply } from '../server/contract/purchase-orders';
import type { PrintReply } from '../server/contract/summary-print';
import { newId } from '../server/db/ids';
import { insertSchedule } from '../server/queries/schedules';
import { createBillingProfile, demoGstin } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../server/seed/factories';
import { createSummaryTree, type BuiltTree } from '../server/seed/summary-tree';
import { createSession } from '../server/queries/sessions';
import { scheduleImageFolder } from '../server/services/schedule-images';
import { PdfRenderer } from '../app/utils/pdf.server';
import { proposalHtml, renderProposalPdf } from '../app/utils/proposal-pdf.server';
import { renderPurchaseOrderPdf } from '../app/utils/purchase-order-pdf.server';
import { renderSummaryPdf } from '../app/routes/workspace.project.schedules.summary-financial.$projectId.pdf/summary-pdf.server';

/**
 * The firm's documents end to end below the web routes: the api's data
 * printed by Chromium, the text read back with pdftotext. The client proposal prints client
 * prices, GST and totals, whole descriptions and the letterhead, and never a trade price, cost,
 * profit or markup, even for a caller who may see them; the purchase order prints trade prices
 * and the tax split. And the summary's financial PDF keeps its section-total figures apart.
 */

const LONG = 'Solid teak frame with hand-woven cane back and seat, oiled finish, made to order in Jodhpur by the same workshop as the dining chairs';
let api: TestApi;
let firmToken: string;
let memberToken: string;
let scheduleId: string;
let tree: BuiltTree;
const renderer = new PdfRenderer({ executablePath: '/usr/bin/chromium', pagesAtOnce: 2, timeoutMs: 30_000 });

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Mehta Studio' });
  await createBillingProfile(api.db, firm.id, {
    legalName: 'Mehta Studio Architects LLP',
    address: '14 Lane 5, Koregaon Park, Pune 411001',
    state: 'Maharashtra',
    gstin: demoGstin('27', 'AAMFM4821K'),
    pan: 'AAMFM4821K',
    proposalTerms: '50% advance on approval, the balance on delivery.',
    proposalValidityDays: 15,
    itemTaxes: { product: { rateBp: 1800, hsnSac: '9403' }, financial: { rateBp: 1200, hsnSac: '998391' } },
  });
  firmToken = (await createSession(api.db, firm.id, { remember: false })).token;
  const member = await createEmployee(api.db, firm.id);
  memberToken = (await createSession(api.db, member.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Koregaon Park Residence' });
  await createMember(api.db, project.id, { name: 'Member', email: member.email });
  scheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'Living and dining', description: 'd', images: [] })).id;
  const [imageId] = await uploadedScheduleImageIds(api, firmToken, project.id);
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
            { type: 'description', description: 'Cushions in linen' },
          ],
        },
        { title: 'Old idea', status: 'rejected', items: [{ type: 'product', title: 'Rejected chair', retailPrice: 100_000, tradePrice: 50_000 }] },
      ],
    },
    // The figures of the reported bug: client price ₹2,77,750.00, net profit ₹74,750.00.
    { name: 'Dining', sections: [{ title: 'Dining table', status: 'approved', items: [{ type: 'product', title: 'Teak table', retailPrice: 27_775_000, tradePrice: 20_300_000, quantity: 1 }] }] },
  ]);
});
afterAll(async () => {
  await renderer.close();
  await api?.close();
});

async function proposal(token = firmToken, sections: string[] = []) {
  const res = await api.app.inject({ method: 'GET', url: `/api/proposals/schedules/${scheduleId}?sections=${sections.join(',')}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProposalReply).data;
}

/** With DOCUMENT_PDF_DIR set, the PDFs made are kept there for review (screenshots with pdftoppm). */
function keep(name: string, pdf: Buffer) {
  if (process.env.DOCUMENT_PDF_DIR) fs.writeFileSync(path.join(process.env.DOCUMENT_PDF_DIR, name), pdf);
  return pdf;
}

/** The PDF's text with runs of spaces made one (lines kept apart). */
const text = (pdf: Buffer) => pdfText(pdf).replace(/[ \t]+/g, ' ');

describe('the client proposal PDF', () => {
  it('prints the letterhead, client prices with GST per line, section, room and grand totals, validity and terms', async () => {
    const data = await proposal();
    // The armchair's picture comes as a thumbnail data URL.
    expect(data.rooms[0]!.sections[0]!.lines[0]!.image).toMatch(/^data:image\/webp;base64,/);
    const pdf = keep('proposal.pdf', await renderProposalPdf(data, renderer));
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'portrait'), `MediaBox ${box}`).toBe(true);
    const t = text(pdf);
    for (const s of ['Mehta Studio Architects LLP', '14 Lane 5, Koregaon Park, Pune 411001', `GSTIN ${demoGstin('27', 'AAMFM4821K')}`, 'Proposal', 'Koregaon Park Residence', 'Living and dining', 'Valid until', '50% advance on approval, the balance on delivery.', 'HSN/SAC 9403']) {
      expect(t).toContain(s);
    }
    // Armchairs: 2 × ₹45,000 = ₹90,000 less 10 % = ₹81,000; GST 18 % ₹14,580; ₹95,580.
    for (const figure of ['₹45,000.00', '₹81,000.00', '₹14,580.00', '₹95,580.00', 'less ₹9,000.00']) expect(t).toContain(figure);
    // Labour: ₹12,000 + 12 % ₹1,440 = ₹13,440. Seating total ₹93,000 + ₹16,020 = ₹1,09,020.
    for (const figure of ['₹12,000.00', '₹1,440.00', '₹13,440.00', '₹93,000.00', '₹16,020.00', '₹1,09,020.00']) expect(t).toContain(figure);
    // Dining: ₹2,77,750 + 18 % ₹49,995 = ₹3,27,745. Grand: ₹3,70,750 + GST (12 % ₹1,440, 18 % ₹64,575) = ₹4,36,765.
    for (const figure of ['₹2,77,750.00', '₹49,995.00', '₹3,27,745.00', '₹3,70,750.00', '₹64,575.00', '₹4,36,765.00']) expect(t).toContain(figure);
    expect(t.replace(/\s+/g, ' ')).toContain('Rupees Four Lakh Thirty Six Thousand Seven Hundred Sixty Five Only');
    expect(data.totals).toEqual({ taxable: 37_075_000, tax: 6_601_500, total: 43_676_500 });
    // Every line's figures stand apart: no two amounts run together.
    expect(t).not.toMatch(/\d₹/);
  });

  it('prints descriptions whole (no 50-character cut) and leaves out rejected sections and unpriced items', async () => {
    const t = text(await renderProposalPdf(await proposal(), renderer)).replace(/\s+/g, ' ');
    expect(t).toContain('made to order in Jodhpur by the same workshop as the dining chairs');
    expect(t).not.toContain('…');
    expect(t).not.toContain('Rejected chair');
    expect(t).not.toContain('Cushions in linen');
  });

  it('never prints trade price, cost, profit or markup, for the firm as for a member employee', async () => {
    for (const token of [firmToken, memberToken]) {
      const data = await proposal(token);
      const json = JSON.stringify(data);
      for (const key of ['tradePrice', 'tradeCost', 'netProfit', 'markup']) expect(json).not.toContain(key);
      const t = text(await renderProposalPdf(data, renderer)).toLowerCase();
      for (const word of ['trade', 'profit', 'markup', 'cost']) expect(t).not.toContain(word);
      // The trade prices themselves (₹30,000, ₹8,000, ₹2,03,000) appear nowhere.
      for (const figure of ['₹30,000.00', '₹8,000.00', '₹2,03,000.00', '₹74,750.00']) expect(t).not.toContain(figure);
      expect(proposalHtml(data)).not.toMatch(/trade|profit|markup/i);
    }
  });

  it('prints only the chosen sections, and answers 404 for a section of no part of the schedule', async () => {
    const data = await proposal(firmToken, [tree.rooms[1]!.sections[0]!.id]);
    expect(data.rooms.map((r) => r.name)).toEqual(['Dining']);
    expect(data.totals.total).toBe(32_774_500);
    const res = await api.app.inject({ method: 'GET', url: `/api/proposals/schedules/${scheduleId}?sections=${newId()}`, headers: bearer(firmToken) });
    expect(res.statusCode).toBe(404);
  });
});

describe('the summary’s financial PDF', () => {
  it('keeps the section-total row’s figures apart (it printed "₹2,77,750.00₹74,750.00")', async () => {
    for (const sections of [[tree.rooms[1]!.sections[0]!.id], []]) {
      const res = await api.app.inject({ method: 'GET', url: `/api/projects/schedules/${scheduleId}/print?sections=${sections.join(',')}`, headers: bearer(firmToken) });
      const t = pdfText(await renderSummaryPdf((res.json() as PrintReply).data, 'financial', renderer));
      expect(t).toContain('₹2,77,750.00');
      expect(t).toContain('₹74,750.00');
      expect(t, sections.length ? 'portrait' : 'landscape').not.toMatch(/\d₹/);
    }
  });
});

describe('the purchase order PDF', () => {
  it('prints the number, both parties, trade prices, the tax split and the total in words', async () => {
    const supplier = await createContact(api.db, (await api.db.query.users.findFirst({ where: (u, { eq }) => eq(u.firmName, 'Mehta Studio') }))!.id, {
      kind: 'supplier',
      name: 'Anita Kulkarni',
      company: 'Deccan Stoneworks',
      email: 'sales@deccanstone.example',
      address: 'Plot 9, Hadapsar Industrial Estate, Pune 411013',
      state: 'Maharashtra',
      gstin: demoGstin('27', 'AAFCD5521L'),
    });
    const items = [...tree.rooms[0]!.sections[0]!.items.slice(0, 2), tree.rooms[1]!.sections[0]!.items[0]!];
    const raised = await api.app.inject({ method: 'POST', url: '/api/purchase-orders', headers: bearer(firmToken), payload: { scheduleId, supplierId: supplier.id, itemIds: items, notes: 'Deliver to site after 10 am.' } });
    expect(raised.statusCode, raised.body).toBe(201);
    const res = await api.app.inject({ method: 'GET', url: `/api/purchase-orders/${raised.json().data.id}/print`, headers: bearer(firmToken) });
    const data = (res.json() as PurchaseOrderPrintReply).data;
    const pdf = keep('purchase-order.pdf', await renderPurchaseOrderPdf(data, renderer));
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'portrait'), `MediaBox ${box}`).toBe(true);
    const t = text(pdf);
    for (const s of ['Purchase order', data.order.number, 'Mehta Studio Architects LLP', 'Deccan Stoneworks (Anita Kulkarni)', `GSTIN ${demoGstin('27', 'AAFCD5521L')}`, 'Koregaon Park Residence', 'Deliver to site after 10 am.', 'CGST', 'SGST']) {
      expect(t).toContain(s);
    }
    // Trade prices: 2 × ₹30,000, ₹8,000 (12 %), ₹2,03,000. Taxable ₹2,71,000; GST ₹10,800 + ₹960 + ₹36,540 = ₹48,300.
    for (const figure of ['₹30,000.00', '₹60,000.00', '₹8,000.00', '₹2,03,000.00', '₹2,71,000.00', '₹24,150.00', '₹3,19,300.00']) expect(t).toContain(figure);
    expect(t.replace(/\s+/g, ' ')).toContain('Rupees Three Lakh Nineteen Thousand Three Hundred Only');
    expect(t).not.toContain('IGST');
    expect(t).not.toMatch(/\d₹/);
  });
});
