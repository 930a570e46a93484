import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, messagesByPath, type TestApi } from '../../../tests/helpers/test-api';
import { tokensOf } from '../../../tests/helpers/sessions';
import { REVIEW_LIMITS, REVIEW_MESSAGES as M, type ClientReviewReply, type FirmReviewListReply, type FirmReviewsReply } from '../../contract/reviews';
import type { DirectoryReply } from '../../contract/profile';
import { VERIFY } from '../../contract/vocabulary';
import { invoices, shareLinks, users } from '../../db/schema';
import { createSession } from '../../queries/sessions';
import type { UserRow } from '../../queries/users';
import { createContact } from '../../seed/chat-book';
import { createEmployee, createFirm, createUser, createWorkspaceProject } from '../../seed/factories';
import { createLead, createLeadMessage } from '../../seed/leads';
import { createInvoiceWithStatus, createScheduleLink } from '../../seed/reviews';

/** Reviews from clients who paid or approved (docs/decisions/409–411): every rule, through the api. */

let api: TestApi;
let firm: UserRow;
let tokens: Record<'firm' | 'foreignFirm' | 'subAdmin' | 'employee' | 'explorer', string>;
let adminToken: string;

beforeAll(async () => {
  api = await createTestApi();
  firm = await createFirm(api.db, { firmName: 'Review Studio' });
  tokens = await tokensOf(api.db, {
    firm,
    foreignFirm: await createFirm(api.db),
    subAdmin: await createEmployee(api.db, firm.id, { isSubAdmin: true }),
    employee: await createEmployee(api.db, firm.id),
    explorer: await createUser(api.db),
  });
  const admin = await createUser(api.db, { isSuperAdmin: true });
  adminToken = (await createSession(api.db, admin.id, { remember: false, kind: 'admin' })).token;
});
afterAll(() => api.close());

let address = 0;
/** A new visitor address per call, so the per-address limit is not what a test meets. */
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const inject = (method: 'GET' | 'POST', url: string, options: { token?: string; payload?: object } = {}) =>
  api.app.inject({ method, url, headers: { 'x-forwarded-for': nextAddress(), ...(options.token ? bearer(options.token) : {}) }, ...(options.payload ? { payload: options.payload } : {}) });

/** A paid invoice of `owner` for a new project and client, and its review link's token. */
async function paidInvoiceLink(owner: UserRow = firm, token = tokens.firm, projectName = 'Sea-facing flat') {
  const project = await createWorkspaceProject(api.db, owner.id, { projectName });
  const contact = await createContact(api.db, owner.id, { name: 'Anita Desai' });
  const invoice = await createInvoiceWithStatus(api.db, owner.id, { projectId: project.id, contactId: contact.id });
  const res = await inject('POST', '/api/reviews/invitations', { token, payload: { invoiceId: invoice.id } });
  expect(res.statusCode).toBe(201);
  const { path, token: reviewToken } = res.json().data as { path: string; token: string };
  expect(path).toBe(`/review/${reviewToken}`);
  return { project, contact, invoice, reviewToken };
}

const review = (fields: Record<string, unknown> = {}) => ({ rating: 5, body: 'They listened, kept to the budget and finished on time.', ...fields });

