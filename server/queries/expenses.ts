import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { files, invoices, projectExpenses, users } from '../db/schema/index.js';

/** Reads and writes of a project's expenses (docs/decisions/374). */

export type ExpenseRow = typeof projectExpenses.$inferSelect;

/** An expense is billed while the invoice that billed it stands: a voided invoice gives it back. */
const unbilled = or(isNull(projectExpenses.invoiceId), eq(invoices.status, 'void'));

export async function expensesOf(db: Database, projectId: string) {
  return db
    .select({ expense: projectExpenses, paidByName: users.userName, receiptName: files.fileName, invoiceStatus: invoices.status })
    .from(projectExpenses)
    .leftJoin(users, eq(users.id, projectExpenses.paidBy))
    .leftJoin(files, eq(files.id, projectExpenses.receiptFileId))
    .leftJoin(invoices, eq(invoices.id, projectExpenses.invoiceId))
    .where(eq(projectExpenses.projectId, projectId))
    .orderBy(asc(projectExpenses.spentOn), asc(projectExpenses.createdAt))
    .limit(2000);
}

export async function countExpenses(db: Database, projectId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projectExpenses).where(eq(projectExpenses.projectId, projectId));
  return row?.n ?? 0;
}

export async function findExpense(db: Database, projectId: string, id: string) {
  const [row] = await db
    .select({ expense: projectExpenses, invoiceStatus: invoices.status })
    .from(projectExpenses)
    .leftJoin(invoices, eq(invoices.id, projectExpenses.invoiceId))
    .where(and(eq(projectExpenses.id, id), eq(projectExpenses.projectId, projectId)))
    .limit(1);
  return row;
}

export async function insertExpense(db: Database, values: Omit<typeof projectExpenses.$inferInsert, 'id'>): Promise<ExpenseRow> {
  const [row] = await db
    .insert(projectExpenses)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function deleteExpense(db: Database, id: string): Promise<void> {
  await db.delete(projectExpenses).where(eq(projectExpenses.id, id));
}

export async function markReimbursed(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(projectExpenses)
    .set({ reimbursedAt: new Date() })
    .where(and(eq(projectExpenses.id, id), isNull(projectExpenses.reimbursedAt)))
    .returning({ id: projectExpenses.id });
  return rows.length > 0;
}

/** The billable expenses not yet billed, locked: two managers billing at once bill them once. */
export async function unbilledExpenses(tx: Database, projectId: string) {
  return tx
    .select({ expense: projectExpenses })
    .from(projectExpenses)
    .leftJoin(invoices, eq(invoices.id, projectExpenses.invoiceId))
    .where(and(eq(projectExpenses.projectId, projectId), eq(projectExpenses.billable, true), unbilled))
    .orderBy(asc(projectExpenses.spentOn), asc(projectExpenses.createdAt), asc(projectExpenses.id))
    .for('update', { of: projectExpenses });
}

export async function markExpensesBilled(tx: Database, ids: string[], invoiceId: string): Promise<void> {
  if (ids.length) await tx.update(projectExpenses).set({ invoiceId }).where(inArray(projectExpenses.id, ids));
}

export async function projectFiles(db: Database, projectId: string) {
  return db.select({ id: files.id, name: files.fileName }).from(files).where(eq(files.projectId, projectId)).orderBy(asc(files.fileName)).limit(500);
}
