import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { itemFigures, sumFigures } from '../contract/summary-rules.js';
import type { FinancialRow, ProjectMoneyRow } from '../contract/financial.js';
import type { Database } from '../db/connection.js';
import { projects, schedules, summaryItems, summarySections } from '../db/schema/index.js';
import { moneyByProject } from './invoices.js';
import { scheduleTotals } from './summary.js';

/** Client price and net profit of the approved sections of each project's schedules (one query). */
async function approvedByProject(db: Database, projectIds: string[]) {
  if (!projectIds.length) return new Map<string, ReturnType<typeof sumFigures>>();
  const rows = await db
    .select({ projectId: schedules.projectId, retailPrice: summaryItems.retailPrice, tradePrice: summaryItems.tradePrice, quantity: summaryItems.quantity, discountBp: summaryItems.discountBp })
    .from(summaryItems)
    .innerJoin(summarySections, eq(summarySections.id, summaryItems.sectionId))
    .innerJoin(schedules, eq(schedules.id, summaryItems.scheduleId))
    .where(and(inArray(schedules.projectId, projectIds), eq(summarySections.status, 'approved')));
  return new Map(projectIds.map((id) => [id, sumFigures(rows.filter((r) => r.projectId === id).map(itemFigures))]));
}

/**
 * Where the money stands per project (docs/decisions/283): quoted (client price of
 * approved sections, before GST), invoiced (issued invoices less credit notes, before GST), received
 * and outstanding (with GST), and margin (net profit of the approved sections).
 */
async function projectMoney(db: Database, firmId: string, list: Array<{ id: string; projectName: string }>): Promise<ProjectMoneyRow[]> {
  const [approved, invoiced] = await Promise.all([approvedByProject(db, list.map((p) => p.id)), moneyByProject(db, firmId)]);
  return list.map((p) => {
    const a = approved.get(p.id)!;
    const m = invoiced.get(p.id) ?? { invoiced: 0, received: 0, outstanding: 0 };
    return { projectId: p.id, projectName: p.projectName, quoted: a.clientPrice, ...m, margin: a.netProfit };
  });
}

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
  const money = await projectMoney(db, firmId, chosen ? projectList.filter((p) => p.id === chosen) : projectList);
  return { projects: projectList, projectId: chosen, rows, totals: sumFigures(rows.map((r) => r.figures)), money };
}
