import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Employee } from '../contract/employees.js';
import type { Database } from '../db/connection.js';
import { users } from '../db/schema.js';
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
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
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
