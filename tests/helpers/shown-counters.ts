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
 * account's counter, and the explore total (`visibleProjectCount`, the one row of `showcase_totals`,
 * docs/decisions/185) against a count of `visibleProject()`.
 */
export async function expectCountersRight(db: Database, step: string) {
  expect(await counterMismatches(db), step).toEqual([]);
  const totals = await visibleProjectCount(db);
  const [slow] = await db.select({ n: count() }).from(projects).innerJoin(users, eq(users.id, projects.userId)).where(visibleProject());
  expect(totals, step).toEqual([{ n: slow!.n }]);
}
