import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { FIRM_MAIL_MESSAGES } from '../contract/firm-mail-rules';
import { INVOICE_MESSAGES as M } from '../contract/invoices';
import { invoices, users } from '../db/schema';
import { createBillingProfile } from '../seed/billing';
import { createContact } from '../seed/chat-book';
import { createFirm } from '../seed/factories';
import type { UserRow } from '../queries/users';
import { sendDueReminders } from './invoice-mail';
import { createSession } from '../queries/sessions';
import { isoDay } from '../contract/dates';

/** Invoice mail and the reminder job (docs/decisions/282): through the firm's mail rules, each reminder once across replicas. */

let api: TestApi;
let firm: UserRow;
let token: string;
const PDF = Buffer.from('%PDF-1.4\n% an invoice\n');

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  await createBillingProfile(api.db, firm.id);
});
afterAll(() => api.close());

async function issued(fields: { email?: string; reminderDays?: number } = {}) {
  const contact = await createContact(api.db, firm.id, { name: 'Rhea Kapoor', state: 'Maharashtra', ...(fields.email !== undefined ? { email: fields.email } : {}) });
  const made = await api.app.inject({ method: 'POST', url: '/api/invoices', headers: bearer(token), payload: { contactId: contact.id, reminderDays: fields.reminderDays ?? null, lines: [{ description: 'Design fee', unitPrice: 10_000_00, rateBp: 1800 }] } });
  const id = made.json().data.id as string;
  const res = await api.app.inject({ method: 'POST', url: `/api/invoices/${id}/issue`, headers: bearer(token), payload: { version: made.json().data.version } });
  return { id, number: res.json().data.number as string, email: contact.email };
}
const mail = (id: string, pdf: string) => api.app.inject({ method: 'POST', url: `/api/invoices/${id}/mail`, headers: bearer(token), payload: { pdf } });

describe('mailing an invoice', () => {
  it('sends the PDF to the client with how to pay, and audits it', async () => {
    const invoice = await issued();
    const res = await mail(invoice.id, PDF.toString('base64'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.mailed(invoice.email));
    const sent = (await api.outbox()).at(-1) as unknown as { to: string; subject: string; text: string; attachments: Array<{ filename: string; size: number }> };
    expect(sent.to).toBe(invoice.email);
    expect(sent.subject).toBe(`Invoice ${invoice.number} from Studio Mehta Architects LLP`);
    expect(sent.text).toContain('upi://pay?pa=studiomehta@okhdfcbank');
    expect(sent.text).toContain('IFSC HDFC0000240');
    expect(sent.attachments).toEqual([expect.objectContaining({ filename: `${invoice.number.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf', size: PDF.length })]);
  });

  it('refuses what is not a PDF (400), a client without email (409), an unverified firm (403)', async () => {
    const invoice = await issued();
    expect((await mail(invoice.id, Buffer.from('<html>').toString('base64'))).json().message).toBe(M.pdfInvalid);
    const noEmail = await issued({ email: '' });
    const res = await mail(noEmail.id, PDF.toString('base64'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.clientNoEmail);
    await api.db.update(users).set({ isVerify: 1 }).where(eq(users.id, firm.id));
    const refused = await mail(invoice.id, PDF.toString('base64'));
    await api.db.update(users).set({ isVerify: 2 }).where(eq(users.id, firm.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FIRM_MAIL_MESSAGES.unverified);
  });
});

describe('the reminder job', () => {
  it('mails each due reminder once, even when two replicas run it at once, and none before it is due', async () => {
    const due = await issued({ reminderDays: 3 });
    const notYet = await issued({ reminderDays: 30 });
    const none = await issued();
    for (const id of [due.id, notYet.id, none.id]) await api.db.update(invoices).set({ dueDate: '2026-05-01' }).where(eq(invoices.id, id));
    const before = (await api.outbox()).length;
    const [a, b] = await Promise.all([sendDueReminders(api.db, api.ctx.firmMail, '2026-05-04'), sendDueReminders(api.db, api.ctx.firmMail, '2026-05-04')]);
    expect(a + b).toBe(1);
    expect(await sendDueReminders(api.db, api.ctx.firmMail, '2026-05-04')).toBe(0);
    const sent = (await api.outbox()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Reminder: invoice ${due.number} was due on 1 May 2026`);
    expect(sent[0]!.text).toContain('₹11,800.00 is outstanding');
  });

  it('sends no reminder for a paid invoice', async () => {
    const paid = await issued({ reminderDays: 0 });
    await api.app.inject({ method: 'POST', url: `/api/invoices/${paid.id}/payments`, headers: bearer(token), payload: { paidOn: isoDay(new Date()), amount: 11_800_00, method: 'upi' } });
    await api.db.update(invoices).set({ dueDate: '2026-05-01' }).where(eq(invoices.id, paid.id));
    expect(await sendDueReminders(api.db, api.ctx.firmMail, '2026-05-20')).toBe(0);
  });
});