describe('the review link of a paid invoice', () => {
  it('is made by the firm and its sub-admins for a paid invoice only; another firm’s invoice is not found', async () => {
    const project = await createWorkspaceProject(api.db, firm.id);
    const contact = await createContact(api.db, firm.id);
    const unpaid = await createInvoiceWithStatus(api.db, firm.id, { projectId: project.id, contactId: contact.id, status: 'part_paid' });
    const refused = await inject('POST', '/api/reviews/invitations', { token: tokens.firm, payload: { invoiceId: unpaid.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.invoiceNotPaid);

    const paid = await createInvoiceWithStatus(api.db, firm.id, { projectId: project.id, contactId: contact.id });
    expect((await inject('POST', '/api/reviews/invitations', { token: tokens.subAdmin, payload: { invoiceId: paid.id } })).statusCode).toBe(201);
    expect((await inject('POST', '/api/reviews/invitations', { token: tokens.employee, payload: { invoiceId: paid.id } })).statusCode).toBe(403);
    expect((await inject('POST', '/api/reviews/invitations', { token: tokens.foreignFirm, payload: { invoiceId: paid.id } })).statusCode).toBe(404);
    expect((await inject('POST', '/api/reviews/invitations', { token: tokens.firm, payload: { invoiceId: 'nope' } })).statusCode).toBe(404);
  });

  it('asking again replaces the link: the old token opens nothing', async () => {
    const { invoice, reviewToken } = await paidInvoiceLink();
    const again = await inject('POST', '/api/reviews/invitations', { token: tokens.firm, payload: { invoiceId: invoice.id } });
    expect(again.statusCode).toBe(201);
    expect((await inject('GET', `/api/reviews/client/${reviewToken}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/reviews/client/${again.json().data.token}`)).statusCode).toBe(200);
  });
});

describe('the client writes a review once', () => {
  it('opens the firm and the project, writes a rating and a text, and a second review answers 409', async () => {
    const { reviewToken } = await paidInvoiceLink(firm, tokens.firm, 'Courtyard house');
    const opened = await inject('GET', `/api/reviews/client/${reviewToken}`);
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as ClientReviewReply).data).toMatchObject({ firm: { id: firm.id, name: 'Review Studio' }, project: { name: 'Courtyard house' }, refusal: null, review: null });

    const written = await inject('POST', `/api/reviews/client/${reviewToken}`, { payload: review({ rating: 4, body: '  Thoughtful design, a little slow on site.  ' }) });
    expect(written.statusCode).toBe(201);
    expect(written.json().data).toMatchObject({ rating: 4, body: 'Thoughtful design, a little slow on site.', projectName: 'Courtyard house', answer: null, hidden: null });
    expect(written.json().data.month).toMatch(/^\d{4}-\d{2}$/);

    const second = await inject('POST', `/api/reviews/client/${reviewToken}`, { payload: review() });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(M.already);
    expect((await inject('GET', `/api/reviews/client/${reviewToken}`)).json().data.review).toMatchObject({ rating: 4 });
    // The firm is mailed, to answer it.
    const mail = (await api.outbox()).find((m) => m.to === firm.email && m.subject === 'A new 4-star review for Courtyard house');
    expect(mail?.text).toContain('Thoughtful design, a little slow on site.');
    expect(mail?.text).toContain('/workspace/reviews');
  });

  it('refuses hostile input with clear 400s: a rating out of range or not whole, a text missing, too short or too long', async () => {
    const { reviewToken } = await paidInvoiceLink();
    const url = `/api/reviews/client/${reviewToken}`;
    for (const rating of [0, 6, 4.5, '5', null]) {
      const res = await inject('POST', url, { payload: review({ rating }) });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(messagesByPath(res).rating).toMatch(/stars/);
    }
    expect(messagesByPath(await inject('POST', url, { payload: review({ body: '   ' }) })).body).toBe(M.bodyRequired);
    expect(messagesByPath(await inject('POST', url, { payload: review({ body: 'Good' }) })).body).toBe(M.bodyShort);
    expect(messagesByPath(await inject('POST', url, { payload: review({ body: 'x'.repeat(REVIEW_LIMITS.body + 1) }) })).body).toBe(M.tooLong(REVIEW_LIMITS.body));
    // Nothing was written: the client still may.
    expect((await inject('GET', url)).json().data.review).toBeNull();
  });

  it('a wrong token answers 404 without saying what exists; an invoice no longer paid answers 403', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not a token at all']) {
      const res = await inject('POST', `/api/reviews/client/${encodeURIComponent(token)}`, { payload: review() });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    const { invoice, reviewToken } = await paidInvoiceLink();
    await api.db.update(invoices).set({ status: 'part_paid' }).where(eq(invoices.id, invoice.id));
    expect((await inject('GET', `/api/reviews/client/${reviewToken}`)).json().data.refusal).toBe(M.notEligible);
    const refused = await inject('POST', `/api/reviews/client/${reviewToken}`, { payload: review() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notEligible);
  });

  it('through a schedule approval link: only once every section is approved; a revoked link answers 410', async () => {
    const project = await createWorkspaceProject(api.db, firm.id, { projectName: 'Villa in Alibaug' });
    const pending = await createScheduleLink(api.db, firm.id, project.id, { approved: false });
    expect((await inject('GET', `/api/reviews/client/${pending.token}`)).json().data.refusal).toBe(M.scheduleNotApproved);
    expect((await inject('POST', `/api/reviews/client/${pending.token}`, { payload: review() })).statusCode).toBe(403);

    const approved = await createScheduleLink(api.db, firm.id, project.id, { clientName: 'Mr Rao' });
    const written = await inject('POST', `/api/reviews/client/${approved.token}`, { payload: review({ rating: 5 }) });
    expect(written.statusCode).toBe(201);
    expect(written.json().data.projectName).toBe('Villa in Alibaug');

    await api.db.update(shareLinks).set({ revokedAt: new Date() }).where(eq(shareLinks.id, approved.link.id));
    expect((await inject('GET', `/api/reviews/client/${approved.token}`)).statusCode).toBe(410);
  });
});

