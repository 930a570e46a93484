import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { feeAgreements, feeStages, invoices, projects, tasks, timeBillings, timeEntries, timeRates, timesheetApprovals, timeTimers, users } from '../db/schema/index.js';

/** Reads and writes of people's time, timers, approved weeks, rates and time billings (docs/decisions/371–373). */

export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type TimerRow = typeof timeTimers.$inferSelect;

/** An entry with the names it is shown with. */
const entryColumns = {
  entry: timeEntries,
  projectName: projects.projectName,
  person: users.userName,
  stageName: feeStages.name,
  taskTitle: sql<string | null>`coalesce(${tasks.title}, left(${tasks.description}, 60))`,
  invoiceStatus: invoices.status,
};
export type NamedEntry = { entry: TimeEntryRow; projectName: string; person: string; stageName: string | null; taskTitle: string | null; invoiceStatus: string | null };

/** Time is billed while the invoice that billed it stands: a voided invoice gives its time back (docs/decisions/372). */
export const isBilled = (e: Pick<NamedEntry, 'invoiceStatus'>) => e.invoiceStatus !== null && e.invoiceStatus !== 'void';
const unbilled = or(isNull(timeEntries.invoiceId), eq(invoices.status, 'void'));

function namedEntries(db: Database) {
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .leftJoin(feeStages, eq(feeStages.id, timeEntries.stageId))
    .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .leftJoin(invoices, eq(invoices.id, timeEntries.invoiceId));
}

/** A project's entries between two days, everyone's or one person's. */
export async function projectEntries(db: Database, projectId: string, from: string, to: string, userId: string | null): Promise<NamedEntry[]> {
  return namedEntries(db)
    .where(and(eq(timeEntries.projectId, projectId), gte(timeEntries.workDate, from), lte(timeEntries.workDate, to), userId ? eq(timeEntries.userId, userId) : undefined))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.createdAt));
}

/** A person's entries of the firm between two days, across projects. */
export async function personEntries(db: Database, firmId: string, userId: string, from: string, to: string): Promise<NamedEntry[]> {
  return namedEntries(db)
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.userId, userId), gte(timeEntries.workDate, from), lte(timeEntries.workDate, to)))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.createdAt));
}

export async function findEntry(db: Database, projectId: string, id: string): Promise<TimeEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.id, id), eq(timeEntries.projectId, projectId)))
    .limit(1);
  return row;
}

export async function findNamedEntry(db: Database, id: string): Promise<NamedEntry> {
  const [row] = await namedEntries(db).where(eq(timeEntries.id, id)).limit(1);
  return row!;
}

