import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../server/db/connection';
import { projects, users } from '../../server/db/schema';
import { shownProject, visibleProject, visibleProjectCount } from '../../server/queries/visibility';

/** The accounts whose `shown_project_count` is not their number of `shownProject()` projects counted from the rows. */
export async function counterMismatches(db: Database) {
  const shown = db.select({ userId: projects.userId, n: count().as('n') }).from(projects).where(shownProject()).groupBy(projects.userId).as('shown');
  return db
    .select({ id: users.id, counter: users.shownProjectCount, counted: sql<number>`coalesce(${shown.n}, 0)::integer` })
    .from(users)
    .leftJoin(shown, eq(shown.userId, users.id))
    .where(sql`${users.shownProjectCount} <> coalesce(${shown.n}, 0)`);
}

/**
 * The counters of shown projects (docs/decisions/183) agree with the rule they stand for: each
 * account's counter, the explore total (`visibleProjectCount`, the one row of `showcase_totals`,
 * docs/decisions/185) against a count of `visibleProject()`, and each project's `listed` flag.
 */
export async function expectCountersRight(db: Database, step: string) {
  expect(await counterMismatches(db), step).toEqual([]);
  const totals = await visibleProjectCount(db);
  const [slow] = await db.select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.userId)).where(visibleProject());
  expect(totals, step).toEqual([{ n: slow!.n }]);
  expect(await listedMismatches(db), step).toEqual([]);
}

/** The projects whose `listed` flag (migration 0018, docs/decisions/192) is not `visibleProject()` read from the rows. */
export function listedMismatches(db: Database) {
  return db
    .select({ id: projects.id, listed: projects.listed })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.userId))
    .where(sql`${projects.listed} is distinct from coalesce(${visibleProject()}, false)`);
}
