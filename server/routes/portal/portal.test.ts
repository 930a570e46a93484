import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { tokensOf } from '../../../tests/helpers/sessions';
import { isoDay } from '../../contract/dates';
import type { FirmPortalReply, PortalInvoiceReply, ProofReply } from '../../contract/portal';
import { PORTAL_MESSAGES as M, PROOF_HEADER } from '../../contract/portal';
import type { PortalOverview } from '../../contract/portal';
import { clientPortals, invoices, summarySections } from '../../db/schema';
import type { UserRow } from '../../queries/users';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createFirm, createUser, createWorkspaceProject } from '../../seed/factories';
import { createPricedSchedule } from '../../seed/invoices';
import { saveNotificationSettings } from '../../queries/settings';

/**
 * The client portal (docs/decisions/390–392) through the api: the firm makes a contact's portal and
 * shares a schedule; the client opens it, proves the address with a mailed code, approves and
 * rejects sections, sees the invoice with its UPI link, notes a part payment with its UTR; the firm
 * confirms it and the receipt appears. Nothing of a trade price or margin is in any client reply.
 */

let api: TestApi;
let firm: UserRow;
let tokens: Record<'firm' | 'foreignFirm' | 'subAdmin' | 'employee' | 'explorer', string>;
let contactId: string;
let scheduleId: string;
let sections: { approved: string; review: string };
let invoiceId: string;

let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, options: { token?: string; payload?: object; proof?: string } = {}) {
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...(options.proof ? { [PROOF_HEADER]: options.proof } : {}) };
  return api.app.inject({ method, url: `/api${url}`, headers, remoteAddress: nextAddress(), ...(options.payload ? { payload: options.payload } : {}) });
}

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Portal Studio' });
  tokens = await tokensOf(api.db, {
    firm,
    foreignFirm: await createFirm(api.db),
    subAdmin: await createEmployee(api.db, firm.id, { isSubAdmin: true }),
    employee: await createEmployee(api.db, firm.id),
    explorer: await createUser(api.db),
  });
  await createBillingProfile(api.db, firm.id);
  const contact = await createContact(api.db, firm.id, { name: 'Rhea Kapoor', email: 'rhea@client.test', phone: '98200 12345', state: 'Maharashtra' });
  contactId = contact.id;
  const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Juhu Flat' });
  const priced = await createPricedSchedule(api.db, firm.id, project.id);
  scheduleId = priced.schedule.id;
  sections = { approved: priced.approvedSectionId, review: priced.reviewSectionId };
  const draft = await call('POST', '/invoices', { token: tokens.firm, payload: { contactId, projectId: project.id, lines: [{ description: 'Design fee, stage 1', quantity: 1, unitPrice: 1_00_000_00, rateBp: 1800, hsnSac: '998391' }] } });
  expect(draft.statusCode, draft.body).toBe(201);
  invoiceId = draft.json().data.id;
  const issued = await call('POST', `/invoices/${invoiceId}/issue`, { token: tokens.firm, payload: { version: draft.json().data.version } });
  expect(issued.statusCode, issued.body).toBe(200);
});
afterAll(() => api?.close());

let portalPath = '';
const token = () => portalPath.replace('/portal/', '');

async function proveAddress(): Promise<string> {
  const asked = await call('POST', `/portal/${token()}/code`);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json().message).toBe(M.codeSent('r***@client.test'));
  const mail = (await api.outbox()).filter((m) => m.to === 'rhea@client.test').at(-1)!;
  const code = /code to confirm it is you .* is (\d{6})\./.exec(mail.text)![1]!;
  const wrong = await call('POST', `/portal/${token()}/proof`, { payload: { code: code === '000000' ? '111111' : '000000' } });
  expect(wrong.statusCode).toBe(400);
  expect(messagesByPath(wrong)).toEqual({ code: M.codeWrong });
  const proved = await call('POST', `/portal/${token()}/proof`, { payload: { code } });
  expect(proved.statusCode, proved.body).toBe(201);
  return (proved.json() as ProofReply).data.proof;
}