export async function insertEntry(db: Database, values: Omit<typeof timeEntries.$inferInsert, 'id'>): Promise<TimeEntryRow> {
  const [row] = await db
    .insert(timeEntries)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

/** Changes an entry at `version`; undefined when someone changed it since (the caller answers 409). */
export async function updateEntry(db: Database, id: string, version: number, set: Partial<typeof timeEntries.$inferInsert>): Promise<TimeEntryRow | undefined> {
  const [row] = await db
    .update(timeEntries)
    .set({ ...set, version: sql`${timeEntries.version} + 1`, updatedAt: new Date() })
    .where(and(eq(timeEntries.id, id), eq(timeEntries.version, version), isNull(timeEntries.approvedAt), isNull(timeEntries.invoiceId)))
    .returning();
  return row;
}

export async function deleteEntry(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(timeEntries)
    .where(and(eq(timeEntries.id, id), isNull(timeEntries.approvedAt), isNull(timeEntries.invoiceId)))
    .returning({ id: timeEntries.id });
  return rows.length > 0;
}

/** How many minutes and entries a person has on a day, across projects (leaving `except` out). */
export async function dayLoad(db: Database, userId: string, workDate: string, except: string | null = null): Promise<{ minutes: number; entries: number }> {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`, entries: sql<number>`count(*)::int` })
    .from(timeEntries)
    .where(and(eq(timeEntries.userId, userId), eq(timeEntries.workDate, workDate), except ? ne(timeEntries.id, except) : undefined));
  return row ?? { minutes: 0, entries: 0 };
}

export async function findApproval(db: Database, userId: string, weekStart: string) {
  const [row] = await db
    .select({ approvedAt: timesheetApprovals.approvedAt, approvedBy: users.userName })
    .from(timesheetApprovals)
    .leftJoin(users, eq(users.id, timesheetApprovals.approvedBy))
    .where(and(eq(timesheetApprovals.userId, userId), eq(timesheetApprovals.weekStart, weekStart)))
    .limit(1);
  return row;
}

/**
 * Approves a person's week: its entries take the person's rates of now, and the week is closed to
 * changes. False when it was approved already (two managers at once: one approves).
 */
export async function approveWeek(tx: Database, firmId: string, userId: string, weekStart: string, weekEnd: string, approvedBy: string, rates: { costRate: number; billRate: number }): Promise<boolean> {
  const inserted = await tx.insert(timesheetApprovals).values({ firmId, userId, weekStart, approvedBy }).onConflictDoNothing().returning({ userId: timesheetApprovals.userId });
  if (inserted.length === 0) return false;
  await tx
    .update(timeEntries)
    .set({ approvedAt: new Date(), approvedBy, costRate: rates.costRate, billRate: rates.billRate, version: sql`${timeEntries.version} + 1`, updatedAt: new Date() })
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.userId, userId), gte(timeEntries.workDate, weekStart), lte(timeEntries.workDate, weekEnd)));
  return true;
}

/** Reopens a week none of whose time is billed (a voided invoice's time is let go of); false when it is not approved. */
export async function reopenWeek(tx: Database, firmId: string, userId: string, weekStart: string, weekEnd: string): Promise<boolean> {
  const deleted = await tx
    .delete(timesheetApprovals)
    .where(and(eq(timesheetApprovals.firmId, firmId), eq(timesheetApprovals.userId, userId), eq(timesheetApprovals.weekStart, weekStart)))
    .returning({ userId: timesheetApprovals.userId });
  if (deleted.length === 0) return false;
  await tx
    .update(timeEntries)
    .set({ approvedAt: null, approvedBy: null, costRate: null, billRate: null, invoiceId: null, version: sql`${timeEntries.version} + 1`, updatedAt: new Date() })
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.userId, userId), gte(timeEntries.workDate, weekStart), lte(timeEntries.workDate, weekEnd)));
  return true;
}

export async function billedInWeek(db: Database, userId: string, weekStart: string, weekEnd: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .innerJoin(invoices, eq(invoices.id, timeEntries.invoiceId))
    .where(and(eq(timeEntries.userId, userId), gte(timeEntries.workDate, weekStart), lte(timeEntries.workDate, weekEnd), ne(invoices.status, 'void')))
    .limit(1);
  return row !== undefined;
}

export async function findTimer(db: Database, userId: string): Promise<(TimerRow & { projectName: string }) | undefined> {
  const [row] = await db
    .select({ timer: timeTimers, projectName: projects.projectName })
    .from(timeTimers)
    .innerJoin(projects, eq(projects.id, timeTimers.projectId))
    .where(eq(timeTimers.userId, userId))
    .limit(1);
  return row && { ...row.timer, projectName: row.projectName };
}

/** Starts a timer; false when the person has one running already. */
export async function insertTimer(db: Database, values: typeof timeTimers.$inferInsert): Promise<boolean> {
  const rows = await db.insert(timeTimers).values(values).onConflictDoNothing().returning({ userId: timeTimers.userId });
  return rows.length > 0;
}

/** Removes the person's timer and answers it (once: two stops at once record one entry). */
export async function takeTimer(db: Database, userId: string): Promise<TimerRow | undefined> {
  const [row] = await db.delete(timeTimers).where(eq(timeTimers.userId, userId)).returning();
  return row;
}

export async function ratesOf(db: Database, userId: string): Promise<{ costRate: number; billRate: number }> {
  const [row] = await db.select({ costRate: timeRates.costRate, billRate: timeRates.billRate }).from(timeRates).where(eq(timeRates.userId, userId)).limit(1);
  return row ?? { costRate: 0, billRate: 0 };
}

export async function saveRates(db: Database, firmId: string, userId: string, rates: { costRate: number; billRate: number }): Promise<void> {
  await db
    .insert(timeRates)
    .values({ firmId, userId, ...rates })
    .onConflictDoUpdate({ target: timeRates.userId, set: { ...rates, updatedAt: new Date() } });
}

/** The firm's people who keep time: its own account and its active employees, by name. */
export async function peopleOfFirm(db: Database, firmId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: users.id, name: users.userName })
    .from(users)
    .where(and(or(eq(users.id, firmId), eq(users.firmId, firmId)), isNull(users.deactivatedAt), isNull(users.unconfirmedSince)))
    .orderBy(asc(users.userName), asc(users.id));
}

export async function stagesOfProject(db: Database, firmId: string, projectId: string) {
  return db
    .select({ id: feeStages.id, name: feeStages.name })
    .from(feeStages)
    .innerJoin(feeAgreements, eq(feeAgreements.id, feeStages.agreementId))
    .where(and(eq(feeAgreements.projectId, projectId), eq(feeAgreements.firmId, firmId)))
    .orderBy(asc(feeStages.position));
}

export async function tasksOfProject(db: Database, projectId: string) {
  return db
    .select({ id: tasks.id, name: sql<string>`coalesce(${tasks.title}, left(${tasks.description}, 60))` })
    .from(tasks)
    .where(eq(tasks.projectId, projectId))
    .orderBy(asc(tasks.createdAt))
    .limit(200);
}

/** Approved billable time of a project not yet billed, with each entry's person and stage (locked inside a transaction). */
export async function unbilledTime(db: Database, projectId: string, lock = false) {
  const query = db
    .select({ id: timeEntries.id, userId: timeEntries.userId, person: users.userName, stageId: timeEntries.stageId, stageName: feeStages.name, minutes: timeEntries.minutes, billRate: timeEntries.billRate, workDate: timeEntries.workDate })
    .from(timeEntries)
    .innerJoin(users, eq(users.id, timeEntries.userId))
    .leftJoin(feeStages, eq(feeStages.id, timeEntries.stageId))
    .leftJoin(invoices, eq(invoices.id, timeEntries.invoiceId))
    .where(and(eq(timeEntries.projectId, projectId), eq(timeEntries.billable, true), isNotNull(timeEntries.approvedAt), unbilled))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id));
  return lock ? query.for('update', { of: timeEntries }) : query;
}

export async function markBilled(tx: Database, ids: string[], invoiceId: string): Promise<void> {
  if (ids.length) await tx.update(timeEntries).set({ invoiceId, version: sql`${timeEntries.version} + 1`, updatedAt: new Date() }).where(inArray(timeEntries.id, ids));
}

export async function insertTimeBilling(tx: Database, values: Omit<typeof timeBillings.$inferInsert, 'id'>): Promise<void> {
  await tx.insert(timeBillings).values({ id: newId(), ...values });
}

/** Time billed on a project (before GST), leaving out voided invoices. */
export async function timeBilledOn(db: Database, projectId: string): Promise<number> {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${timeBillings.amount}), 0)::bigint` })
    .from(timeBillings)
    .innerJoin(invoices, eq(invoices.id, timeBillings.invoiceId))
    .where(and(eq(timeBillings.projectId, projectId), ne(invoices.status, 'void')));
  return Number(row?.amount ?? 0);
}
