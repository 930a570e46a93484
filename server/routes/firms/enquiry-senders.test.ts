import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ON_PGLITE } from '../../../tests/setup/test-database';
import { bearer, createTestApi, startTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { tokensOf } from '../../../tests/helpers/sessions';
import { LEAD_MESSAGES as M, type Lead } from '../../contract/leads';
import { openDatabase } from '../../db/connection';
import { auditLog, leads, users } from '../../db/schema';
import { createSession } from '../../queries/sessions';
import { saveNotificationSettings } from '../../queries/settings';
import type { UserRow } from '../../queries/users';
import { createEmployee, createFirm, createUser } from '../../seed/factories';
import { DIGEST_WINDOW_MS, ESTABLISHED_ACCOUNT_AGE_MS, judgeSender, sendEnquiryDigests } from '../../services/enquiry-delivery';
import { runHousekeeping } from '../../services/housekeeping';

/**
 * Enquiries judged by their sender, not by the firm's whole volume (docs/decisions/340): a flood
 * of strangers is held and mailed at most a few times an hour, with a digest for the rest, and an
 * established visitor after it still reaches the inbox and the firm's mail.
 */

type OutboxMail = { to: string | string[]; replyTo?: string; subject: string; text: string };

/** The defaults of ENQUIRY_MAX_PER_ADDRESS, ENQUIRY_NEW_SENDERS_PER_FIRM and ENQUIRY_MAILS_PER_HOUR. */
const LIMITS = { perAddress: 5, newSenders: 5, mails: 3 };
const DAY = 24 * 60 * 60 * 1000;

let api: TestApi;

beforeAll(async () => {
  // The form token's minimum age has its own tests; here a token is good at once.
  api = await createTestApi({ ENQUIRY_MIN_AGE_SECONDS: '0' });
  expect(api.config).toMatchObject({ ENQUIRY_MAX_PER_ADDRESS: LIMITS.perAddress, ENQUIRY_NEW_SENDERS_PER_FIRM: LIMITS.newSenders, ENQUIRY_MAILS_PER_HOUR: LIMITS.mails });
});
afterAll(() => api.close());

let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const enquiry = (name: string, email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`) => ({ name, email, projectType: 'interior-residential', message: `${name} would like a kitchen redone this winter.` });

/** Posts an enquiry with a fresh form token; a signed-in `as` sends it under its account's own address, as the web's form fills it in. */
async function send(target: TestApi, firmId: string, name: string, { from = nextAddress(), as, email }: { from?: string; as?: { token: string; user: UserRow }; email?: string } = {}) {
  const formToken = (await target.app.inject({ url: `/api/firms/${firmId}/enquiry-token` })).json().data.token as string;
  const payload = { ...enquiry(name, email ?? as?.user.email), formToken };
  return target.app.inject({ method: 'POST', url: `/api/firms/${firmId}/enquiries`, payload, remoteAddress: from, headers: as ? bearer(as.token) : {} });
}

async function mailsTo(mailbox: string): Promise<OutboxMail[]> {
  await api.ctx.background.idle();
  return ((await api.outbox()) as unknown as OutboxMail[]).filter((m) => m.to === mailbox);
}

const call = (method: 'GET' | 'POST', url: string, token?: string) => api.app.inject({ method, url, headers: token ? bearer(token) : {} });
const box = async (token: string, view: 'inbox' | 'held') => (await call('GET', `/api/leads?view=${view}`, token)).json().data as { leads: Lead[]; count: number };

/** A signed-in visitor whose account has history: address proven, opened `ageDays` ago. */
async function visitor(fields: { ageDays?: number; confirmed?: boolean } = {}) {
  const { ageDays = 30, confirmed = true } = fields;
  const createdAt = new Date(Date.now() - ageDays * DAY);
  const user = await createUser(api.db, { createdAt, emailConfirmedAt: confirmed ? createdAt : null });
  return { user, token: (await createSession(api.db, user.id, { remember: false })).token };
}

async function newFirm(mailbox: string): Promise<{ firm: UserRow; token: string }> {
  const firm = await createFirm(api.db, { businessEmail: mailbox });
  return { firm, token: (await createSession(api.db, firm.id, { remember: false })).token };
}

describe('a flood of enquiries from new senders', () => {
  it('35 enquiries from 7 new addresses are taken, mailed at most 3 times and held past the first 5; a genuine established visitor after them reaches the inbox and is mailed', async () => {
    const { firm, token } = await newFirm('flooded@senders.example.test');
    for (let i = 0; i < 35; i++) {
      const res = await send(api, firm.id, `Flood ${i}`, { from: `10.77.0.${1 + (i % 7)}` });
      // The same answer whatever happens to it: a flood learns nothing.
      expect(res.statusCode, `enquiry ${i}`).toBe(201);
      expect(res.json()).toEqual({ message: M.sent });
    }
    expect(await mailsTo('flooded@senders.example.test')).toHaveLength(LIMITS.mails);
    expect((await box(token, 'held')).count).toBe(35 - LIMITS.newSenders);
    // The inbox says how many wait under Held.
    expect((await call('GET', '/api/leads', token)).json().data.held).toBe(35 - LIMITS.newSenders);

    const genuine = await visitor();
    const res = await send(api, firm.id, 'Real Visitor', { as: genuine });
    expect(res.statusCode).toBe(201);
    const mails = await mailsTo('flooded@senders.example.test');
    expect(mails).toHaveLength(LIMITS.mails + 1);
    expect(mails.find((m) => m.subject === 'New enquiry from Real Visitor')).toMatchObject({ replyTo: genuine.user.email.toLowerCase() });
    const inbox = await box(token, 'inbox');
    expect(inbox.count).toBe(LIMITS.newSenders + 1);
    expect(inbox.leads.find((l) => l.name === 'Real Visitor')).toMatchObject({ isHeld: false });
    const [row] = await api.db.select().from(leads).where(and(eq(leads.firmId, firm.id), eq(leads.name, 'Real Visitor')));
    expect(row).toMatchObject({ senderId: genuine.user.id, isHeld: false, awaitingDigest: false });
  });

  it('an established sender is mailed on its own budget: a second burst of strangers does not use it up', async () => {
    const { firm } = await newFirm('budget@senders.example.test');
    const regular = await visitor({ ageDays: 400 });
    for (let i = 0; i < 8; i++) expect((await send(api, firm.id, `Stranger ${i}`)).statusCode).toBe(201);
    for (let i = 0; i < LIMITS.mails; i++) expect((await send(api, firm.id, `Regular ${i}`, { as: regular })).statusCode).toBe(201);
    const subjects = (await mailsTo('budget@senders.example.test')).map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('New enquiry from Stranger'))).toHaveLength(LIMITS.mails);
    expect(subjects.filter((s) => s.startsWith('New enquiry from Regular'))).toHaveLength(LIMITS.mails);
    // Past its own budget the established sender's enquiry still reaches the inbox; its mail waits for the digest.
    expect((await send(api, firm.id, 'Regular more', { as: regular })).statusCode).toBe(201);
    const [late] = await api.db.select().from(leads).where(and(eq(leads.firmId, firm.id), eq(leads.name, 'Regular more')));
    expect(late).toMatchObject({ isHeld: false, awaitingDigest: true });
  });
});

describe('who counts as an established sender', () => {
  it('a signed-in account with a proven address that is 7 days old, or whose earlier enquiry a firm released; not a new, unproven or anonymous one', async () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const old = await createUser(api.db, { createdAt: at(8), emailConfirmedAt: at(8) });
    const unproven = await createUser(api.db, { createdAt: at(300), emailConfirmedAt: null });
    const fresh = await createUser(api.db, { createdAt: at(1), emailConfirmedAt: at(1) });
    expect(ESTABLISHED_ACCOUNT_AGE_MS).toBe(7 * DAY);
    expect(await judgeSender(api.db, null, 'anyone@example.test', now)).toEqual({ accountId: null, established: false });
    expect(await judgeSender(api.db, old, old.email.toUpperCase(), now)).toEqual({ accountId: old.id, established: true });
    expect(await judgeSender(api.db, unproven, unproven.email, now)).toEqual({ accountId: unproven.id, established: false });
    expect(await judgeSender(api.db, fresh, fresh.email, now)).toEqual({ accountId: fresh.id, established: false });
    const deactivated = await createUser(api.db, { createdAt: at(30), emailConfirmedAt: at(30), deactivatedAt: now });
    expect((await judgeSender(api.db, deactivated, deactivated.email, now)).established).toBe(false);
    // The firm answers the address in the enquiry: only the account's own proven one carries its standing.
    expect(await judgeSender(api.db, old, 'someone-else@example.test', now)).toEqual({ accountId: old.id, established: false });
  });

  it('an established account that types another address into the form is a new sender: held in a burst', async () => {
    const { firm, token } = await newFirm('typed@senders.example.test');
    for (let i = 0; i < LIMITS.newSenders; i++) expect((await send(api, firm.id, `Before ${i}`)).statusCode).toBe(201);
    const regular = await visitor({ ageDays: 90 });
    expect((await send(api, firm.id, 'Borrowed Standing', { as: regular, email: 'victim@example.test' })).statusCode).toBe(201);
    expect((await box(token, 'held')).leads.map((l) => l.name)).toEqual(['Borrowed Standing']);
  });

  it("a new account's held enquiry, once the firm releases it, makes the account established: its next one reaches the inbox in a burst", async () => {
    const { firm, token } = await newFirm('vouch@senders.example.test');
    for (let i = 0; i < LIMITS.newSenders; i++) expect((await send(api, firm.id, `Early ${i}`)).statusCode).toBe(201);
    const person = await visitor({ ageDays: 1 });
    expect((await send(api, firm.id, 'New Person', { as: person })).statusCode).toBe(201);
    const held = (await box(token, 'held')).leads.find((l) => l.name === 'New Person')!;
    expect(held.isHeld).toBe(true);
    expect((await call('POST', `/api/leads/${held.id}/release`, token)).statusCode).toBe(200);
    expect((await send(api, firm.id, 'New Person again', { as: person })).statusCode).toBe(201);
    const [again] = await api.db.select().from(leads).where(and(eq(leads.firmId, firm.id), eq(leads.name, 'New Person again')));
    expect(again).toMatchObject({ isHeld: false, senderId: person.user.id });
  });

  it('a password reset by the mailed code proves the address', async () => {
    const user = await createUser(api.db, { emailConfirmedAt: null });
    await api.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const mail = (await mailsTo(user.email)).find((m) => m.subject === 'Your password reset code')!;
    const otp = /\b(\d{6})\b/.exec(mail.text)![1];
    expect((await api.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email: user.email, otp, newPassword: 'brand-new-1' } })).statusCode).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
  });
});

describe('held enquiries in the demand box', () => {
  it('are listed under Held, out of the inbox, and released by the firm or a sub-admin with one call (audited, idempotent)', async () => {
    const { firm, token } = await newFirm('held@senders.example.test');
    const people = { subAdmin: await createEmployee(api.db, firm.id, { isSubAdmin: true }), employee: await createEmployee(api.db, firm.id), foreign: await createFirm(api.db) };
    const tokens = await tokensOf(api.db, people);
    for (let i = 0; i < LIMITS.newSenders + 2; i++) expect((await send(api, firm.id, `Burst ${i}`)).statusCode).toBe(201);
    const held = await box(token, 'held');
    expect(held.leads.map((l) => [l.name, l.isHeld]).sort()).toEqual([
      [`Burst ${LIMITS.newSenders}`, true],
      [`Burst ${LIMITS.newSenders + 1}`, true],
    ]);
    expect((await box(token, 'inbox')).leads.some((l) => l.isHeld)).toBe(false);
    const lead = held.leads[0]!;
    // Nobody else releases it.
    expect((await call('POST', `/api/leads/${lead.id}/release`, tokens.employee)).statusCode).toBe(403);
    expect((await call('POST', `/api/leads/${lead.id}/release`, tokens.foreign)).statusCode).toBe(404);
    expect((await call('POST', `/api/leads/${lead.id}/release`)).statusCode).toBe(401);
    expect((await call('POST', `/api/leads/${'f'.repeat(24)}/release`, token)).statusCode).toBe(404);

    const released = await call('POST', `/api/leads/${lead.id}/release`, tokens.subAdmin);
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ id: lead.id, isHeld: false });
    expect((await box(token, 'inbox')).leads.map((l) => l.id)).toContain(lead.id);
    expect((await box(token, 'held')).leads.map((l) => l.id)).not.toContain(lead.id);
    // A second click (two tabs, a double submit) answers the lead as it is.
    expect((await call('POST', `/api/leads/${lead.id}/release`, token)).json().data.isHeld).toBe(false);
    const audit = await api.db.select().from(auditLog).where(and(eq(auditLog.targetId, lead.id), eq(auditLog.action, 'lead.released')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(people.subAdmin.id);
    // Released, it no longer waits for the digest.
    const [row] = await api.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ isHeld: false, awaitingDigest: false });
    expect(row!.releasedAt).toBeInstanceOf(Date);
  });
});

describe('the mail cap and the digest', () => {
  it('mails the first 3 enquiries of new senders an hour; the hourly housekeeping sends one digest listing the rest, held ones marked, at most once an hour', async () => {
    const mailbox = 'digest@senders.example.test';
    const { firm } = await newFirm(mailbox);
    for (let i = 0; i < LIMITS.newSenders + 2; i++) expect((await send(api, firm.id, `Person ${i}`)).statusCode).toBe(201);
    const single = await mailsTo(mailbox);
    expect(single.map((m) => m.subject).sort()).toEqual(['New enquiry from Person 0', 'New enquiry from Person 1', 'New enquiry from Person 2']);

    // The housekeeping job sends the digest (the api runs it hourly).
    const done = await runHousekeeping(api.ctx);
    expect(done.enquiryDigests).toBeGreaterThanOrEqual(1);
    const digests = (await mailsTo(mailbox)).filter((m) => m.subject.endsWith('waiting in your demand box'));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('4 enquiries waiting in your demand box');
    for (const name of ['Person 3', 'Person 4']) expect(digest.text).toMatch(new RegExp(`${name} <[^>]+> · Interior Design – Residential: `));
    for (const name of ['Person 5', 'Person 6']) expect(digest.text).toMatch(new RegExp(`${name} <[^>]+> · Interior Design – Residential · HELD: `));
    expect(digest.text).not.toContain('Person 0');
    expect(digest.text).toContain('2 of them are held');
    expect(digest.text).toContain('/workspace/demandbox?view=held');
    expect(await api.db.select().from(leads).where(and(eq(leads.firmId, firm.id), eq(leads.awaitingDigest, true)))).toHaveLength(0);

    // Nothing waits: the next pass mails nothing. New enquiries within the hour wait for the next window.
    expect((await send(api, firm.id, 'Person late')).statusCode).toBe(201);
    const now = Date.now();
    await sendEnquiryDigests(api.ctx, new Date(now + 60_000));
    expect((await mailsTo(mailbox)).filter((m) => m.subject.endsWith('waiting in your demand box'))).toHaveLength(1);
    await sendEnquiryDigests(api.ctx, new Date(now + DIGEST_WINDOW_MS + 60_000));
    const later = (await mailsTo(mailbox)).filter((m) => m.subject.endsWith('waiting in your demand box'));
    expect(later).toHaveLength(2);
    const second = later.find((m) => m !== digest && m.subject === '1 enquiry waiting in your demand box');
    expect(second?.text).toContain('Person late');
  });

  it('sends no digest, and nothing waits for one, when the firm turned Demand box mails off', async () => {
    const mailbox = 'quiet@senders.example.test';
    const { firm, token } = await newFirm(mailbox);
    await saveNotificationSettings(api.db, firm.id, { tasks: true, chat: true, leads: false });
    for (let i = 0; i < LIMITS.newSenders + 1; i++) expect((await send(api, firm.id, `Quiet ${i}`)).statusCode).toBe(201);
    expect((await box(token, 'held')).count).toBe(1);
    expect(await api.db.select().from(leads).where(and(eq(leads.firmId, firm.id), eq(leads.awaitingDigest, true)))).toHaveLength(0);
    await sendEnquiryDigests(api.ctx, new Date(Date.now() + 3 * DIGEST_WINDOW_MS));
    expect(await mailsTo(mailbox)).toHaveLength(0);
  });

  // Two api processes on one database: PostgreSQL's (PGlite is one process's, decision 303).
  it.skipIf(TEST_ON_PGLITE)('counts in the shared store: two api replicas hold and cap as one', async () => {
    const two = await startTestApi(api.config, await openDatabase({ url: api.config.DATABASE_URL, dataDir: api.config.dataDir }));
    try {
      const mailbox = 'replicas@senders.example.test';
      const { firm, token } = await newFirm(mailbox);
      for (let i = 0; i < LIMITS.newSenders + 1; i++) expect((await send(i % 2 ? (two as unknown as TestApi) : api, firm.id, `Replica ${i}`)).statusCode).toBe(201);
      await two.ctx.background.idle();
      expect((await box(token, 'held')).leads.map((l) => l.name)).toEqual([`Replica ${LIMITS.newSenders}`]);
      expect(await mailsTo(mailbox)).toHaveLength(LIMITS.mails);
    } finally {
      await two.close();
    }
  });
});
