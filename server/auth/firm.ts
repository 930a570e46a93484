import { isFirmRole } from '../contract/vocabulary.js';
import { forbidden } from '../errors.js';
import type { UserRow } from '../queries/users.js';

export const WORKSPACE_ONLY = 'Only a firm and its employees can use the workspace';
export const MANAGERS_ONLY = 'Only the firm and its sub-admins can do this';

/**
 * The firm an account acts for (DESIGN.md section 9): a firm account is its own firm and manages
 * everything of it; an employee acts for its `firmId` and manages only when it is a sub-admin; a
 * plain employee works on the projects it is a member of. Anyone else has no firm (null).
 */
export type FirmMembership = {
  /** The firm account's user id: the owner of every workspace object of the firm. */
  firmId: string;
  /** The firm account or a sub-admin: may manage projects, members, employees. */
  canManage: boolean;
  /** The account is the firm itself (not an employee). */
  isOwner: boolean;
};

export function firmOf(user: Pick<UserRow, 'id' | 'role' | 'firmId' | 'isSubAdmin' | 'isSuperAdmin'>): FirmMembership | null {
  if (user.isSuperAdmin) return null;
  if (isFirmRole(user.role)) return { firmId: user.id, canManage: true, isOwner: true };
  if (user.role === 'employee' && user.firmId) return { firmId: user.firmId, canManage: user.isSubAdmin, isOwner: false };
  return null;
}

/**
 * The caller's firm for a workspace call that names no project (list the projects, create one,
 * manage employees): 403 for an account without a firm, and for a plain employee when the call
 * needs 'manage'.
 */
export function requireFirmAccess(user: Parameters<typeof firmOf>[0], need: 'manage' | 'work'): FirmMembership {
  const firm = firmOf(user);
  if (!firm) throw forbidden(WORKSPACE_ONLY);
  if (need === 'manage' && !firm.canManage) throw forbidden(MANAGERS_ONLY);
  return firm;
}
