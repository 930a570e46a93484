import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { EMPLOYEE_MESSAGES, type Employee } from '../contract/employees.js';
import { notFound } from '../errors.js';
import { writeAtVersion } from './versions.js';
import type { Database } from '../db/connection.js';
import { users } from '../db/schema/index.js';
import type { UserRow } from './users.js';

/** Data access of a firm's employees (users of role `employee` with its `firmId`) and their JSON. */

export function toEmployeeJson(row: UserRow): Employee {
  return {
    id: row.id,
    name: row.userName,
    designation: row.designation ?? '',
    email: row.email,
    contactNo: row.contactNo ?? '',
    address: row.address ?? '',
    isSubAdmin: row.isSubAdmin,
    canSeeFinancials: row.canSeeFinancials,
    active: row.deactivatedAt === null,
    awaitingConfirmation: row.unconfirmedSince !== null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

const ofFirm = (firmId: string) => and(eq(users.firmId, firmId), eq(users.role, 'employee'));

/** The firm's employees, active first, then by name (through users_firm_id_idx). */
export function listEmployees(db: Database, firmId: string) {
  return db
    .select()
    .from(users)
    .where(ofFirm(firmId))
    .orderBy(sql`${users.deactivatedAt} is not null`, asc(sql`lower(${users.userName})`), asc(users.id));
}

/** The firm's active employees (the people a task may be given to). */
export function listActiveEmployees(db: Database, firmId: string) {
  return db
    .select({ id: users.id, userName: users.userName, designation: users.designation, email: users.email })
    .from(users)
    .where(and(ofFirm(firmId), isNull(users.deactivatedAt)))
    .orderBy(asc(sql`lower(${users.userName})`), asc(users.id));
}

/** An employee of the firm, or undefined (another firm's, the firm account, unknown). */
export async function findEmployee(db: Database, firmId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), ofFirm(firmId))).limit(1);
  return row;
}

/** Which of `ids` are active employees of the firm. */
export async function activeEmployeesAmong(db: Database, firmId: string, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db.select().from(users).where(and(inArray(users.id, ids), ofFirm(firmId), isNull(users.deactivatedAt)));
}

/** Accounts by id (the people a task mail goes to). */
export function findUsersByIds(db: Database, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, ids));
}

// Confirmation of an employee's address (docs/decisions/236) -----------------

/** How long a firm's new employee account waits for its person: then the link dies and the account lapses. */
export const CONFIRMATION_DAYS = 7;
const CONFIRMATION_MS = CONFIRMATION_DAYS * 24 * 60 * 60 * 1000;

/** When an unconfirmed account lapses. */
export const lapsesAt = (row: Pick<UserRow, 'unconfirmedSince'>) => new Date((row.unconfirmedSince ?? new Date()).getTime() + CONFIRMATION_MS);

type NewEmployee = Omit<typeof users.$inferInsert, 'id' | 'role' | 'loginType' | 'firmId' | 'unconfirmedSince'>;

/** A firm's new employee account, unconfirmed, with the hash of its welcome link. */
export async function insertUnconfirmedEmployee(db: Database, id: string, firmId: string, values: NewEmployee, tokenHash: string): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, id, role: 'employee', loginType: 'normal', firmId, unconfirmedSince: new Date(), confirmationTokenHash: tokenHash })
    .returning();
  return row!;
}

/** A new welcome link for an unconfirmed account (the old one dies); undefined once it is confirmed. */
export async function renewConfirmationToken(db: Database, id: string, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ confirmationTokenHash: tokenHash, updatedAt: new Date() }).where(and(eq(users.id, id), isNotNull(users.unconfirmedSince))).returning();
  return row;
}

/** The unconfirmed account of a welcome link still running, or undefined. */
export async function findByConfirmationToken(db: Database, tokenHash: string, now = new Date()): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.confirmationTokenHash, tokenHash), gt(users.unconfirmedSince, new Date(now.getTime() - CONFIRMATION_MS))))
    .limit(1);
  return row;
}

/** Its person confirmed the address: the account signs in from now on. Undefined when it was no longer waiting. */
export async function markConfirmed(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    // The welcome link came by mail: the address is proven (decision 340).
    .set({ unconfirmedSince: null, confirmationTokenHash: null, emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, id), isNotNull(users.unconfirmedSince)))
    .returning();
  return row;
}

/** Deletes an account that is still unconfirmed (never a confirmed one); undefined when there was none. */
export async function deleteUnconfirmed(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.delete(users).where(and(eq(users.id, id), isNotNull(users.unconfirmedSince))).returning();
  return row;
}

/** Deletes the accounts unconfirmed for CONFIRMATION_DAYS (the housekeeping), answering them. */
export function deleteLapsedUnconfirmed(db: Database, now = new Date()): Promise<UserRow[]> {
  return db
    .delete(users)
    .where(and(isNotNull(users.unconfirmedSince), lte(users.unconfirmedSince, new Date(now.getTime() - CONFIRMATION_MS))))
    .returning();
}

/** The firm's plain employee (not a sub-admin, whose access does not come from members) with this email, or undefined. */
export async function findPlainEmployeeByEmail(db: Database, firmId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(ofFirm(firmId), eq(users.isSubAdmin, false), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row;
}

/** Changes an employee's record from the version it was read at (docs/decisions/320): 409 when changed meanwhile, 404 when gone. */
export async function updateEmployee(db: Database, id: string, actorId: string, version: number, set: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  return writeAtVersion(db, users, { key: eq(users.id, id), version, actorId, set, toJson: toEmployeeJson, missing: () => notFound(EMPLOYEE_MESSAGES.notFound) });
}
