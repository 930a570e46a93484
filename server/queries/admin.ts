import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { StatisticsReply, VerificationQuery, VerificationRow, VerificationStatus } from '../contract/admin.js';
import { VERIFY } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { projects, users } from '../db/schema/index.js';
import { recordAudit } from './audit.js';
import { likePattern } from './sql.js';
import type { UserRow } from './users.js';

/** The super-admin's verification queue (workspace-and-admin.md sections 4, 7 and 9). */

export const STATUS_VALUES: Record<VerificationStatus, number[]> = {
  pending: [VERIFY.pending],
  approved: [VERIFY.approved],
  rejected: [VERIFY.rejected],
  all: [VERIFY.pending, VERIFY.approved, VERIFY.rejected],
};

export function toVerificationRow(row: UserRow): VerificationRow {
  return {
    id: row.id,
    userName: row.userName,
    firmName: row.firmName,
    firmType: row.firmType,
    email: row.email,
    businessEmail: row.businessEmail,
    contactNo: row.contactNo,
    website: row.website,
    address: row.address,
    country: row.country,
    state: row.state,
    city: row.city,
    isVerify: row.isVerify,
    verifyNote: row.verifyNote,
    documentName: row.documentKey ? row.documentName : null,
    hasDocument: row.documentKey !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How many registrations wait, were approved and were rejected. */
export async function verificationStatistics(db: Database): Promise<StatisticsReply> {
  const rows = await db
    .select({ isVerify: users.isVerify, n: count() })
    .from(users)
    .where(and(inArray(users.isVerify, STATUS_VALUES.all), eq(users.isSuperAdmin, false)))
    .groupBy(users.isVerify);
  const n = (value: number) => Number(rows.find((r) => r.isVerify === value)?.n ?? 0);
  return { pending: n(VERIFY.pending), approved: n(VERIFY.approved), rejected: n(VERIFY.rejected) };
}

/** One page of registrations of a status, searched over name, firm name and both emails. */
export async function verificationPage(db: Database, query: VerificationQuery): Promise<{ userList: VerificationRow[]; count: number }> {
  const { search, page, limit, status } = query;
  // PostgreSQL text cannot hold a NUL: no row matches such a search.
  if (search?.includes('\u0000')) return { userList: [], count: 0 };
  const conditions: SQL[] = [inArray(users.isVerify, STATUS_VALUES[status]), eq(users.isSuperAdmin, false)];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(or(ilike(users.userName, pattern), ilike(users.firmName, pattern), ilike(users.email, pattern), ilike(users.businessEmail, pattern))!);
  }
  const where = and(...conditions);
  // The queue shows the longest-waiting registration first; decided ones the latest first.
  const order = status === 'pending' ? [asc(users.updatedAt), asc(users.id)] : [desc(users.updatedAt), asc(users.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { userList: rows.map(toVerificationRow), count: Number(total?.n ?? 0) };
}

/**
 * Records a decision on a registration with its audit line, in one transaction. The update holds
 * only if the registration is still in the state the admin saw (`target.isVerify`): undefined when
 * it changed meanwhile (another admin, a resubmission).
 */
export function decideRegistration(
  db: Database,
  { admin, target, decision, note }: { admin: UserRow; target: UserRow; decision: number; note: string | null },
): Promise<UserRow | undefined> {
  const approve = decision === VERIFY.approved;
  return db.transaction(async (tx) => {
    // The firm's projects before the firm: the order every write of their `listed` flags locks them
    // in (migration 0018), so a privacy toggle at the same moment waits instead of deadlocking.
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.userId, target.id)).orderBy(projects.id).for('update');
    const [row] = await tx
      .update(users)
      .set({ isVerify: decision, verifyNote: note, role: target.firmType!, updatedAt: new Date() })
      .where(and(eq(users.id, target.id), eq(users.isVerify, target.isVerify)))
      .returning();
    if (!row) return undefined;
    await recordAudit(tx, {
      actorId: admin.id,
      action: approve ? 'firm.approved' : 'firm.rejected',
      firmId: target.id,
      targetType: 'user',
      targetId: target.id,
      details: {
        decision: approve ? 'approved' : 'rejected',
        isVerify: decision,
        previousVerify: target.isVerify,
        note,
        firmName: target.firmName,
        email: target.email,
        admin: admin.email,
      },
    });
    return row;
  });
}
