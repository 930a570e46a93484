import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { feeAgreements, feeCosts, feeStages, invoicePayments, invoices, projectExpenses, projects, timeEntries, timeRates } from '../db/schema/index.js';
import type { AgreementInput, ExpenseGroup, MoneyGroup, StageName, TimeGroup } from '../money/project-result.js';
import type { FeeBasis } from '../contract/fees-rules.js';

/**
 * The sums a project's result is made of (docs/decisions/378), for one project or every workspace
 * project of a firm: a fixed number of grouped statements whatever the number of projects (each
 * over an index by project or firm), the arithmetic left to server/money/project-result.ts.
 */

export type ResultInputs = {
  agreements: Map<string, AgreementInput & { stages: StageName[] }>;
  time: Map<string, TimeGroup[]>;
  expenses: Map<string, ExpenseGroup[]>;
  money: Map<string, MoneyGroup[]>;
};

const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

const monthOf = (column: unknown) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/** The firm's workspace projects, by name (or the one named). */
export function workspaceProjectsOf(db: Database, firmId: string, projectId?: string) {
  return db
    .select({ id: projects.id, projectName: projects.projectName })
    .from(projects)
    .where(and(eq(projects.userId, firmId), eq(projects.isPrivate, true), projectId ? eq(projects.id, projectId) : undefined))
    .orderBy(asc(projects.projectName), asc(projects.id))
    .limit(2000);
}

