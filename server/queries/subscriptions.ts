import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminFirmRow, AdminFirmsQuery } from '../contract/admin-areas.js';
import { ADMIN_FIRMS_PAGE_SIZE, PRICE_PAISE_PER_YEAR, TRIAL_DAYS, type PlanState } from '../contract/subscription-rules.js';
import type { Plan } from '../contract/subscription.js';
import { FIRM_ROLES } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { firmSubscriptions, users } from '../db/schema/index.js';
import { isoDay } from '../contract/dates.js';
import { recordAudit } from './audit.js';
import { latestSubscriptionInvoices } from './platform-billing.js';
import { likePattern } from './sql.js';

/** A firm's plan (DESIGN.md section 9, "Calendar and pricing"): the trial, the request, the paid period. */

export type SubscriptionRow = typeof firmSubscriptions.$inferSelect;
const DAY = 24 * 60 * 60 * 1000;

/** The plan a row means at `now` (no row: never tried, never asked). */
export function planOf(row: SubscriptionRow | null | undefined, now = new Date()): Plan {
  const trialEndsAt = row?.trialEndsAt ?? null;
  const paidUntil = row?.paidUntil ?? null;
  const trialRunning = trialEndsAt !== null && trialEndsAt > now;
  const paidRunning = paidUntil !== null && paidUntil > now;
  const state: PlanState = paidRunning ? 'paid' : trialRunning ? 'trial' : paidUntil ? 'paidEnded' : trialEndsAt ? 'trialEnded' : 'none';
  const requestedAt = row?.requestedAt ?? null;
  return {
    state,
    active: paidRunning || trialRunning,
    trialStartedAt: row?.trialStartedAt?.toISOString() ?? null,
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: trialRunning ? Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY) : null,
    canStartTrial: !row?.trialStartedAt,
    requestedAt: requestedAt?.toISOString() ?? null,
    requestPending: requestedAt !== null && (row?.paidMarkedAt == null || requestedAt > row.paidMarkedAt),
    paidUntil: paidUntil?.toISOString() ?? null,
    pricePaise: PRICE_PAISE_PER_YEAR,
  };
}

export async function findSubscription(db: Database, firmId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(firmSubscriptions).where(eq(firmSubscriptions.firmId, firmId)).limit(1);
  return row;
}

/**
 * Starts the firm's 30-day trial, once: answers the row, or undefined when the firm had already
 * started one (a second click, another sub-admin at the same time: the conditional upsert is atomic).
 */
export async function startTrial(db: Database, firmId: string, actorId: string, now = new Date()): Promise<SubscriptionRow | undefined> {
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(firmSubscriptions)
      .values({ firmId, trialStartedAt: now, trialEndsAt, updatedAt: now })
      .onConflictDoUpdate({
        target: firmSubscriptions.firmId,
        set: { trialStartedAt: now, trialEndsAt, updatedAt: now },
        setWhere: isNull(firmSubscriptions.trialStartedAt),
      })
      .returning();
    if (row) await recordAudit(tx, { actorId, action: 'plan.trial_started', firmId, targetType: 'user', targetId: firmId, details: { trialEndsAt: trialEndsAt.toISOString() } });
    return row;
  });
}

/** Records the firm's "Continue": a subscription request the super-admin sees (the latest one counts). */
export function requestSubscription(db: Database, firmId: string, actorId: string, now = new Date()): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(firmSubscriptions)
      .values({ firmId, requestedAt: now, requestedBy: actorId, updatedAt: now })
      .onConflictDoUpdate({ target: firmSubscriptions.firmId, set: { requestedAt: now, requestedBy: actorId, updatedAt: now } })
      .returning();
    await recordAudit(tx, { actorId, action: 'plan.requested', firmId, targetType: 'user', targetId: firmId });
    return row!;
  });
}

/** The super-admin marks the firm paid until the end of `paidUntil` (a UTC day), audited. */
export function markPaid(db: Database, firmId: string, adminId: string, paidUntilDay: string, now = new Date()): Promise<SubscriptionRow> {
  const paidUntil = new Date(`${paidUntilDay}T23:59:59.999Z`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(firmSubscriptions)
      .values({ firmId, paidUntil, paidMarkedAt: now, paidMarkedBy: adminId, updatedAt: now })
      .onConflictDoUpdate({ target: firmSubscriptions.firmId, set: { paidUntil, paidMarkedAt: now, paidMarkedBy: adminId, updatedAt: now } })
      .returning();
    await recordAudit(tx, { actorId: adminId, action: 'plan.marked_paid', firmId, targetType: 'user', targetId: firmId, details: { paidUntil: paidUntil.toISOString() } });
    return row!;
  });
}

/** A firm account by id (any verification state), or undefined. */
export async function findFirmForPlan(db: Database, id: string) {
  const [row] = await db
    .select({ id: users.id, firmName: users.firmName, userName: users.userName, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...FIRM_ROLES])))
    .limit(1);
  return row;
}

/** The admin's Workspace list: firm accounts with their plans, open requests first, then by name. */
export async function adminFirmsPage(db: Database, query: { search?: string; filter: AdminFirmsQuery['filter']; page: number }, now = new Date()) {
  const conditions: SQL[] = [inArray(users.role, [...FIRM_ROLES])];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(users.firmName, pattern), ilike(users.userName, pattern), ilike(users.email, pattern))!);
  }
  const s = firmSubscriptions;
  const pending = and(isNotNull(s.requestedAt), or(isNull(s.paidMarkedAt), gt(s.requestedAt, s.paidMarkedAt)))!;
  if (query.filter === 'requests') conditions.push(pending);
  if (query.filter === 'trial') conditions.push(gt(s.trialEndsAt, now), or(isNull(s.paidUntil), lte(s.paidUntil, now))!);
  if (query.filter === 'paid') conditions.push(gt(s.paidUntil, now));
  if (query.filter === 'none') conditions.push(isNull(s.firmId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, sub: firmSubscriptions })
      .from(users)
      .leftJoin(firmSubscriptions, eq(firmSubscriptions.firmId, users.id))
      .where(where)
      .orderBy(desc(sql`coalesce(${pending}, false)`), sql`${s.requestedAt} desc nulls last`, asc(sql`lower(coalesce(${users.firmName}, ${users.userName}))`), asc(users.id))
      .limit(ADMIN_FIRMS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_FIRMS_PAGE_SIZE),
    db.select({ n: count() }).from(users).leftJoin(firmSubscriptions, eq(firmSubscriptions.firmId, users.id)).where(where),
  ]);
  const invoices = await latestSubscriptionInvoices(
    db,
    rows.map((r) => r.user.id),
    isoDay(now),
  );
  const firms: AdminFirmRow[] = rows.map(({ user, sub }) => ({
    id: user.id,
    userName: user.userName,
    firmName: user.firmName,
    email: user.email,
    city: user.city,
    state: user.state,
    isVerify: user.isVerify,
    plan: planOf(sub, now),
    timeZone: user.timeZone,
    invoice: invoices.get(user.id) ?? null,
  }));
  return { firms, count: Number(total?.n ?? 0) };
}
