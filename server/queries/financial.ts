import { and, asc, desc, eq } from 'drizzle-orm';
import { sumFigures } from '../contract/summary-rules.js';
import type { FinancialRow } from '../contract/financial.js';
import type { Database } from '../db/connection.js';
import { projects, schedules } from '../db/schema/index.js';
import { scheduleTotals } from './summary.js';

/**
 * The firm-wide financial overview (docs/decisions/107): the firm's workspace projects (one query),
 * their schedules (one query) and every item's figures of those schedules (one query, summed per
 * schedule by the summary's own rules), whatever the number of projects.
 */
export async function financialOverview(db: Database, firmId: string, projectId: string | null) {
  const ofFirm = and(eq(projects.userId, firmId), eq(projects.isPrivate, true));
  const projectList = await db.select({ id: projects.id, projectName: projects.projectName }).from(projects).where(ofFirm).orderBy(asc(projects.projectName), asc(projects.id));
  const chosen = projectId && projectList.some((p) => p.id === projectId) ? projectId : null;
  const scheduleRows = await db
    .select({ scheduleId: schedules.id, scheduleTitle: schedules.title, scheduleCreatedAt: schedules.createdAt, projectId: projects.id, projectName: projects.projectName })
    .from(schedules)
    .innerJoin(projects, eq(projects.id, schedules.projectId))
    .where(chosen ? and(ofFirm, eq(projects.id, chosen)) : ofFirm)
    .orderBy(asc(projects.projectName), asc(projects.id), desc(schedules.createdAt));
  const totals = await scheduleTotals(
    db,
    scheduleRows.map((row) => row.scheduleId),
  );
  const rows: FinancialRow[] = scheduleRows.map((row) => ({ ...row, scheduleCreatedAt: row.scheduleCreatedAt.toISOString(), figures: totals.get(row.scheduleId)! }));
  return { projects: projectList, projectId: chosen, rows, totals: sumFigures(rows.map((r) => r.figures)) };
}
