import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { isoDay, zoneOf } from '../contract/dates.js';
import type { KeysetCursor } from '../contract/keyset-cursor.js';
import { averageCenti, RESPONSE_TIME_DAYS, RESPONSE_TIME_MIN_ENQUIRIES, type AdminReview, type FirmReview, type OwnReview, type PublicReview, type RatingSummary, type ResponseTime } from '../contract/reviews.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { clientDecisions, contacts, invoices, leadMessages, leads, projects, reviewInvitations, reviews, shareLinks, summarySections, users } from '../db/schema/index.js';

/** Reviews from a firm's clients (docs/decisions/409–411): who may write one, the lists, the kept rating. */

export type ReviewRow = typeof reviews.$inferSelect;

const firmName = sql<string>`coalesce(nullif(${users.firmName}, ''), ${users.userName})`;

/** Where a review stands in a newest-first list, written by PostgreSQL (server/contract/keyset-cursor.ts). */
const cursorOfReview = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ',' || ${reviews.id}`;
const afterReview = (after: KeysetCursor): SQL => sql`(${reviews.createdAt}, ${reviews.id}) < (${after.createdAt}::timestamptz, ${after.id})`;

/**
 * Who a review link names and whether that client may review (docs/decisions/409). A paid invoice's
 * link names its Address Book contact; a schedule's approval link names the client it was made for,
 * who may review once every section of the schedule is approved and at least one through this link.
 */
export type ReviewKey = {
  firmId: string;
  firmName: string;
  timeZone: string;
  projectId: string;
  projectName: string;
  reviewerKey: string;
  reviewerName: string;
  invoiceId: string | null;
  contactId: string | null;
  shareLinkId: string | null;
  /** Null when the client may review; else what the page says. */
  refusal: 'notEligible' | 'scheduleNotApproved' | null;
  /** A schedule's approval link that is no longer open. */
  gone: 'expired' | 'revoked' | null;
};

export async function reviewKeyOfToken(db: Database, tokenHash: string, now = new Date()): Promise<ReviewKey | undefined> {
  const [invited] = await db
    .select({
      firmId: invoices.firmId,
      firmName,
      timeZone: users.timeZone,
      invoiceId: invoices.id,
      status: invoices.status,
      projectId: projects.id,
      projectName: projects.projectName,
      contactId: contacts.id,
      contactName: contacts.name,
    })
    .from(reviewInvitations)
    .innerJoin(invoices, eq(invoices.id, reviewInvitations.invoiceId))
    .innerJoin(users, eq(users.id, invoices.firmId))
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(contacts, eq(contacts.id, invoices.contactId))
    .where(eq(reviewInvitations.tokenHash, tokenHash))
    .limit(1);
  if (invited) {
    return {
      firmId: invited.firmId,
      firmName: invited.firmName,
      timeZone: zoneOf(invited),
      projectId: invited.projectId,
      projectName: invited.projectName,
      reviewerKey: `contact:${invited.contactId}`,
      reviewerName: invited.contactName,
      invoiceId: invited.invoiceId,
      contactId: invited.contactId,
      shareLinkId: null,
      // Paid when asked; a payment removed since (or a void) takes the right away again.
      refusal: invited.status === 'paid' ? null : 'notEligible',
      gone: null,
    };
  }
  const [linked] = await db
    .select({
      link: shareLinks,
      firmName,
      timeZone: users.timeZone,
      projectName: projects.projectName,
      sections: sql<number>`(select count(*)::int from ${summarySections} where ${summarySections.scheduleId} = ${shareLinks.scheduleId})`,
      unapproved: sql<number>`(select count(*)::int from ${summarySections} where ${summarySections.scheduleId} = ${shareLinks.scheduleId} and ${summarySections.status} <> 'approved')`,
      approvedHere: sql<boolean>`exists (select 1 from ${clientDecisions} where ${clientDecisions.shareLinkId} = ${shareLinks.id} and ${clientDecisions.decision} = 'approved')`,
    })
    .from(shareLinks)
    .innerJoin(users, eq(users.id, shareLinks.firmId))
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .where(eq(shareLinks.tokenHash, tokenHash))
    .limit(1);
  if (!linked) return undefined;
  const { link } = linked;
  const approved = linked.sections > 0 && linked.unapproved === 0 && linked.approvedHere;
  return {
    firmId: link.firmId,
    firmName: linked.firmName,
    timeZone: zoneOf(linked),
    projectId: link.projectId,
    projectName: linked.projectName,
    reviewerKey: `link:${link.id}`,
    reviewerName: link.clientName,
    invoiceId: null,
    contactId: null,
    shareLinkId: link.id,
    refusal: approved ? null : 'scheduleNotApproved',
    gone: link.revokedAt ? 'revoked' : link.expiresAt.getTime() <= now.getTime() ? 'expired' : null,
  };
}

export async function findReviewOf(db: Database, key: Pick<ReviewKey, 'firmId' | 'projectId' | 'reviewerKey'>): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.firmId, key.firmId), eq(reviews.projectId, key.projectId), eq(reviews.reviewerKey, key.reviewerKey)))
    .limit(1);
  return row;
}

/** The review, or undefined when this client already wrote one (the unique index decides, so two at once make one). */
export async function insertReview(db: Database, key: ReviewKey, review: { rating: number; body: string }): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values({
      id: newId(),
      firmId: key.firmId,
      projectId: key.projectId,
      projectName: key.projectName,
      reviewerKey: key.reviewerKey,
      reviewerName: key.reviewerName,
      invoiceId: key.invoiceId,
      contactId: key.contactId,
      shareLinkId: key.shareLinkId,
      rating: review.rating,
      body: review.body,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Sets the firm's kept rating from its visible reviews (docs/decisions/410), in the transaction that
 * changed one. The firm's row is locked first, so two reviews written at once are counted one after
 * the other and neither is lost.
 */
export async function refreshFirmRating(tx: Database, firmId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, firmId)).for('update');
  const [row] = await tx
    .select({ n: count(), sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(and(eq(reviews.firmId, firmId), isNull(reviews.hiddenAt)));
  const n = Number(row?.n ?? 0);
  const sum = Number(row?.sum ?? 0);
  await tx.update(users).set({ reviewCount: n, reviewRatingSum: sum, ratingCenti: averageCenti(sum, n) }).where(eq(users.id, firmId));
}

/** The kept rating of a firm. */
export async function firmRating(db: Database, firmId: string): Promise<RatingSummary> {
  const [row] = await db.select({ count: users.reviewCount, averageCenti: users.ratingCenti }).from(users).where(eq(users.id, firmId)).limit(1);
  return row ?? { count: 0, averageCenti: 0 };
}

/** A page of a firm's reviews, newest first: the visible ones for the public, all for the firm. */
export async function firmReviewsPage(db: Database, firmId: string, { after, limit, visibleOnly }: { after?: KeysetCursor; limit: number; visibleOnly: boolean }) {
  const rows = await db
    .select({ review: reviews, cursor: cursorOfReview })
    .from(reviews)
    .where(and(eq(reviews.firmId, firmId), visibleOnly ? isNull(reviews.hiddenAt) : undefined, after ? afterReview(after) : undefined))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1);
  return page(rows, limit);
}

/** A page of every review, newest first, with its firm's name (the super-admin's list): one statement. */
export async function allReviewsPage(db: Database, { after, limit }: { after?: KeysetCursor; limit: number }) {
  const rows = await db
    .select({ review: reviews, cursor: cursorOfReview, firmName, timeZone: users.timeZone })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.firmId))
    .where(after ? afterReview(after) : undefined)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1);
  return page(rows, limit);
}

function page<T extends { cursor: string }>(rows: T[], limit: number) {
  const shown = rows.slice(0, limit);
  return { rows: shown, nextCursor: rows.length > limit ? shown[shown.length - 1]!.cursor : null };
}

export async function findReview(db: Database, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row;
}

/** The firm's answer, or undefined when the review already has one (answered once, even by two clicks at once). */
export async function answerReview(db: Database, id: string, answer: string, by: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ answer, answeredAt: new Date(), answeredBy: by })
    .where(and(eq(reviews.id, id), isNull(reviews.answer)))
    .returning();
  return row;
}

/** Hides a review with the super-admin's reason, or shows it again (reason null). */
export async function setReviewHidden(db: Database, id: string, hide: { reason: string; by: string } | null): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set(hide ? { hiddenAt: new Date(), hiddenReason: hide.reason, hiddenBy: hide.by } : { hiddenAt: null, hiddenReason: null, hiddenBy: null })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

/** The review link of an invoice: a new token replaces the one before (one link per invoice). */
export async function saveInvitation(db: Database, { firmId, invoiceId, tokenHash, by }: { firmId: string; invoiceId: string; tokenHash: string; by: string }): Promise<void> {
  await db
    .insert(reviewInvitations)
    .values({ id: newId(), firmId, invoiceId, tokenHash, createdBy: by })
    .onConflictDoUpdate({ target: reviewInvitations.invoiceId, set: { tokenHash, createdBy: by, createdAt: new Date() } });
}

/**
 * A firm's typical time to answer an enquiry (docs/decisions/411): the median, in whole minutes,
 * from an enquiry's arrival to the firm's first message on it, over the enquiries of the last 90
 * days that reached its inbox (not held). One not answered counts as slower than any answered one
 * (the median is then "not answered"), except one younger than a day, which may still be; null
 * below RESPONSE_TIME_MIN_ENQUIRIES enquiries or when the median one is unanswered. One statement,
 * on leads_firm_created_idx and lead_messages_lead_idx.
 */
export async function responseTime(db: Database, firmId: string, now = new Date()): Promise<ResponseTime> {
  const since = new Date(now.getTime() - RESPONSE_TIME_DAYS * 24 * 60 * 60 * 1000);
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const firstAnswer = sql`(select min(${leadMessages.createdAt}) from ${leadMessages} where ${leadMessages.leadId} = ${leads.id})`;
  // An unanswered enquiry as the largest int: it sorts after every answered one.
  const minutes = sql<number>`coalesce(floor(extract(epoch from (${firstAnswer} - ${leads.createdAt})) / 60)::int, 2147483647)`;
  const [row] = await db
    .select({ n: count(), median: sql<number | null>`percentile_disc(0.5) within group (order by ${minutes})` })
    .from(leads)
    .where(
      and(
        eq(leads.firmId, firmId),
        gte(leads.createdAt, since),
        eq(leads.isHeld, false),
        sql`(${lt(leads.createdAt, dayAgo)} or exists (select 1 from ${leadMessages} where ${leadMessages.leadId} = ${leads.id}))`,
      ),
    );
  const n = Number(row?.n ?? 0);
  const median = row?.median === null || row?.median === undefined ? null : Number(row.median);
  if (n < RESPONSE_TIME_MIN_ENQUIRIES || median === null || median >= 2147483647) return null;
  return { medianMinutes: Math.max(0, median), enquiries: n };
}

// JSON ----------------------------------------------------------------------------------------

export function toPublicReview(row: ReviewRow, timeZone: string): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    projectName: row.projectName,
    month: isoDay(row.createdAt, zoneOf({ timeZone })).slice(0, 7),
    answer: row.answer && row.answeredAt ? { text: row.answer, at: row.answeredAt.toISOString() } : null,
  };
}

export function toOwnReview(row: ReviewRow, timeZone: string): OwnReview {
  return { ...toPublicReview(row, timeZone), hidden: row.hiddenAt ? { reason: row.hiddenReason ?? '', at: row.hiddenAt.toISOString() } : null };
}

export function toFirmReview(row: ReviewRow, timeZone: string): FirmReview {
  return { ...toOwnReview(row, timeZone), reviewerName: row.reviewerName, source: row.shareLinkId || row.reviewerKey.startsWith('link:') ? 'schedule' : 'invoice', createdAt: row.createdAt.toISOString() };
}

export function toAdminReview(row: ReviewRow, firm: { id: string; name: string; timeZone: string | null }): AdminReview {
  return { ...toFirmReview(row, zoneOf(firm)), firm: { id: firm.id, name: firm.name } };
}

/** A firm's name and time zone. */
export async function firmFacts(db: Database, firmId: string): Promise<{ id: string; name: string; timeZone: string } | undefined> {
  const [row] = await db.select({ id: users.id, name: firmName, timeZone: users.timeZone }).from(users).where(eq(users.id, firmId)).limit(1);
  return row ? { ...row, timeZone: zoneOf(row) } : undefined;
}
