import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod/v4';
import { email as emailRule, newPassword } from '../contract/users.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { subAdmins, users } from '../db/schema/index.js';
import { recordAudit } from './audit.js';
import { findUserByEmail } from './users.js';
import { hashPassword } from '../services/passwords.js';
import { revokeAllSessions } from './sessions.js';
import { setCredentials } from './credentials.js';

export const SuperAdminInput = z.object({
  email: emailRule(),
  // A stronger minimum than the product's 6: this account decides which firms the public sees.
  password: newPassword().pipe(z.string().min(8, 'The super-admin password must be at least 8 characters long')),
  name: z.string().trim().min(1).max(80).default('Super Admin'),
  /** Turn an existing ordinary account into the super-admin (it then signs in only at /admin/login). */
  promote: z.boolean().default(false),
});
export type SuperAdminInput = z.input<typeof SuperAdminInput>;

export class SuperAdminError extends Error {}

/**
 * Creates the super-admin, or resets an existing super-admin's password (ending its sessions).
 * An ordinary account with the same email is left alone unless `promote` is set.
 */
export async function createOrResetSuperAdmin(db: Database, input: SuperAdminInput) {
  const parsed = SuperAdminInput.safeParse(input);
  if (!parsed.success) throw new SuperAdminError(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
  const { email, password, name, promote } = parsed.data;
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);

  if (!existing) {
    const [row] = await db
      .insert(users)
      .values({ id: newId(), userName: name, email, passwordHash, role: 'explorer', isSuperAdmin: true })
      .returning();
    await recordAudit(db, { actorId: null, action: 'admin.created', targetType: 'user', targetId: row!.id, details: { email, via: 'cli' } });
    return { action: 'created' as const, user: row! };
  }
  if (!existing.isSuperAdmin && !promote) {
    throw new SuperAdminError(
      `${email} belongs to an ordinary account. Use another email, or pass --promote to make that account the super-admin ` +
        '(it will then sign in only at /admin/login).',
    );
  }
  const action = existing.isSuperAdmin ? ('reset' as const) : ('promoted' as const);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, isSuperAdmin: true, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    // A reset password ends every session of the account, admin and user alike.
    await revokeAllSessions(tx, existing.id);
    // The command line makes owners (docs/decisions/127): a sub-admin it resets becomes one.
    await tx.delete(subAdmins).where(eq(subAdmins.userId, existing.id));
    await recordAudit(tx, { actorId: null, action: `admin.${action}`, targetType: 'user', targetId: existing.id, details: { email, via: 'cli' } });
    return updated!;
  });
  return { action, user: row };
}

// Sub admins and the admin's own password (docs/decisions/127) -------------------

/**
 * An owner is a super-admin made at the command line (`npm run admin:create`): no `sub_admins` row.
 * Only owners create and revoke sub-admins; sub-admins do everything else of the admin area.
 */
export async function isOwnerAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: subAdmins.userId }).from(subAdmins).where(eq(subAdmins.userId, userId)).limit(1);
  return row === undefined;
}

/** Every super-admin account, owners first, each with its level. */
export async function listAdmins(db: Database) {
  const rows = await db
    .select({ id: users.id, userName: users.userName, email: users.email, createdAt: users.createdAt, sub: sql<boolean>`${subAdmins.userId} is not null`.mapWith(Boolean) })
    .from(users)
    .leftJoin(subAdmins, eq(subAdmins.userId, users.id))
    .where(eq(users.isSuperAdmin, true))
    .orderBy(sql`${subAdmins.userId} is not null`, asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({ id: r.id, userName: r.userName, email: r.email, createdAt: r.createdAt, level: r.sub ? ('sub' as const) : ('owner' as const) }));
}

export class EmailTakenError extends Error {}

/** Creates a sub-admin account (it signs in only at /admin/login), audited. */
export async function createSubAdmin(db: Database, owner: { id: string; email: string }, input: { name: string; email: string; password: string }) {
  if (await findUserByEmail(db, input.email)) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ id: newId(), userName: input.name, email: input.email, passwordHash, role: 'explorer', isSuperAdmin: true })
      .returning();
    await tx.insert(subAdmins).values({ userId: row!.id, createdBy: owner.id });
    await recordAudit(tx, { actorId: owner.id, action: 'admin.sub_created', targetType: 'user', targetId: row!.id, details: { email: input.email, by: owner.email } });
    return row!;
  });
}

/**
 * Revokes a sub-admin: its account goes, and with it (cascade) every session, so its token answers
 * 401 on the next call. Answers false when `id` is not a sub-admin (an owner cannot be revoked here).
 */
export function revokeSubAdmin(db: Database, owner: { id: string; email: string }, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(subAdmins, eq(subAdmins.userId, users.id))
      .where(and(eq(users.id, id), eq(users.isSuperAdmin, true)))
      .limit(1);
    if (!target) return false;
    await revokeAllSessions(tx, target.id);
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, { actorId: owner.id, action: 'admin.sub_revoked', targetType: 'user', targetId: target.id, details: { email: target.email, by: owner.email } });
    return true;
  });
}

/** Sets an admin's own new password and ends its other sessions (the current one stays), audited. */
export function changeAdminPassword(db: Database, adminId: string, keepSessionId: string, newPasswordText: string) {
  return hashPassword(newPasswordText).then((passwordHash) =>
    db.transaction(async (tx) => {
      await setCredentials(tx, adminId, { passwordHash }, keepSessionId);
      await recordAudit(tx, { actorId: adminId, action: 'admin.password_changed', targetType: 'user', targetId: adminId });
    }),
  );
}
