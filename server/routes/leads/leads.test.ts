import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { EMPTY_DEMANDBOX, LEAD_MESSAGES as M, LEADS_PAGE_SIZE, type Lead } from '../../contract/leads';
import { VERIFY } from '../../contract/vocabulary';
import { leadMessages, leads, projects } from '../../db/schema';
import { createEmployee, createFirm, createUser } from '../../seed/factories';
import { createLead } from '../../seed/leads';
import { saveNotificationSettings } from '../../queries/settings';
import type { UserRow } from '../../queries/users';
import { createSession } from '../../queries/sessions';
import { tokensOf } from '../../../tests/helpers/sessions';

/** Enquiries from the public side and the demand box. */

type OutboxMail = { from: string; fromName?: string; to: string | string[]; cc?: string[]; bcc?: string[]; replyTo?: string; subject: string; text: string };

/** The default of ENQUIRY_MAX_PER_ADDRESS. Who is held and mailed: enquiry-senders.test.ts (docs/decisions/340). */
const ENQUIRY_RATE = { perAddress: 5 };

let api: TestApi;
let firm: UserRow;
let tokens: Record<'firm' | 'foreignFirm' | 'subAdmin' | 'employee' | 'explorer', string>;

beforeAll(async () => {
  // The form token's minimum age has its own tests (enquiry-tokens.test.ts); here a token is good at once.
  api = await createTestApi({ ENQUIRY_MIN_AGE_SECONDS: '0' });
  expect(api.config).toMatchObject({ ENQUIRY_MAX_PER_ADDRESS: ENQUIRY_RATE.perAddress });
  firm = await createFirm(api.db, { firmName: 'Lead Studio', businessEmail: 'office@lead-studio.example.test' });
  const people = {
    firm,
    foreignFirm: await createFirm(api.db),
    subAdmin: await createEmployee(api.db, firm.id, { isSubAdmin: true }),
    employee: await createEmployee(api.db, firm.id),
    explorer: await createUser(api.db),
  };
  tokens = await tokensOf(api.db, people);
});
afterAll(() => api.close());

let address = 0;
/** A new visitor address per call, so the per-address limit is not what a test meets. */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const enquiry = (fields: Record<string, unknown> = {}) => ({
  name: 'Meera Iyer',
  email: 'Meera@Example.test',
  phone: '98765 43210',
  projectType: 'architecture-residential',
  message: 'We would like a two-storey home on our plot in Pune.',
  ...fields,
});

/** A form token for the firm, as the page gets it. */
const formToken = async (firmId: string) => (await api.app.inject({ url: `/api/firms/${firmId}/enquiry-token` })).json().data?.token as string | undefined;

/** Posts an enquiry with a fresh form token, unless the payload brings its own `formToken`. */
const sendEnquiry = async (firmId: string, payload: unknown, remoteAddress = nextAddress(), token?: string) => {
  const body = payload && typeof payload === 'object' && !('formToken' in payload) ? { ...payload, formToken: await formToken(firmId) } : payload;
  return api.app.inject({ method: 'POST', url: `/api/firms/${firmId}/enquiries`, payload: body as object, remoteAddress, headers: token ? bearer(token) : {} });
};

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  api.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function mails(): Promise<OutboxMail[]> {
  return (await api.outbox()) as unknown as OutboxMail[];
}

const firmLeads = (firmId: string) => api.db.select().from(leads).where(eq(leads.firmId, firmId));