export async function resultInputs(db: Database, firmId: string, projectIds: string[]): Promise<ResultInputs> {
  const out: ResultInputs = { agreements: new Map(), time: new Map(), expenses: new Map(), money: new Map() };
  if (!projectIds.length) return out;
  // One after the other: the callers may hold a single connection (PGlite answers one statement at a time).
  const agreementRows = await db.select().from(feeAgreements).where(and(eq(feeAgreements.firmId, firmId), inArray(feeAgreements.projectId, projectIds)));
  const agreementIds = agreementRows.map((a) => a.id);
  const costRows = agreementIds.length ? await db.select().from(feeCosts).where(inArray(feeCosts.agreementId, agreementIds)).orderBy(asc(feeCosts.createdAt), asc(feeCosts.id)) : [];
  const stageRows = agreementIds.length ? await db.select({ id: feeStages.id, name: feeStages.name, agreementId: feeStages.agreementId }).from(feeStages).where(inArray(feeStages.agreementId, agreementIds)).orderBy(asc(feeStages.position), asc(feeStages.id)) : [];
  for (const a of agreementRows) {
    out.agreements.set(a.projectId, {
      basis: a.basis as FeeBasis,
      rateMilli: a.rateMilli,
      lumpSum: a.lumpSum,
      hourlyRate: a.hourlyRate,
      hourlyCap: a.hourlyCap,
      documentationCharge: a.documentationCharge,
      billCheckingCharge: a.billCheckingCharge,
      costs: costRows.filter((c) => c.agreementId === a.id).map((c) => ({ kind: c.kind, amount: c.amount, recordedOn: c.recordedOn })),
      stages: stageRows.filter((s) => s.agreementId === a.id).map((s) => ({ id: s.id, name: s.name })),
    });
  }

  // Time: the cost rate frozen at approval, else the person's present one (none set: 0).
  const costRate = sql<string>`coalesce(${timeEntries.costRate}, ${timeRates.costRate}, 0)`;
  const approvedBillable = sql<boolean>`(${timeEntries.approvedAt} is not null and ${timeEntries.billable})`;
  const timeRows = await db
    .select({ projectId: timeEntries.projectId, stageId: timeEntries.stageId, month: monthOf(timeEntries.workDate), userId: timeEntries.userId, costRate, approvedBillable, billRate: timeEntries.billRate, minutes: sql<string>`sum(${timeEntries.minutes})` })
    .from(timeEntries)
    .leftJoin(timeRates, and(eq(timeRates.userId, timeEntries.userId), eq(timeRates.firmId, timeEntries.firmId)))
    .where(and(eq(timeEntries.firmId, firmId), inArray(timeEntries.projectId, projectIds)))
    .groupBy(timeEntries.projectId, timeEntries.stageId, monthOf(timeEntries.workDate), timeEntries.userId, costRate, approvedBillable, timeEntries.billRate);
  for (const r of timeRows) push(out.time, r.projectId, { stageId: r.stageId, month: r.month, userId: r.userId, minutes: Number(r.minutes), costRate: Number(r.costRate), approvedBillable: Boolean(r.approvedBillable), billRate: r.billRate === null ? null : Number(r.billRate) });

  // Expenses before GST; recovered = what the billed ones were billed at, amount + markup rounded
  // half up to the paisa each (the one definition of billedAmountOf, docs/decisions/374), while the
  // invoice that billed them is issued (a draft bills nothing yet, a void one gives them back).
  const standing = inArray(invoices.status, ['issued', 'part_paid', 'paid']);
  const expenseRows = await db
    .select({
      projectId: projectExpenses.projectId,
      month: monthOf(projectExpenses.spentOn),
      amount: sql<string>`sum(${projectExpenses.amount})`,
      gst: sql<string>`sum(${projectExpenses.gst})`,
      recovered: sql<string>`coalesce(sum(case when ${standing} then ${projectExpenses.amount} + round(${projectExpenses.amount}::numeric * ${projectExpenses.markupBp} / 10000) end), 0)`,
    })
    .from(projectExpenses)
    .leftJoin(invoices, eq(invoices.id, projectExpenses.invoiceId))
    .where(and(eq(projectExpenses.firmId, firmId), inArray(projectExpenses.projectId, projectIds)))
    .groupBy(projectExpenses.projectId, monthOf(projectExpenses.spentOn));
  for (const r of expenseRows) push(out.expenses, r.projectId, { month: r.month, amount: Number(r.amount), gst: Number(r.gst), recovered: Number(r.recovered) });

  // Billed: issued invoices and credit notes (taxable value) by issue month; received: payments with their TDS by payment month.
  const billedRows = await db
    .select({ projectId: invoices.projectId, month: monthOf(invoices.issueDate), kind: invoices.kind, taxable: sql<string>`sum(${invoices.taxable})` })
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerId, firmId),
        inArray(invoices.projectId, projectIds),
        isNotNull(invoices.issueDate),
        or(and(eq(invoices.kind, 'invoice'), inArray(invoices.status, ['issued', 'part_paid', 'paid'])), eq(invoices.kind, 'credit-note')),
      ),
    )
    .groupBy(invoices.projectId, monthOf(invoices.issueDate), invoices.kind);
  const paidRows = await db
    .select({ projectId: invoices.projectId, month: monthOf(invoicePayments.paidOn), received: sql<string>`sum(${invoicePayments.amount} + ${invoicePayments.tdsPaise})` })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(and(eq(invoices.issuerId, firmId), eq(invoices.kind, 'invoice'), inArray(invoices.projectId, projectIds)))
    .groupBy(invoices.projectId, monthOf(invoicePayments.paidOn));
  const money = new Map<string, Map<string, MoneyGroup>>();
  const groupOf = (projectId: string, month: string) => {
    const byMonth = money.get(projectId) ?? new Map<string, MoneyGroup>();
    money.set(projectId, byMonth);
    const g = byMonth.get(month) ?? { month, invoiced: 0, credited: 0, received: 0 };
    byMonth.set(month, g);
    return g;
  };
  for (const r of billedRows) {
    if (!r.projectId) continue;
    const g = groupOf(r.projectId, r.month);
    if (r.kind === 'credit-note') g.credited += Number(r.taxable);
    else g.invoiced += Number(r.taxable);
  }
  for (const r of paidRows) if (r.projectId) groupOf(r.projectId, r.month).received += Number(r.received);
  for (const [projectId, byMonth] of money) out.money.set(projectId, [...byMonth.values()]);
  return out;
}
