import { eq } from 'drizzle-orm';
import { z } from 'zod/v4';
import { email as emailRule, newPassword } from '../contract/users.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { users } from '../db/schema.js';
import { recordAudit } from '../queries/audit.js';
import { findUserByEmail } from '../queries/users.js';
import { hashPassword } from './passwords.js';
import { revokeAllSessions } from './sessions.js';

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
    await recordAudit(tx, { actorId: null, action: `admin.${action}`, targetType: 'user', targetId: existing.id, details: { email, via: 'cli' } });
    return updated!;
  });
  return { action, user: row };
}
