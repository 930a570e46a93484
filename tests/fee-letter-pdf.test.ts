import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isA4, mediaBoxes, pdfText } from './helpers/pdf';
import { bearer, createTestApi, type TestApi } from './helpers/test-api';
import { COA_STAGES } from '../server/contract/fees-rules';
import type { FeeLetterReply } from '../server/contract/fee-letter';
import type { PortalFeeProposalReply } from '../server/contract/fee-proposals';
import { insertAgreement, insertCost } from '../server/queries/fees';
import { createSession } from '../server/queries/sessions';
import { createBillingProfile, demoGstin } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { createEmployee, createFirm, createMember, createWorkspaceProject } from '../server/seed/factories';
import { LETTER_MESSAGES } from '../server/routes/fees/letter';
import { PdfRenderer } from '../app/utils/pdf.server';
import { renderFeeLetterPdf } from '../app/utils/fee-letter-pdf.server';

/**
 * The fee proposal (docs/decisions/381): the engagement letter's data from the api, printed by
 * Chromium and read back. The COA schedule on 5 % of a rough ₹2,00,00,000 (other works): a fee of
 * ₹10,00,000; each stage due cumulatively, its own part the difference.
 */

let api: TestApi;
let firmToken: string;
let memberToken: string;
let projectId: string;
let bareProjectId: string;
let clientId: string;
const renderer = new PdfRenderer({ executablePath: '/usr/bin/chromium', pagesAtOnce: 1, timeoutMs: 30_000 });

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Mehta Studio' });
  await createBillingProfile(api.db, firm.id, { legalName: 'Mehta Studio Architects LLP', address: '14 Lane 5, Koregaon Park, Pune 411001', state: 'Maharashtra', gstin: demoGstin('27', 'AAMFM4821K'), pan: 'AAMFM4821K', paymentTermsDays: 15, proposalTerms: 'Site visits beyond two a month are billed at cost.' });
  firmToken = (await createSession(api.db, firm.id, { remember: false })).token;
  const member = await createEmployee(api.db, firm.id);
  memberToken = (await createSession(api.db, member.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Baner Office' });
  projectId = project.id;
  await createMember(api.db, project.id, { name: 'Member', email: member.email });
  const client = await createContact(api.db, firm.id, { name: 'Kiran Desai', company: 'Desai Holdings', state: 'Maharashtra', address: 'Baner, Pune', isClient: true });
  clientId = client.id;
  const agreement = await insertAgreement(api.db, firm.id, project.id, { basis: 'percentage', workKind: 'other', rateMilli: 5000, contactId: client.id }, COA_STAGES);
  await insertCost(api.db, { agreementId: agreement.id, kind: 'rough', amount: 2_00_00_000_00, recordedOn: '2026-04-10', note: '', createdBy: firm.id });
  bareProjectId = (await createWorkspaceProject(api.db, firm.id)).id;
});

afterAll(async () => {
  await renderer.close();
  await api?.close();
});

const letter = (id: string, token = firmToken) => api.app.inject({ method: 'GET', url: `/api/fee-agreements/${id}/letter`, headers: bearer(token) });

describe('the fee proposal', () => {
  it('schedules every stage at the current estimate, computed by hand', async () => {
    const res = await letter(projectId);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as FeeLetterReply).data;
    expect(data.fee).toBe(10_00_000_00);
    expect(data.estimate).toEqual({ kind: 'rough', amount: 2_00_00_000_00, recordedOn: '2026-04-10' });
    expect(data.stages.map((s) => s.cumulative)).toEqual([50_000_00, 1_00_000_00, 2_00_000_00, 3_50_000_00, 4_50_000_00, 5_50_000_00, 6_50_000_00, 8_00_000_00, 10_00_000_00]);
    expect(data.stages.map((s) => s.amount)).toEqual([50_000_00, 50_000_00, 1_00_000_00, 1_50_000_00, 1_00_000_00, 1_00_000_00, 1_00_000_00, 1_50_000_00, 2_00_000_00]);
    expect(data.stages.reduce((n, s) => n + (s.amount ?? 0), 0)).toBe(data.fee);
    expect(data.client?.name).toBe('Kiran Desai (Desai Holdings)');
    expect(data.sac).toBe('998323');

    const pdf = await renderFeeLetterPdf(data, renderer);
    // DOCUMENT_PDF_DIR keeps the file to look at, as tests/firm-documents-pdf.test.ts does.
    if (process.env.DOCUMENT_PDF_DIR) fs.writeFileSync(path.join(process.env.DOCUMENT_PDF_DIR, 'fee-proposal.pdf'), pdf);
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'portrait'), `MediaBox ${box}`).toBe(true);
    const t = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const s of ['Fee proposal', 'Mehta Studio Architects LLP', 'Kiran Desai (Desai Holdings)', 'Baner Office', 'SAC 998323', '5 % of the cost of works', 'minimum scale for other works is 5 %', 'rough estimate of ₹2,00,00,000.00', '₹10,00,000.00', 'On appointment (retainer)', 'At least ₹20,000.00', 'Completion and final bill', '₹2,00,000.00', 'within 15 days', 'GST at 18 %', 'Site visits beyond two a month are billed at cost.', 'Authorised signatory']) {
      expect(t).toContain(s);
    }
    // The firm's side only: nothing for the client to sign here.
    expect(t).not.toContain('Accepted by');
  });

  it('shared with the client, its PDF is printed from the frozen copy: a later change of the rate is not in it, nor any margin', async () => {
    const share = await api.app.inject({ method: 'POST', url: `/api/fee-agreements/${projectId}/proposals`, headers: bearer(firmToken), payload: { version: 1 } });
    expect(share.statusCode, share.body).toBe(201);
    const changed = await api.app.inject({ method: 'PUT', url: `/api/fee-agreements/${projectId}`, headers: bearer(firmToken), payload: { version: 1, basis: 'percentage', workKind: 'other', rateMilli: 6000, contactId: clientId } });
    expect(changed.statusCode, changed.body).toBe(200);
    const portal = await api.app.inject({ method: 'POST', url: `/api/contacts/${clientId}/portal`, headers: bearer(firmToken) });
    const token = (portal.json() as { data: { path: string } }).data.path.replace('/portal/', '');
    const overview = await api.app.inject({ method: 'GET', url: `/api/portal/${token}` });
    const [proposal] = (overview.json() as { data: { feeProposals: Array<{ id: string }> } }).data.feeProposals;
    const read = await api.app.inject({ method: 'GET', url: `/api/portal/${token}/fee-proposals/${proposal!.id}` });
    expect(read.statusCode, read.body).toBe(200);
    const pdf = await renderFeeLetterPdf((read.json() as PortalFeeProposalReply).data.letter, renderer);
    const t = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(t).toContain('5 % of the cost of works');
    expect(t).toContain('₹10,00,000.00');
    expect(t).not.toContain('6 % of the cost of works');
    expect(t).not.toMatch(/trade|margin|profit|markup|cost rate|bill rate/i);
  });

  it('is financials and needs an agreement', async () => {
    expect((await letter(projectId, memberToken)).statusCode).toBe(403);
    const none = await letter(bareProjectId);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(LETTER_MESSAGES.noAgreement);
  });
});