describe('the firm’s page, its answer and the super-admin', () => {
  it('shows visible reviews with the project and the month, the average and the count; the firm answers once; a hidden review leaves the page and the figures, its reason seen by the firm and the client', async () => {
    const owner = await createFirm(api.db, { firmName: 'Answer Studio' });
    const [ownerToken] = Object.values(await tokensOf(api.db, { owner }));
    const first = await paidInvoiceLink(owner, ownerToken, 'Loft in Bandra');
    const second = await paidInvoiceLink(owner, ownerToken, 'Office in Powai');
    await inject('POST', `/api/reviews/client/${first.reviewToken}`, { payload: review({ rating: 5 }) });
    await inject('POST', `/api/reviews/client/${second.reviewToken}`, { payload: review({ rating: 2, body: 'The site was left in a mess for weeks.' }) });

    const page = (await inject('GET', `/api/firms/${owner.id}/reviews`)).json() as FirmReviewsReply;
    expect(page.data.rating).toEqual({ count: 2, averageCenti: 350 });
    expect(page.data.reviews.map((r) => r.projectName)).toEqual(['Office in Powai', 'Loft in Bandra']);
    // The public never reads who wrote it.
    expect(JSON.stringify(page)).not.toContain('Anita');

    const firmList = (await inject('GET', '/api/reviews', { token: ownerToken })).json() as FirmReviewListReply;
    const low = firmList.data.reviews.find((r) => r.rating === 2)!;
    expect(low).toMatchObject({ reviewerName: 'Anita Desai', source: 'invoice', hidden: null });

    expect((await inject('POST', `/api/reviews/${low.id}/answer`, { token: tokens.foreignFirm, payload: { answer: 'Not ours' } })).statusCode).toBe(404);
    expect((await inject('POST', `/api/reviews/${low.id}/answer`, { token: ownerToken, payload: { answer: '  ' } })).statusCode).toBe(400);
    const answered = await inject('POST', `/api/reviews/${low.id}/answer`, { token: ownerToken, payload: { answer: 'We are sorry: the cleaning crew is now booked with every handover.' } });
    expect(answered.statusCode).toBe(200);
    const again = await inject('POST', `/api/reviews/${low.id}/answer`, { token: ownerToken, payload: { answer: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.answered);
    expect((await inject('GET', `/api/firms/${owner.id}/reviews`)).json().data.reviews[0].answer.text).toMatch(/cleaning crew/);

    expect(messagesByPath(await inject('POST', `/api/admin/reviews/${low.id}/hide`, { token: adminToken, payload: { reason: '' } })).reason).toBe(M.reasonRequired);
    expect((await inject('POST', `/api/admin/reviews/${low.id}/hide`, { token: ownerToken, payload: { reason: 'x' } })).statusCode).toBe(403);
    const hidden = await inject('POST', `/api/admin/reviews/${low.id}/hide`, { token: adminToken, payload: { reason: 'Names a worker by name' } });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({ firm: { id: owner.id, name: 'Answer Studio' }, hidden: { reason: 'Names a worker by name' } });

    const after = (await inject('GET', `/api/firms/${owner.id}/reviews`)).json() as FirmReviewsReply;
    expect(after.data.rating).toEqual({ count: 1, averageCenti: 500 });
    expect(after.data.reviews).toHaveLength(1);
    expect((await inject('GET', '/api/reviews', { token: ownerToken })).json().data.reviews.find((r: { id: string }) => r.id === low.id).hidden.reason).toBe('Names a worker by name');
    expect((await inject('GET', `/api/reviews/client/${second.reviewToken}`)).json().data.review.hidden.reason).toBe('Names a worker by name');

    const listed = await inject('GET', '/api/admin/reviews', { token: adminToken });
    expect(listed.json().data.reviews.some((r: { id: string }) => r.id === low.id)).toBe(true);
    expect((await inject('POST', `/api/admin/reviews/${low.id}/show`, { token: adminToken })).statusCode).toBe(200);
    expect((await inject('GET', `/api/firms/${owner.id}/reviews`)).json().data.rating).toEqual({ count: 2, averageCenti: 350 });
    expect((await inject('POST', `/api/admin/reviews/${'0'.repeat(24)}/show`, { token: adminToken })).statusCode).toBe(404);
  });

  it('a firm the public does not see has no public reviews', async () => {
    const pending = await createFirm(api.db, { isVerify: VERIFY.pending });
    expect((await inject('GET', `/api/firms/${pending.id}/reviews`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/firms/nope/reviews`)).statusCode).toBe(404);
  });

  it('shows the median time to answer an enquiry from three enquiries of the last 90 days, not below', async () => {
    const owner = await createFirm(api.db);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);
    const answeredAfter = async (createdHoursAgo: number, minutes: number) => {
      const lead = await createLead(api.db, owner.id, { createdAt: hoursAgo(createdHoursAgo) });
      await createLeadMessage(api.db, lead.id, owner.id, { createdAt: new Date(hoursAgo(createdHoursAgo).getTime() + minutes * 60 * 1000) });
    };
    await answeredAfter(48, 30);
    await answeredAfter(72, 120);
    // Held and never released: the firm never saw it; older than 90 days: not counted.
    await createLead(api.db, owner.id, { isHeld: true, createdAt: hoursAgo(50) });
    await answeredAfter(24 * 100, 1);
    expect((await inject('GET', `/api/firms/${owner.id}/reviews`)).json().data.responseTime).toBeNull();
    await answeredAfter(96, 600);
    expect((await inject('GET', `/api/firms/${owner.id}/reviews`)).json().data.responseTime).toEqual({ medianMinutes: 120, enquiries: 3 });
    // Two unanswered of five: the median is still an answered one.
    await createLead(api.db, owner.id, { createdAt: hoursAgo(30) });
    await createLead(api.db, owner.id, { createdAt: hoursAgo(31) });
    expect((await inject('GET', `/api/firms/${owner.id}/reviews`)).json().data.responseTime).toEqual({ medianMinutes: 600, enquiries: 5 });
    // Four unanswered of seven: the median one is unanswered, so no typical time is claimed.
    await createLead(api.db, owner.id, { createdAt: hoursAgo(32) });
    await createLead(api.db, owner.id, { createdAt: hoursAgo(33) });
    expect((await inject('GET', `/api/firms/${owner.id}/reviews`)).json().data.responseTime).toBeNull();
  });
});

describe('the directory by rating', () => {
  it('orders firms by average then count, pages by keyset, and shows each card’s figures', async () => {
    // Only these firms are rated in this city, so the order is theirs alone.
    const city = { country: 'India', state: 'Kerala', city: 'Kochi' };
    const rated = [] as UserRow[];
    for (const [name, ratings] of [['Three Star', [3]], ['Five of two', [5, 5]], ['Five of one', [5]], ['Four', [4, 4]]] as const) {
      const owner = await createFirm(api.db, { firmName: name, ...city });
      const [ownerToken] = Object.values(await tokensOf(api.db, { owner }));
      for (const rating of ratings) {
        const { reviewToken } = await paidInvoiceLink(owner, ownerToken);
        expect((await inject('POST', `/api/reviews/client/${reviewToken}`, { payload: review({ rating }) })).statusCode).toBe(201);
      }
      rated.push(owner);
    }
    const unrated = await createFirm(api.db, { firmName: 'Aaa unrated', ...city });
    const query = `country=India&state=Kerala&city=Kochi&sort=rating&limit=2`;
    const first = (await inject('GET', `/api/users/user-firm?${query}`)).json() as DirectoryReply;
    expect(first.firms.map((f) => f.firmName)).toEqual(['Five of two', 'Five of one']);
    expect(first.firms[0]).toMatchObject({ reviewCount: 2, ratingCenti: 500 });
    const second = (await inject('GET', `/api/users/user-firm?${query}&after=${encodeURIComponent(first.nextCursor!)}`)).json() as DirectoryReply;
    expect(second.firms.map((f) => f.firmName)).toEqual(['Four', 'Three Star']);
    const third = (await inject('GET', `/api/users/user-firm?${query}&after=${encodeURIComponent(second.nextCursor!)}`)).json() as DirectoryReply;
    expect(third.firms.map((f) => f.id)).toEqual([unrated.id]);
    expect(third.nextCursor).toBeNull();

    // A cursor of the other order, or a made-up one, is refused clearly.
    const byName = (await inject('GET', `/api/users/user-firm?country=India&state=Kerala&city=Kochi&limit=1`)).json() as DirectoryReply;
    expect((await inject('GET', `/api/users/user-firm?${query}&after=${encodeURIComponent(byName.nextCursor!)}`)).statusCode).toBe(400);
    expect((await inject('GET', `/api/users/user-firm?${query}&after=r900,1,${'0'.repeat(24)}`)).statusCode).toBe(400);
    expect((await inject('GET', `/api/users/user-firm?sort=stars`)).statusCode).toBe(400);
    expect(rated).toHaveLength(4);
    await api.db.update(users).set({ isVerify: VERIFY.rejected }).where(eq(users.id, unrated.id));
  });
});
