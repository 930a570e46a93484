import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { itemFigures, sumFigures } from '../contract/summary-rules.js';
import type { FinancialRow, ProjectMoneyRow } from '../contract/financial.js';
import type { Database } from '../db/connection.js';
import { contacts, invoicePayments, invoices, projects, schedules, summaryItems, summarySections } from '../db/schema/index.js';
import { ageReceivables } from '../money/ageing.js';
import { moneyByProject } from './invoices.js';
import { scheduleTotals } from './summary.js';

/** Client price and net profit of the approved sections of each project's schedules (one query). */
async function approvedByProject(db: Database, projectIds: string[]) {
  if (!projectIds.length) return new Map<string, ReturnType<typeof sumFigures>>();
  const rows = await db
    .select({ projectId: schedules.projectId, retailPrice: summaryItems.retailPrice, tradePrice: summaryItems.tradePrice, quantityMilli: summaryItems.quantityMilli, discountBp: summaryItems.discountBp })
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
    const { credited, ...m } = invoiced.get(p.id) ?? { invoiced: 0, credited: 0, received: 0, outstanding: 0 };
    // A credit note gives back part of the price while the trade cost stays: the margin loses it (docs/decisions/417).
    return { projectId: p.id, projectName: p.projectName, quoted: a.clientPrice, ...m, margin: a.netProfit - credited };
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

// Receivables at a glance (docs/decisions/418) -------------------------------------------------

const issuedKinds = ['issued', 'part_paid', 'paid'];

/**
 * The open invoices of the firm (or of one project) with their client, aged on `today`; and, per
 * month of `months`, what was invoiced (totals with GST less credit notes, by issue date) and
 * received (what arrived plus TDS, by payment date). Three grouped queries.
 */
export async function receivables(db: Database, firmId: string, projectId: string | null, today: string, months: string[]) {
  const ofFirm = (kind: 'invoice' | 'credit-note') => and(eq(invoices.issuerId, firmId), eq(invoices.kind, kind), projectId ? eq(invoices.projectId, projectId) : undefined);
  const from = `${months[0]}-01`;
  const month = (column: typeof invoices.issueDate | typeof invoicePayments.paidOn) => sql<string>`to_char(${column}, 'YYYY-MM')`;
  const [open, invoiced, received] = await Promise.all([
    db
      .select({ contactId: invoices.contactId, buyer: invoices.buyer, contactName: contacts.name, dueDate: invoices.dueDate, total: invoices.total, credited: invoices.credited, received: invoices.received })
      .from(invoices)
      .leftJoin(contacts, eq(contacts.id, invoices.contactId))
      .where(and(ofFirm('invoice'), inArray(invoices.status, ['issued', 'part_paid']))),
    db
      .select({ month: month(invoices.issueDate), kind: invoices.kind, total: sql<string>`sum(${invoices.total})` })
      .from(invoices)
      .where(and(or(and(ofFirm('invoice'), inArray(invoices.status, issuedKinds)), ofFirm('credit-note')), gte(invoices.issueDate, from)))
      .groupBy(month(invoices.issueDate), invoices.kind),
    db
      .select({ month: month(invoicePayments.paidOn), total: sql<string>`sum(${invoicePayments.amount} + ${invoicePayments.tdsPaise})` })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(and(ofFirm('invoice'), gte(invoicePayments.paidOn, from)))
      .groupBy(month(invoicePayments.paidOn)),
  ]);
  const aged = ageReceivables(
    open.map((r) => {
      const clientName = r.buyer?.legalName || r.contactName || 'No client';
      return { clientKey: r.contactId ?? clientName, clientName, dueDate: r.dueDate, total: r.total, credited: r.credited, received: r.received };
    }),
    today,
  );
  const invoicedBy = new Map<string, number>();
  for (const r of invoiced) invoicedBy.set(r.month, (invoicedBy.get(r.month) ?? 0) + (r.kind === 'credit-note' ? -1 : 1) * Number(r.total));
  const receivedBy = new Map(received.map((r) => [r.month, Number(r.total)]));
  return { today, ...aged, months: months.map((m) => ({ month: m, invoiced: invoicedBy.get(m) ?? 0, received: receivedBy.get(m) ?? 0 })) };
}
