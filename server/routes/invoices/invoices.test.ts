import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { INVOICE_MESSAGES as M } from '../../contract/invoices';
import type { Invoice } from '../../contract/invoices';
import { auditLog, invoices } from '../../db/schema';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createFirm, createWorkspaceProject } from '../../seed/factories';
import { createPricedSchedule, PRICED_APPROVED_CLIENT_PRICE } from '../../seed/invoices';
import type { UserRow } from '../../queries/users';
import { firmTeam } from '../../../tests/helpers/firm-team';
import { createSession } from '../../queries/sessions';
import { formatCalendarDay, isoDay } from '../../contract/dates';
import { addDays } from '../../services/invoices';

let api: TestApi;
let firm: UserRow;
let tokens: { firm: string; subAdmin: string; employee: string; other: string };
let ids: { intraClient: string; interClient: string; supplier: string; otherClient: string; project: string; schedule: string; approvedSection: string; reviewSection: string; reviewItem: string; approvedItems: string[] };

beforeAll(async () => {
  api = await createTestApi();
  let other: UserRow;
  ({ firm, other, tokens } = await firmTeam(api.db, { canSeeFinancials: true }));
  await createBillingProfile(api.db, firm.id);
  await createBillingProfile(api.db, other.id, { invoicePrefix: 'OTH' });
  const project = await createWorkspaceProject(api.db, firm.id);
  const priced = await createPricedSchedule(api.db, firm.id, project.id);
  ids = {
    intraClient: (await createContact(api.db, firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra', address: 'Pune' })).id,
    interClient: (await createContact(api.db, firm.id, { name: 'Meera Iyer', company: 'Smile Dental', state: 'Tamil Nadu', gstin: '' })).id,
    supplier: (await createContact(api.db, firm.id, { kind: 'supplier' })).id,
    otherClient: (await createContact(api.db, other.id, {})).id,
    project: project.id,
    schedule: priced.schedule.id,
    approvedSection: priced.approvedSectionId,
    reviewSection: priced.reviewSectionId,
    reviewItem: priced.reviewItemIds[0]!,
    approvedItems: priced.approvedItemIds,
  };
});
afterAll(() => api.close());

type Reply = { message: string; data: Invoice };
/** A call; an Issue without a body names the draft's version as the page read just now would (docs/decisions/320). */
async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const issue = method === 'POST' && !payload ? /^\/invoices\/([^/]+)\/issue$/.exec(url) : null;
  if (issue) {
    const [row] = await api.db.select({ version: invoices.version }).from(invoices).where(eq(invoices.id, issue[1]!)).limit(1);
    payload = { version: row?.version ?? 1 };
  }
  return api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}
async function ok(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<Reply> {
  const res = await call(token, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const draft = (payload: object, token = tokens.firm) => ok(token, 'POST', '/invoices', payload);
/** Today for the firms of this file (India's time zone, the default): a payment is dated from the invoice's day to today. */
const today = () => isoDay(new Date());
const freeLine = { description: 'Design fee, stage 1', quantity: 1, unitPrice: 1_00_000_00, rateBp: 1800, hsnSac: '998391' };

/** The firm's time zone set from the version the Setting page would have read (docs/decisions/320). */
async function setTimeZone(token: string, timeZone: string) {
  const read = (await call(token, 'GET', '/firm/time-zone')).json() as { data: { version: number } };
  return call(token, 'PUT', '/firm/time-zone', { timeZone, version: read.data.version });
}

describe('the dates of payments (their receipts) and credit notes, in the firm’s time zone', () => {
  /** A firm of its own, in `timeZone`, with an issued invoice of 1,18,000 rupees. */
  async function issuedIn(timeZone: string) {
    const zoned = await createFirm(api.db);
    const token = (await createSession(api.db, zoned.id, { remember: false })).token;
    await createBillingProfile(api.db, zoned.id, { invoicePrefix: 'TZ' });
    const client = await createContact(api.db, zoned.id, { name: 'Asha Rao', state: 'Maharashtra' });
    expect((await setTimeZone(token, timeZone)).statusCode).toBe(200);
    const { data } = await draft({ contactId: client.id, lines: [freeLine] }, token);
    const issued = await ok(token, 'POST', `/invoices/${data.id}/issue`);
    return { token, invoice: issued.data };
  }

  it("dates an invoice on the firm's day, not India's", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same day.
    const ahead = await issuedIn('Pacific/Kiritimati');
    expect(ahead.invoice.issueDate).toBe(isoDay(new Date(), 'Pacific/Kiritimati'));
    const behind = await issuedIn('Pacific/Pago_Pago');
    expect(behind.invoice.issueDate).toBe(isoDay(new Date(), 'Pacific/Pago_Pago'));
  });

  it("refuses a payment dated before the invoice's date, naming the rule on the date field", async () => {
    const { token, invoice } = await issuedIn('Asia/Kolkata');
    const early = await call(token, 'POST', `/invoices/${invoice.id}/payments`, { paidOn: addDays(invoice.issueDate!, -1), amount: 100, method: 'upi' });
    expect(early.statusCode).toBe(400);
    expect(messagesByPath(early).paidOn).toBe(M.paidBeforeInvoice(formatCalendarDay(invoice.issueDate!)));
    expect(early.json().message).toMatch(/cannot be before the invoice's date/);
  });

  it("refuses a payment dated after today in the firm's time zone, and takes the firm's today where India's is another day", async () => {
    const zone = 'Pacific/Kiritimati';
    const { token, invoice } = await issuedIn(zone);
    const firmToday = isoDay(new Date(), zone);
    const future = await call(token, 'POST', `/invoices/${invoice.id}/payments`, { paidOn: addDays(firmToday, 1), amount: 100, method: 'upi' });
    expect(future.statusCode).toBe(400);
    expect(messagesByPath(future).paidOn).toBe(M.paidInFuture(formatCalendarDay(firmToday)));
    const paid = await ok(token, 'POST', `/invoices/${invoice.id}/payments`, { paidOn: firmToday, amount: 100, method: 'upi' });
    expect(paid.data.payments[0]!.paidOn).toBe(firmToday);
    // Its receipt carries the payment's date.
    const receipt = (await call(token, 'GET', `/invoices/${invoice.id}/payments/${paid.data.payments[0]!.id}/receipt`)).json().data;
    expect(JSON.stringify(receipt)).toContain(firmToday);
  });

  it("dates a credit note on the firm's day, and refuses one that would fall before its invoice's date", async () => {
    const { token, invoice } = await issuedIn('Pacific/Kiritimati');
    const note = await ok(token, 'POST', `/invoices/${invoice.id}/credit-notes`, { reason: 'Discount agreed', amount: 1_000_00, rateBp: 1800 });
    expect(note.data.creditNotes[0]!.issueDate).toBe(isoDay(new Date(), 'Pacific/Kiritimati'));
    // The firm moves a day westwards: today there is before the invoice's date.
    expect((await setTimeZone(token, 'Pacific/Pago_Pago')).statusCode).toBe(200);
    const early = await call(token, 'POST', `/invoices/${invoice.id}/credit-notes`, { reason: 'Discount agreed', amount: 1_000_00, rateBp: 1800 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.creditNoteBeforeInvoice(formatCalendarDay(invoice.issueDate!)));
  });
});

describe('drafts', () => {
  it("makes a draft from a schedule's approved sections only, CGST + SGST for a client in the firm's state", async () => {
    const { data } = await draft({ contactId: ids.intraClient, scheduleId: ids.schedule });
    expect(data.status).toBe('draft');
    expect(data.number).toBeNull();
    expect(data.projectId).toBe(ids.project);
    expect(data.supply).toBe('intra');
    expect(data.lines.map((l) => l.description)).toEqual(['Three-seat sofa — Teak frame, linen', 'Design fee']);
    expect(data.taxable).toBe(PRICED_APPROVED_CLIENT_PRICE);
    expect(data.lines[0]).toMatchObject({ quantity: '2', unit: 'NOS', unitPrice: 60_000_00, discount: 12_000_00, taxable: 1_08_000_00, cgst: 9_720_00, sgst: 9_720_00, igst: 0, hsnSac: '9403' });
    expect(data.total).toBe(data.lines.reduce((s, l) => s + l.total, 0));
    expect(data.cgst + data.sgst).toBe(Math.round(PRICED_APPROVED_CLIENT_PRICE * 0.18));
  });

  it('charges IGST to a client in another state, and takes chosen items or a milestone', async () => {
    const items = (await draft({ contactId: ids.interClient, scheduleId: ids.schedule, itemIds: [ids.approvedItems[1]] })).data;
    expect(items.supply).toBe('inter');
    expect(items.placeOfSupply).toBe('Tamil Nadu');
    expect(items.lines).toHaveLength(1);
    expect(items.lines[0]).toMatchObject({ description: 'Design fee', taxable: 50_000_00, igst: 9_000_00, cgst: 0, sgst: 0 });
    // Ticked sections and ticked items together (New invoice's picker): the section whole, an item of it not twice.
    const both = (await draft({ contactId: ids.intraClient, scheduleId: ids.schedule, sectionIds: [ids.approvedSection], itemIds: [ids.approvedItems[1]] })).data;
    expect(both.lines.map((l) => l.description)).toEqual(['Three-seat sofa — Teak frame, linen', 'Design fee']);
    const milestone = (await draft({ contactId: ids.intraClient, scheduleId: ids.schedule, milestoneBp: 3000 })).data;
    expect(milestone.lines).toEqual([expect.objectContaining({ description: '30 % of the approved sections of Living room schedule', taxable: 47_400_00 })]);
  });

  it('adds and removes free lines on a draft, recomputing the totals', async () => {
    const { data } = await draft({ contactId: ids.intraClient, projectId: ids.project, lines: [freeLine] });
    expect(data.total).toBe(1_18_000_00);
    const added = (await ok(tokens.subAdmin, 'POST', `/invoices/${data.id}/lines`, { description: 'Site visit', unitPrice: 5_000_00, rateBp: 1800 })).data;
    expect(added.lines).toHaveLength(2);
    expect(added.total).toBe(1_18_000_00 + 5_900_00);
    const removed = (await ok(tokens.firm, 'DELETE', `/invoices/${data.id}/lines/${added.lines[0]!.id}`)).data;
    expect(removed.lines.map((l) => l.description)).toEqual(['Site visit']);
    expect(removed.total).toBe(5_900_00);
    expect((await call(tokens.firm, 'DELETE', `/invoices/${data.id}/lines/${removed.lines[0]!.id}`)).json().message).toBe(M.noLines);
  });

  it.each([
    ['no client', { scheduleId: 'x' }, 'contactId', M.contactRequired],
    ['a supplier as the client', { contactId: 'SUPPLIER', lines: [freeLine] }, 'contactId', M.notAClient],
    ["another firm's contact", { contactId: 'OTHER', lines: [freeLine] }, 'contactId', M.notAClient],
    ['a schedule that is not the firm’s', { contactId: 'CLIENT', scheduleId: '0123456789abcdef01234567' }, 'scheduleId', M.scheduleNotFound],
    ['a section not approved', { contactId: 'CLIENT', scheduleId: 'SCHEDULE', sectionIds: ['REVIEW'] }, 'sectionIds', M.sectionNotApproved],
    ['an item of a section in review', { contactId: 'CLIENT', scheduleId: 'SCHEDULE', itemIds: ['REVIEWITEM'] }, 'itemIds', M.itemNotApproved],
    ['a milestone over 100 %', { contactId: 'CLIENT', scheduleId: 'SCHEDULE', milestoneBp: 10_001 }, 'milestoneBp', M.milestone],
    ['a line of zero', { contactId: 'CLIENT', lines: [{ ...freeLine, unitPrice: 0 }] }, 'lines.0.unitPrice', M.amountPositive],
    ['a fractional amount', { contactId: 'CLIENT', lines: [{ ...freeLine, unitPrice: 10.5 }] }, 'lines.0.unitPrice', M.amount],
    ['a rate that is not a GST slab', { contactId: 'CLIENT', lines: [{ ...freeLine, rateBp: 1700 }] }, 'lines.0.rateBp', M.rate],
    ['a blank description', { contactId: 'CLIENT', lines: [{ ...freeLine, description: ' ' }] }, 'lines.0.description', M.descriptionRequired],
  ])('answers 400 with the field message for %s', async (_name, body, path, message) => {
    const swap: Record<string, string> = { SUPPLIER: ids.supplier, OTHER: ids.otherClient, CLIENT: ids.intraClient, SCHEDULE: ids.schedule, REVIEW: ids.reviewSection, REVIEWITEM: ids.reviewItem };
    const payload = JSON.parse(JSON.stringify(body).replace(/"(SUPPLIER|OTHER|CLIENT|SCHEDULE|REVIEWITEM|REVIEW)"/g, (_m, k: string) => `"${swap[k]}"`));
    const res = await call(tokens.firm, 'POST', '/invoices', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesByPath(res)[path]).toBe(message);
  });

  it('answers 400 to no line at all, and to bodies of the wrong shape, never 500', async () => {
    expect((await call(tokens.firm, 'POST', '/invoices', { contactId: ids.intraClient })).json().message).toBe(M.noLines);
    for (const payload of [{}, [], { contactId: 5 }, { contactId: ids.intraClient, lines: 'x' }, { contactId: ids.intraClient, lines: [{ ...freeLine, unitPrice: 1e20 }] }, { contactId: ids.intraClient, lines: [{ ...freeLine, quantity: 100_000, unitPrice: 10_000_000_000_000 }] }]) {
      const res = await call(tokens.firm, 'POST', '/invoices', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 409 to a firm without a billing profile', async () => {
    const bare = await createFirm(api.db);
    const token = (await createSession(api.db, bare.id, { remember: false })).token;
    const client = await createContact(api.db, bare.id, {});
    const res = await call(token, 'POST', '/invoices', { contactId: client.id, lines: [freeLine] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.profileMissing);
  });

  it("answers 404 for another firm's invoice, whatever the call, and refuses employees (even with Can see financials)", async () => {
    const { data } = await draft({ contactId: ids.intraClient, lines: [freeLine] });
    for (const [method, url, payload] of [
      ['GET', `/invoices/${data.id}`],
      ['POST', `/invoices/${data.id}/issue`],
      ['POST', `/invoices/${data.id}/lines`, { description: 'x', unitPrice: 100, rateBp: 0 }],
      ['POST', `/invoices/${data.id}/payments`, { paidOn: '2026-05-01', amount: 100, method: 'upi' }],
      ['GET', `/invoices/${data.id}/print`],
      ['GET', '/invoices/not-an-id'],
    ] as const) {
      expect((await call(tokens.other, method, url, payload)).statusCode, url).toBe(404);
    }
    expect((await call(tokens.employee, 'GET', `/invoices/${data.id}`)).statusCode).toBe(403);
    expect((await call(tokens.employee, 'GET', '/invoices')).statusCode).toBe(403);
  });
});

describe('issue, pay, credit, void', () => {
  it('issues with the next number, frozen parties and due date, then refuses changes (409)', async () => {
    const { data } = await draft({ contactId: ids.intraClient, scheduleId: ids.schedule });
    const issued = await ok(tokens.firm, 'POST', `/invoices/${data.id}/issue`);
    expect(issued.data.number).toMatch(/^SMA\/\d{4}-\d{2}\/\d{4}$/);
    expect(issued.message).toBe(M.issued(issued.data.number!));
    expect(issued.data.status).toBe('issued');
    expect(issued.data.seller).toMatchObject({ legalName: 'Studio Mehta Architects LLP', gstin: '27AAPFU0939F1ZV', upiId: 'studiomehta@okhdfcbank' });
    expect(issued.data.buyer).toMatchObject({ legalName: 'Rhea Kapoor', state: 'Maharashtra' });
    expect(issued.data.outstanding).toBe(issued.data.total);
    const again = await call(tokens.firm, 'POST', `/invoices/${data.id}/issue`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notDraft);
    expect((await call(tokens.firm, 'POST', `/invoices/${data.id}/lines`, { description: 'x', unitPrice: 100, rateBp: 0 })).statusCode).toBe(409);
  });

  it('records part and full payments with receipts, computes outstanding and status, audits them', async () => {
    const { data } = await draft({ contactId: ids.intraClient, lines: [freeLine] });
    expect((await call(tokens.firm, 'POST', `/invoices/${data.id}/payments`, { paidOn: '2026-05-01', amount: 100, method: 'upi' })).json().message).toBe(M.notIssued);
    await ok(tokens.firm, 'POST', `/invoices/${data.id}/issue`);
    const part = await ok(tokens.firm, 'POST', `/invoices/${data.id}/payments`, { paidOn: today(), amount: 18_000_00, method: 'bank_transfer', reference: 'NEFT 1234' });
    expect(part.data).toMatchObject({ status: 'part_paid', received: 18_000_00, outstanding: 1_00_000_00 });
    expect(part.data.payments[0]!.receiptNumber).toMatch(/^RC\/\d{4}-\d{2}\/\d{4}$/);
    const over = await call(tokens.firm, 'POST', `/invoices/${data.id}/payments`, { paidOn: today(), amount: 1_00_000_01, method: 'cash' });
    expect(over.statusCode).toBe(400);
    expect(messagesByPath(over).amount).toBe(M.moreThanOutstanding);
    const bad = await call(tokens.firm, 'POST', `/invoices/${data.id}/payments`, { paidOn: '2026-02-30', amount: 1, method: 'barter' });
    expect(messagesByPath(bad)).toMatchObject({ paidOn: M.dateInvalid, method: M.methodRequired });
    const full = await ok(tokens.firm, 'POST', `/invoices/${data.id}/payments`, { paidOn: today(), amount: 1_00_000_00, method: 'cheque', reference: '000123' });
    expect(full.data).toMatchObject({ status: 'paid', outstanding: 0 });
    const receipt = (await call(tokens.firm, 'GET', `/invoices/${data.id}/payments/${full.data.payments[1]!.id}/receipt`)).json().data;
    expect(receipt.amountInWords).toBe('Rupees One Lakh Only');
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'invoice.payment-recorded')));
    expect(audit).toHaveLength(2);
    expect((await call(tokens.firm, 'POST', `/invoices/${data.id}/void`, { reason: 'x' })).json().message).toBe(M.voidWithPayments);
  });

  it('issues a credit note against an issued invoice, within what is owed', async () => {
    const { data } = await draft({ contactId: ids.interClient, lines: [freeLine] });
    await ok(tokens.firm, 'POST', `/invoices/${data.id}/issue`);
    const bad = await call(tokens.firm, 'POST', `/invoices/${data.id}/credit-notes`, { reason: 'Discount agreed', amount: 10_000_00, rateBp: 500 });
    expect(messagesByPath(bad).rateBp).toBe('Choose one of the GST rates of the invoice');
    const credited = await ok(tokens.firm, 'POST', `/invoices/${data.id}/credit-notes`, { reason: 'Discount agreed', amount: 10_000_00, rateBp: 1800 });
    expect(credited.data.creditNotes).toHaveLength(1);
    expect(credited.data.creditNotes[0]).toMatchObject({ kind: 'credit-note', total: 11_800_00 });
    expect(credited.data.creditNotes[0]!.number).toMatch(/^CN\//);
    expect(credited.data).toMatchObject({ credited: 11_800_00, outstanding: 1_18_000_00 - 11_800_00, status: 'issued' });
    const tooMuch = await call(tokens.firm, 'POST', `/invoices/${data.id}/credit-notes`, { reason: 'All of it', amount: 1_00_000_00, rateBp: 1800 });
    expect(messagesByPath(tooMuch).amount).toBe(M.moreThanOutstanding);
  });

  it('voids an issued invoice without payments (the number stays used) and audits it', async () => {
    const { data } = await draft({ contactId: ids.intraClient, lines: [freeLine] });
    await ok(tokens.firm, 'POST', `/invoices/${data.id}/issue`);
    const voided = await ok(tokens.firm, 'POST', `/invoices/${data.id}/void`, { reason: 'Raised twice' });
    expect(voided.data).toMatchObject({ status: 'void', voidReason: 'Raised twice', outstanding: 0 });
    expect((await call(tokens.firm, 'POST', `/invoices/${data.id}/payments`, { paidOn: '2026-05-01', amount: 1, method: 'upi' })).json().message).toBe(M.isVoid);
    expect((await call(tokens.firm, 'POST', `/invoices/${data.id}/void`, { reason: 'again' })).statusCode).toBe(409);
    expect(await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'invoice.voided')))).toHaveLength(1);
  });

  it('gives 20 invoices issued at once 20 distinct, gapless numbers', async () => {
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draft({ contactId: ids.intraClient, lines: [freeLine] }, tokens.subAdmin)));
    const before = (await ok(tokens.firm, 'GET', '/invoices') as unknown as { data: Array<{ number: string | null }> }).data.filter((i) => i.number).length;
    const results = await Promise.all(drafts.map((d) => call(tokens.firm, 'POST', `/invoices/${d.data.id}/issue`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const sequences = results.map((r) => Number((r.json() as Reply).data.number!.split('/')[2])).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences[19]! - sequences[0]!).toBe(19);
    expect(sequences[0]).toBe(before + 1);
  });

  it('lists by project and status, overdue computed', async () => {
    const list = (await call(tokens.firm, 'GET', `/invoices?projectId=${ids.project}`)).json().data as Invoice[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.projectId === ids.project)).toBe(true);
    const paid = (await call(tokens.firm, 'GET', '/invoices?status=paid')).json().data as Invoice[];
    expect(paid.every((i) => i.status === 'paid')).toBe(true);
    expect((await call(tokens.firm, 'GET', '/invoices?status=nope')).statusCode).toBe(400);
  });

  it("adds where the money stands to the firm's Financial overview: quoted, invoiced, received, outstanding, margin of the project", async () => {
    const { data } = (await call(tokens.firm, 'GET', `/projects/financial?projectId=${ids.project}`)).json();
    // Of this project only one invoice was issued (the approved sections, CGST + SGST); drafts and other projects count nowhere.
    expect(data.money).toEqual([{ projectId: ids.project, projectName: expect.any(String), quoted: 1_58_000_00, invoiced: 1_58_000_00, received: 0, outstanding: 1_86_440_00, margin: 78_000_00 }]);
  });
});