describe('POST /api/firms/{firmId}/enquiries', () => {
  it('needs no account: the enquiry becomes a lead of the firm and mails the firm after the answer', async () => {
    const target = await createFirm(api.db, { firmName: 'Mail Studio', businessEmail: 'hello@mail-studio.example.test' });
    const release = api.ctx.background.hold();
    const res = await sendEnquiry(target.id, enquiry());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: M.sent });
    // Nothing was mailed before the answer.
    const before = (await mails()).filter((m) => m.to === 'hello@mail-studio.example.test');
    expect(before).toHaveLength(0);
    release();
    const [lead] = await firmLeads(target.id);
    expect(lead).toMatchObject({ name: 'Meera Iyer', email: 'meera@example.test', phone: '9876543210', projectType: 'architecture-residential', isRead: false, isHandled: false });
    const mail = (await mails()).find((m) => m.to === 'hello@mail-studio.example.test');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('New enquiry from Meera Iyer');
    expect(mail!.replyTo).toBe('meera@example.test');
    expect(mail!.text).toContain('We would like a two-storey home');
    expect(mail!.text).toContain(`/workspace/demandboxdetails?id=${lead!.id}`);
  });

  it("keeps the lead but sends no mail when the firm turned Demand box mails off (decision 118)", async () => {
    const target = await createFirm(api.db, { firmName: 'Quiet Studio', businessEmail: 'hello@quiet-studio.example.test' });
    await saveNotificationSettings(api.db, target.id, { tasks: true, chat: true, leads: false });
    expect((await sendEnquiry(target.id, enquiry())).statusCode).toBe(201);
    expect(await firmLeads(target.id)).toHaveLength(1);
    expect((await mails()).filter((m) => m.to === 'hello@quiet-studio.example.test')).toHaveLength(0);
  });

  it('is refused for an unapproved firm, an explorer, an unknown id (404) and leaves no lead', async () => {
    const pending = await createFirm(api.db, { isVerify: VERIFY.pending });
    const rejected = await createFirm(api.db, { isVerify: VERIFY.rejected });
    const explorer = await createUser(api.db);
    for (const id of [pending.id, rejected.id, explorer.id, 'f'.repeat(24), 'nope']) {
      const res = await sendEnquiry(id, enquiry());
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(M.firmNotFound);
    }
    expect(await firmLeads(pending.id)).toHaveLength(0);
  });

  it('names the project page it came from only when it is a public project of that firm', async () => {
    const target = await createFirm(api.db);
    const [project] = await api.db
      .insert(projects)
      .values({ id: 'a'.repeat(24), userId: target.id, isPrivate: false, projectName: 'Lake House', projectType: 'architecture-residential' })
      .returning();
    expect((await sendEnquiry(target.id, enquiry({ projectId: project!.id }))).statusCode).toBe(201);
    expect((await sendEnquiry(target.id, enquiry({ projectId: 'b'.repeat(24) }))).statusCode).toBe(201);
    const rows = await firmLeads(target.id);
    expect(rows.map((r) => r.projectId).sort()).toEqual([project!.id, null].sort());
  });

  it('drops a filled honeypot silently: the same answer, no lead, no mail', async () => {
    const target = await createFirm(api.db, { businessEmail: 'honey@example.test' });
    const res = await sendEnquiry(target.id, enquiry({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(M.sent);
    expect(await firmLeads(target.id)).toHaveLength(0);
    expect((await mails()).filter((m) => m.to === 'honey@example.test')).toHaveLength(0);
  });

  it('refuses bad fields with clear messages, and line breaks in the name', async () => {
    const res = await sendEnquiry(firm.id, enquiry({ name: 'Eve\r\nBcc: victim@example.test', email: 'not-an-email', phone: '123', projectType: 'castle', message: 'Hi' }));
    expect(res.statusCode).toBe(400);
    expect(messagesByPath(res)).toEqual({ name: M.lineBreak, email: M.emailInvalid, phone: M.phoneInvalid, projectType: M.typeUnknown, message: M.messageShort });
    const long = await sendEnquiry(firm.id, enquiry({ message: 'x'.repeat(2001), name: 'n'.repeat(101) }));
    expect(messagesByPath(long)).toEqual({ message: 'At most 2000 characters', name: 'At most 100 characters' });
    const empty = await sendEnquiry(firm.id, {});
    expect(messagesByPath(empty)).toMatchObject({ name: M.nameRequired, email: M.emailRequired, projectType: M.typeRequired, message: M.messageRequired });
  });

  it(`limits one visitor address to ${ENQUIRY_RATE.perAddress} enquiries per window (429), whatever the firm`, async () => {
    const visitor = '10.200.0.1';
    const a = await createFirm(api.db);
    const b = await createFirm(api.db);
    for (let i = 0; i < ENQUIRY_RATE.perAddress; i++) expect((await sendEnquiry(i % 2 ? a.id : b.id, enquiry(), visitor)).statusCode).toBe(201);
    const refused = await sendEnquiry(a.id, enquiry(), visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another visitor is not held back.
    expect((await sendEnquiry(a.id, enquiry(), '10.200.0.2')).statusCode).toBe(201);
  });

  it('refuses an enquiry without a form token, with a forged one, another firm\'s, or one used before', async () => {
    const target = await createFirm(api.db);
    const other = await createFirm(api.db);
    const missing = await sendEnquiry(target.id, enquiry({ formToken: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(messagesByPath(missing)).toEqual({ formToken: M.formTokenInvalid });
    const good = (await formToken(target.id))!;
    const forged = `${good.slice(0, -4)}${good.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await sendEnquiry(target.id, enquiry({ formToken: forged }))).statusCode).toBe(400);
    expect((await sendEnquiry(target.id, enquiry({ formToken: await formToken(other.id) }))).statusCode).toBe(400);
    expect((await sendEnquiry(target.id, enquiry({ formToken: good }))).statusCode).toBe(201);
    const again = await sendEnquiry(target.id, enquiry({ formToken: good }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.formTokenUsed);
    expect(await firmLeads(target.id)).toHaveLength(1);
  });
});

describe('the demand box', () => {
  it('lists the firm\'s leads unread first, newest first, paged, with the counts; an empty one is empty', async () => {
    const box = await createFirm(api.db);
    const token = (await createSession(api.db, box.id, { remember: false })).token;
    const empty = await call('GET', '/api/leads', token);
    expect(empty.json().data).toEqual({ leads: [], count: 0, unread: 0, held: 0, page: 1, pageSize: LEADS_PAGE_SIZE });
    expect(EMPTY_DEMANDBOX).toBe('No demandbox available');
    const day = 86_400_000;
    const old = await createLead(api.db, box.id, { name: 'Old unread', createdAt: new Date(Date.now() - 3 * day) });
    const readNew = await createLead(api.db, box.id, { name: 'New read', isRead: true, createdAt: new Date(Date.now() - day) });
    const fresh = await createLead(api.db, box.id, { name: 'New unread', createdAt: new Date() });
    for (let i = 0; i < LEADS_PAGE_SIZE; i++) await createLead(api.db, box.id, { isRead: true, createdAt: new Date(Date.now() - (10 + i) * day) });
    await createLead(api.db, box.id, { name: 'Archived', isArchived: true });
    const first = (await call('GET', '/api/leads', token)).json().data;
    expect(first.count).toBe(LEADS_PAGE_SIZE + 3);
    expect(first.unread).toBe(2);
    expect(first.leads).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.leads.slice(0, 3).map((l: Lead) => l.id)).toEqual([fresh.id, old.id, readNew.id]);
    const second = (await call('GET', '/api/leads?page=2', token)).json().data;
    expect(second.leads).toHaveLength(3);
    const archived = (await call('GET', '/api/leads?view=archived', token)).json().data;
    expect(archived.leads.map((l: Lead) => l.name)).toEqual(['Archived']);
    expect((await call('GET', '/api/leads?view=junk', token)).statusCode).toBe(400);
  });

  it('opens a lead (marking it read), marks it unread, handled, archived and deletes it', async () => {
    const lead = await createLead(api.db, firm.id);
    const opened = await call('GET', `/api/leads/${lead.id}`, tokens.subAdmin);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.lead).toMatchObject({ id: lead.id, isRead: true, email: lead.email });
    expect(opened.json().data.messages).toEqual([]);
    const unread = await call('PATCH', `/api/leads/${lead.id}`, tokens.firm, { read: false, handled: true });
    expect(unread.json().data).toMatchObject({ isRead: false, isHandled: true, isArchived: false });
    expect((await call('PATCH', `/api/leads/${lead.id}`, tokens.firm, { archived: true })).json().data.isArchived).toBe(true);
    expect((await call('PATCH', `/api/leads/${lead.id}`, tokens.firm, {})).statusCode).toBe(400);
    expect((await call('DELETE', `/api/leads/${lead.id}`, tokens.firm)).statusCode).toBe(200);
    expect((await call('GET', `/api/leads/${lead.id}`, tokens.firm)).statusCode).toBe(404);
  });

  it("answers 404 for another firm's lead and 403 to plain employees and explorers, 401 without a token", async () => {
    const lead = await createLead(api.db, firm.id);
    for (const [method, url, body] of [
      ['GET', `/api/leads/${lead.id}`],
      ['PATCH', `/api/leads/${lead.id}`, { handled: true }],
      ['DELETE', `/api/leads/${lead.id}`],
      ['POST', `/api/leads/${lead.id}/messages`, { to: 'a@example.test', subject: 'Hi', message: 'Hello' }],
    ] as const) {
      const foreign = await call(method, url, tokens.foreignFirm, body);
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      expect(foreign.json().message).toBe(M.notFound);
      expect((await call(method, url, tokens.employee, body)).statusCode).toBe(403);
      expect((await call(method, url, tokens.explorer, body)).statusCode).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/leads', tokens.employee)).statusCode).toBe(403);
    // The foreign firm's own demand box does not show it.
    expect((await call('GET', '/api/leads', tokens.foreignFirm)).json().data.leads).toEqual([]);
    const [row] = await api.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.isHandled).toBe(false);
  });
});

describe('POST /api/leads/{id}/messages (New Message)', () => {
  it('sends a real mail with Cc and Bcc, from the firm\'s name, answered at its email, and adds it to the thread', async () => {
    const lead = await createLead(api.db, firm.id, { email: 'client@example.test' });
    const res = await call('POST', `/api/leads/${lead.id}/messages`, tokens.subAdmin, {
      to: 'client@example.test',
      cc: 'partner@example.test, Second@Example.test',
      bcc: 'archive@lead-studio.example.test',
      subject: 'Re: your enquiry',
      message: 'Dear client,\n\nThank you. Could we meet on Tuesday?\n\nLead Studio',
    });
    expect(res.statusCode).toBe(201);
    const mail = (await mails()).find((m) => m.subject === 'Re: your enquiry' && JSON.stringify(m.to).includes('client@example.test'));
    expect(mail).toMatchObject({
      to: ['client@example.test'],
      cc: ['partner@example.test', 'second@example.test'],
      bcc: ['archive@lead-studio.example.test'],
      fromName: 'Lead Studio',
      replyTo: 'office@lead-studio.example.test',
    });
    expect(mail!.text).toContain('Could we meet on Tuesday?');
    const thread = (await call('GET', `/api/leads/${lead.id}`, tokens.firm)).json().data.messages;
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ to: ['client@example.test'], cc: ['partner@example.test', 'second@example.test'], bcc: ['archive@lead-studio.example.test'], subject: 'Re: your enquiry' });
    expect(thread[0].author.id).toBeTruthy();
  });

  it('refuses CR/LF in the subject and in every address field (400 with a clear message), and sends nothing', async () => {
    const lead = await createLead(api.db, firm.id);
    const before = (await mails()).length;
    const base = { to: 'client@example.test', subject: 'Hello', message: 'Body' };
    for (const [field, value] of [
      ['subject', 'Hello\r\nBcc: victim@example.test'],
      ['subject', 'Hello\nX-Injected: 1'],
      ['to', 'client@example.test\r\nBcc: victim@example.test'],
      ['cc', 'a@example.test\nb@example.test'],
      ['bcc', 'a@example.test\r'],
    ] as const) {
      const res = await call('POST', `/api/leads/${lead.id}/messages`, tokens.firm, { ...base, [field]: value });
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(messagesByPath(res)[field]).toBe(M.lineBreak);
    }
    expect((await mails()).length).toBe(before);
    expect(await api.db.select().from(leadMessages).where(eq(leadMessages.leadId, lead.id))).toHaveLength(0);
  });

  it('validates every address and caps their number', async () => {
    const lead = await createLead(api.db, firm.id);
    const url = `/api/leads/${lead.id}/messages`;
    const bad = await call('POST', url, tokens.firm, { to: 'ok@example.test, nope', cc: 'x@', subject: 'S', message: 'B' });
    expect(messagesByPath(bad)).toEqual({ to: M.addressInvalid('nope'), cc: M.addressInvalid('x@') });
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@example.test`).join(', ');
    expect(messagesByPath(await call('POST', url, tokens.firm, { to: many, subject: 'S', message: 'B' }))).toEqual({ to: M.tooManyAddresses });
    expect(messagesByPath(await call('POST', url, tokens.firm, { to: ' ', subject: '', message: '' }))).toEqual({ to: M.toRequired, subject: M.subjectRequired, message: M.bodyRequired });
  });
});