describe('the client portal, end to end', () => {
  let proof = '';

  it('the firm makes the portal once (a second call gives the same address) and shares a schedule', async () => {
    const made = await call('POST', `/contacts/${contactId}/portal`, { token: tokens.firm });
    expect(made.statusCode, made.body).toBe(201);
    portalPath = made.json().data.path;
    expect(portalPath).toMatch(/^\/portal\/[A-Za-z0-9_-]{43}$/);
    const again = await call('POST', `/contacts/${contactId}/portal`, { token: tokens.subAdmin });
    expect(again.json().data.path).toBe(portalPath);
    // Only the hash and the sealed token are stored.
    const [row] = await api.db.select().from(clientPortals).where(eq(clientPortals.contactId, contactId));
    expect(JSON.stringify(row)).not.toContain(token());

    const shared = await call('POST', `/contacts/${contactId}/portal/schedules`, { token: tokens.firm, payload: { scheduleId } });
    expect(shared.statusCode, shared.body).toBe(201);
    // Sharing it twice keeps one link.
    await call('POST', `/contacts/${contactId}/portal/schedules`, { token: tokens.firm, payload: { scheduleId } });
    const view = (await call('GET', `/contacts/${contactId}/portal`, { token: tokens.firm })).json() as FirmPortalReply;
    expect(view.data.portal?.path).toBe(portalPath);
    expect(view.data.schedules.map((s) => s.id)).toEqual([scheduleId]);
    expect(view.data.shareable.map((s) => s.id)).not.toContain(scheduleId);
    expect(view.data.invoices.map((i) => i.id)).toEqual([invoiceId]);
  });

  it('the client opens it without an account: schedules and invoices, client prices only, the visit recorded', async () => {
    const res = await call('GET', portalPath);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PortalOverview;
    expect(data).toMatchObject({ firm: { name: 'Portal Studio' }, client: { name: 'Rhea Kapoor', maskedEmail: 'r***@client.test' }, proven: false, locked: false });
    expect(data.schedules).toHaveLength(1);
    expect(data.schedules[0]!.path).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);
    expect(data.invoices[0]).toMatchObject({ id: invoiceId, total: 1_18_000_00, outstanding: 1_18_000_00, status: 'issued' });
    expect(res.body).not.toMatch(/trade|margin|profit|markup|costRate|billRate/i);
    const view = (await call('GET', `/contacts/${contactId}/portal`, { token: tokens.firm })).json() as FirmPortalReply;
    expect(view.data.portal?.firstOpenedAt).not.toBeNull();
  });

  it('a decision through the shared link asks for a proof; with one, two sections are decided and the firm sees them', async () => {
    const overview = (await call('GET', portalPath)).json().data as PortalOverview;
    const shareToken = overview.schedules[0]!.path!.replace('/share/', '');
    const summary = (await call('GET', `/share/${shareToken}`)).json();
    expect(summary.data.portal).toMatchObject({ path: portalPath, proven: false });
    const refused = await call('POST', `/share/${shareToken}/sections/${sections.review}/decision`, { payload: { decision: 'approved' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'proof-required', message: M.proofRequired });

    proof = await proveAddress();
    expect((await call('GET', `/share/${shareToken}`, { proof })).json().data.portal.proven).toBe(true);
    const approved = await call('POST', `/share/${shareToken}/sections/${sections.approved}/decision`, { proof, payload: { decision: 'approved' } });
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await call('POST', `/share/${shareToken}/sections/${sections.review}/decision`, { proof, payload: { decision: 'rejected', comment: 'A warmer wood, please' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const statuses = await api.db.select({ id: summarySections.id, status: summarySections.status }).from(summarySections).where(eq(summarySections.scheduleId, scheduleId));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toMatchObject({ [sections.approved]: 'approved', [sections.review]: 'rejected' });
    const board = (await call('GET', '/projects/client-board', { token: tokens.firm })).json();
    expect(board.data.decisions.map((d: { comment: string }) => d.comment)).toContain('A warmer wood, please');
    const view = (await call('GET', `/contacts/${contactId}/portal`, { token: tokens.firm })).json() as FirmPortalReply;
    expect(view.data.schedules[0]).toMatchObject({ sections: 2, approved: 1, rejected: 1 });
    expect(view.data.schedules[0]!.firstOpenedAt).not.toBeNull();
  });

  it('the invoice above the UPI limit offers no whole-amount link, but a part within the limit carries tr = the invoice number', async () => {
    const res = await call('GET', `${portalPath}/invoices/${invoiceId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as PortalInvoiceReply;
    // ₹1,18,000 owed is above the profile's ₹1,00,000 UPI limit (decision 397).
    expect(data.print).toMatchObject({ upiUri: null, upiOverLimit: true, upiLimit: 1_00_000_00 });
    const number = data.print.invoice.number!;
    const part = (await call('GET', `${portalPath}/invoices/${invoiceId}?upiAmount=5000000`)).json() as PortalInvoiceReply;
    expect(part.data.print.upiUri).toContain(`tr=${encodeURIComponent(number)}`);
    expect(part.data.print.upiUri).toContain('am=50000.00');
    expect(part.data.print.qrSvg).toContain('<svg');
    const above = await call('GET', `${portalPath}/invoices/${invoiceId}?upiAmount=11000000`);
    expect(above.statusCode).toBe(400);
    expect(res.body).not.toMatch(/trade|margin|profit|markup/i);
  });

  it('"I have paid" needs the proof, checks the amount and reference, and is noted once per reference', async () => {
    const note = { amount: 50_000_00, method: 'upi', reference: '412345678901', paidOn: isoDay(new Date()) };
    const url = `${portalPath}/invoices/${invoiceId}/payment-notes`;
    expect((await call('POST', url, { payload: note })).statusCode).toBe(403);
    const tooMuch = await call('POST', url, { proof, payload: { ...note, amount: 2_00_000_00 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(messagesByPath(tooMuch)).toEqual({ amount: M.moreThanOwed });
    const badRef = await call('POST', url, { proof, payload: { ...note, reference: 'x!' } });
    expect(messagesByPath(badRef)).toEqual({ reference: M.referenceShape });
    const future = await call('POST', url, { proof, payload: { ...note, paidOn: '2999-01-01' } });
    expect(Object.keys(messagesByPath(future))).toEqual(['paidOn']);
    const saved = await call('POST', url, { proof, payload: note });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().message).toBe(M.noteSaved);
    const twice = await call('POST', url, { proof, payload: note });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.referenceUsed);
    // The firm is mailed.
    expect((await api.outbox()).some((m) => m.subject.includes('says they paid ₹50,000 against'))).toBe(true);
  });

  it('the firm confirms it: the payment and its receipt are recorded once, and the client sees both', async () => {
    const pending = (await call('GET', '/payment-notes?status=pending', { token: tokens.firm })).json().data;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ amount: 50_000_00, reference: '412345678901', status: 'pending', clientName: 'Rhea Kapoor' });
    expect((await call('POST', `/payment-notes/${pending[0].id}/confirm`, { token: tokens.employee, payload: {} })).statusCode).toBe(403);
    expect((await call('POST', `/payment-notes/${pending[0].id}/confirm`, { token: tokens.foreignFirm, payload: {} })).statusCode).toBe(404);
    const confirmed = await call('POST', `/payment-notes/${pending[0].id}/confirm`, { token: tokens.subAdmin, payload: {} });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = await call('POST', `/payment-notes/${pending[0].id}/confirm`, { token: tokens.firm, payload: {} });
    expect(again.statusCode).toBe(409);
    const [row] = await api.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({ received: 50_000_00, status: 'part_paid' });

    const client = (await call('GET', `${portalPath}/invoices/${invoiceId}`)).json() as PortalInvoiceReply;
    expect(client.data.notes[0]).toMatchObject({ status: 'confirmed' });
    const payment = client.data.print.invoice.payments[0]!;
    expect(client.data.notes[0]!.receiptNumber).toBe(payment.receiptNumber);
    const receipt = await call('GET', `${portalPath}/invoices/${invoiceId}/payments/${payment.id}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data.payment).toMatchObject({ amount: 50_000_00, reference: '412345678901', method: 'upi' });
    // ₹68,000 still owed is within the limit: the whole-amount link is back.
    expect(client.data.print.upiUri).toContain('am=68000.00');
  });

  it('a declined note keeps the reason for the client (and its mail follows the "Payment notes" choice)', async () => {
    // Payment notes have their own mail choice (docs/decisions/412): off, the firm is not mailed.
    await saveNotificationSettings(api.db, firm.id, { tasks: true, chat: true, leads: true, paymentNotes: false });
    const saved = await call('POST', `${portalPath}/invoices/${invoiceId}/payment-notes`, { proof, payload: { amount: 10_000_00, method: 'bank_transfer', reference: 'HDFC0001234', paidOn: isoDay(new Date()) } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await api.outbox()).some((m) => m.subject.includes('says they paid ₹10,000 against'))).toBe(false);
    await saveNotificationSettings(api.db, firm.id, { tasks: true, chat: true, leads: true });
    const [note] = (await call('GET', `/payment-notes?status=pending&invoiceId=${invoiceId}`, { token: tokens.firm })).json().data;
    const empty = await call('POST', `/payment-notes/${note.id}/decline`, { token: tokens.firm, payload: { reason: ' ' } });
    expect(messagesByPath(empty)).toEqual({ reason: M.reasonRequired });
    expect((await call('POST', `/payment-notes/${note.id}/decline`, { token: tokens.firm, payload: { reason: 'Not in our account yet' } })).statusCode).toBe(200);
    const client = (await call('GET', `${portalPath}/invoices/${invoiceId}`)).json() as PortalInvoiceReply;
    expect(client.data.notes.find((n) => n.id === note.id)).toMatchObject({ status: 'declined', declineReason: 'Not in our account yet' });
  });

  it('revoking ends the portal and its shared links at once, leaking nothing', async () => {
    const overview = (await call('GET', portalPath)).json().data as PortalOverview;
    const shareToken = overview.schedules[0]!.path!.replace('/share/', '');
    expect((await call('DELETE', `/contacts/${contactId}/portal`, { token: tokens.firm })).statusCode).toBe(200);
    for (const url of [portalPath, `${portalPath}/invoices/${invoiceId}`, `/share/${shareToken}`]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(410);
      expect(res.body).not.toContain('Rhea');
    }
    expect((await call('DELETE', `/contacts/${contactId}/portal`, { token: tokens.firm })).json().message).toBe(M.notOpen);
    // A new portal has a new address; the old stays gone.
    const made = await call('POST', `/contacts/${contactId}/portal`, { token: tokens.firm });
    expect(made.json().data.path).not.toBe(portalPath);
  });

  it('a wrong token is 404; another contact’s or a draft invoice is 404 through a portal', async () => {
    expect((await call('GET', '/portal/not-a-token')).statusCode).toBe(404);
    expect((await call('GET', `/portal/${'A'.repeat(43)}`)).statusCode).toBe(404);
    const other = await createContact(api.db, firm.id, { name: 'Other Client', email: 'other@client.test' });
    const otherPortal = (await call('POST', `/contacts/${other.id}/portal`, { token: tokens.firm })).json().data.path;
    expect((await call('GET', `${otherPortal}/invoices/${invoiceId}`)).statusCode).toBe(404);
    const listed = (await call('GET', otherPortal)).json().data as PortalOverview;
    expect(listed.invoices).toEqual([]);
    expect(listed.schedules).toEqual([]);
  });

  it('a contact without an email gets no portal', async () => {
    const silent = await createContact(api.db, firm.id, { name: 'No Mail', email: '' });
    const res = await call('POST', `/contacts/${silent.id}/portal`, { token: tokens.firm });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.noEmail);
  });
});

describe('a portal past its open period', () => {
  it('lists nothing until the browser proves the address', async () => {
    const contact = await createContact(api.db, firm.id, { name: 'Old Client', email: 'old@client.test' });
    const path = (await call('POST', `/contacts/${contact.id}/portal`, { token: tokens.firm })).json().data.path as string;
    await api.db.update(clientPortals).set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) }).where(eq(clientPortals.contactId, contact.id));
    const locked = (await call('GET', path)).json().data as PortalOverview;
    expect(locked).toMatchObject({ locked: true, proven: false, schedules: [], invoices: [] });
    expect((await call('GET', `${path}/invoices/${invoiceId}`)).statusCode).toBe(403);
  });
});
