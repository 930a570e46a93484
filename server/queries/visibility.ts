import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { FIRM_ROLES, VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { hiddenPortfolios, hiddenProjects, projects, showcaseTotals, users } from '../db/schema/index.js';

/**
 * What the public side may show (DESIGN.md section 2; moderation, docs/decisions/126): the ONE place
 * every public query takes its visibility from: explore, search, the firm directory, a firm's
 * portfolio and a project page. A query that lists public projects joins `users` on the owner and
 * filters with `visibleProject()`; one that lists firms filters with `listedFirm()`. A rewritten
 * query keeps moderation by keeping these calls.
 */

/**
 * A firm the public sees: approved, a firm role, and its portfolio not hidden by the super-admin.
 * `showcase_listed()` of migration 0016 is the same rule in SQL, for the explore total's triggers
 * (docs/decisions/185): a change here changes it too (visibility.test.ts compares the two).
 */
export const listedFirm = (): SQL =>
  and(
    eq(users.isVerify, VERIFY.approved),
    inArray(users.role, [...FIRM_ROLES]),
    // NOT IN, not NOT EXISTS: the few hidden firms are read once into a hash (firm_id is the key,
    // never null). As an anti-join PostgreSQL rescans the table once per firm, and counting a city's
    // 1,000 firms cost 1.8 ms instead of 0.3 (docs/decisions/188).
    sql`${users.id} not in (select ${hiddenPortfolios.firmId} from ${hiddenPortfolios})`,
  )!;

/**
 * A project's own part of it (no join on its owner): a portfolio project the super-admin has not hidden.
 * Each firm's `users.shown_project_count` counts its projects that pass this, kept by the triggers of
 * migration 0014 (docs/decisions/183): a change to this rule changes those triggers (and recounts) too.
 */
export const shownProject = (): SQL =>
  // NOT IN for the reason listedFirm() gives (project_id is the key, never null).
  and(eq(projects.isPrivate, false), sql`${projects.id} not in (select ${hiddenProjects.projectId} from ${hiddenProjects})`)!;

/** A public project the public sees: shown itself, and its owner (joined as `users`) listed. */
export const visibleProject = (): SQL => and(shownProject(), listedFirm())!;

/**
 * The number of visible projects: the same as counting the projects (joined to their owners as
 * `users`) that pass `visibleProject()`, but one row of `showcase_totals`, the listed firms' shown
 * projects (their counters, see `shownProject()`) summed by the triggers of migration 0016, so it
 * reads neither the projects nor the firms (docs/decisions/183, 185). One row, `n`; usable
 * as a subquery.
 */
export const visibleProjectCount = (db: Database) => db.select({ n: showcaseTotals.visibleProjects }).from(showcaseTotals);

/**
 * Sets every account's `shown_project_count` from its projects, as migration 0014 did, then the
 * showcase's total from the listed firms' counters, as migration 0016 did, and every project's
 * `listed` flag, as migration 0018 did: for a bulk load written with the triggers off (the bench's
 * scale seed), or after a rule changed. Run while nothing else writes projects or firms (a write
 * between the statements would be lost from the total).
 */
export async function recountShownProjects(db: Database): Promise<void> {
  const visible = sql`coalesce((select ${visibleProject()} from ${users} where ${users.id} = ${projects.userId}), false)`;
  await db.update(projects).set({ listed: visible }).where(sql`${projects.listed} is distinct from ${visible}`);
  await db.update(users).set({ shownProjectCount: sql`(select count(*) from ${projects} where ${projects.userId} = ${users.id} and ${shownProject()})` });
  const listedFirmsShown = db.select({ n: sql`coalesce(sum(${users.shownProjectCount}), 0)` }).from(users).where(listedFirm());
  await db.update(showcaseTotals).set({ visibleProjects: sql`(${listedFirmsShown})` });
}

/** `visibleProject()` as a boolean column, for a read that also lets the owner see its own. */
export const isVisibleProject = () => sql<boolean>`(${visibleProject()})`.mapWith(Boolean);
/** `listedFirm()` as a boolean column. */
export const isListedFirmColumn = () => sql<boolean>`(${listedFirm()})`.mapWith(Boolean);

/**
 * Whether visitors may send `firmId` an enquiry (for the demand box): the firm is
 * listed on the public side (approved, not hidden). One query.
 */
export async function firmCanReceiveEnquiries(db: Database, firmId: string): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<number>`1` })
    .from(users)
    .where(and(eq(users.id, firmId), listedFirm()))
    .limit(1);
  return row !== undefined;
}

/** Whether a project page may take an enquiry: the project is visible (shown, its firm listed). */
export async function projectCanReceiveEnquiries(db: Database, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<number>`1` })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(and(eq(projects.id, projectId), visibleProject()))
    .limit(1);
  return row !== undefined;
}
