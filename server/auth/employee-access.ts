import { isId } from '../contract/http.js';
import { EMPLOYEE_MESSAGES as M, mayGrantSubAdmin, mayManageEmployee } from '../contract/employees-rules.js';
import type { Database } from '../db/connection.js';
import { forbidden, notFound } from '../errors.js';
import { findEmployee } from '../queries/employees.js';
import type { UserRow } from '../queries/users.js';
import { requireFirmAccess, type FirmMembership } from './firm.js';
import type { Session } from './session.js';

/**
 * Who may manage a firm's employees (DESIGN.md sections 9 and 10,
 * docs/decisions/237): the firm account manages everyone and alone grants or removes sub-admin
 * access; a sub-admin manages plain employees only, and changes its own password and email in
 * Setting like anyone. A plain employee manages nobody (403 before any id is looked at); another
 * firm's employee, the firm account and an unknown id answer 404.
 */

/** The caller's firm, for listing and adding employees: `grantsSubAdmin` when the new one is a sub-admin. */
export function requireEmployeesManager(session: Session, grantsSubAdmin = false): FirmMembership {
  const firm = requireFirmAccess(session.user, 'manage');
  if (grantsSubAdmin && !mayGrantSubAdmin(firm)) throw forbidden(M.grantOnlyByFirm);
  return firm;
}

/** What a call changes of an employee: its sub-admin access (the value asked for), or its state. */
export type EmployeeChange = { isSubAdmin?: boolean; deactivate?: boolean };

/** An employee of the caller's firm that the caller may change as `change` says. */
export async function requireEmployeeManagement(db: Database, session: Session, id: string, change: EmployeeChange = {}): Promise<{ firm: FirmMembership; employee: UserRow }> {
  const firm = requireEmployeesManager(session);
  const employee = isId(id) ? await findEmployee(db, firm.firmId, id) : undefined;
  if (!employee) throw notFound(M.notFound);
  const viewer = { id: session.user.id, isOwner: firm.isOwner };
  if (!mayManageEmployee(viewer, employee)) {
    if (employee.id === session.user.id) throw forbidden(change.deactivate ? M.ownDeactivate : M.ownInSetting);
    throw forbidden(M.subAdminOnlyByFirm);
  }
  if (change.isSubAdmin !== undefined && change.isSubAdmin !== employee.isSubAdmin && !mayGrantSubAdmin(viewer)) throw forbidden(M.grantOnlyByFirm);
  return { firm, employee };
}
