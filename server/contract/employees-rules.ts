/**
 * The plain values of the Employees page (workspace-and-admin.md screen 11 and section 5): the
 * designations, the spec's messages and limits. No zod here, so browser code can use them; the
 * schemas of employees.ts are built from them.
 */

/** The spec's designation choices; 'Other' asks for a free-text designation. */
export const DESIGNATIONS = ['Architect', 'Interior designer', 'Intern', 'Other'] as const;
export type DesignationChoice = (typeof DESIGNATIONS)[number];

export const EMPLOYEE_LIMITS = { name: 80, designation: 60, email: 254, address: 300 } as const;

export const EMPLOYEE_MESSAGES = {
  nameRequired: 'Name is required',
  designationRequired: 'Designation is required',
  otherRequired: 'Designation is required',
  emailRequired: 'Email required',
  emailInvalid: 'Invalid email format',
  mobileRequired: 'Mobile number required',
  mobileDigits: 'Mobile number must be 10 digits',
  addressRequired: 'Address is required',
  passwordRequired: 'Password required',
  passwordShort: 'Password must be at least 6 characters long',
  confirmRequired: 'Confirm password required',
  mismatch: 'Passwords do not match',
  emailTaken: 'This email is already used by another account',
  notFound: 'Employee not found',
  ownSubAdmin: 'You cannot change your own sub-admin access',
  ownDeactivate: 'You cannot deactivate your own account',
  subAdminOnlyByFirm: 'Only the firm account can change or deactivate a sub-admin',
  grantOnlyByFirm: 'Only the firm account can grant or remove sub-admin access',
  ownInSetting: 'Change your own details, password and email in Setting',
  confirmedEmailIsTheirs: 'This employee has confirmed this email: only they can change it, in Setting',
  alreadyConfirmed: 'This employee has already confirmed the account',
  unconfirmed: 'Confirm your email first: open the link in the welcome mail your firm’s invitation sent you. Ask your firm to send it again if it has expired.',
  awaiting: 'Awaiting confirmation',
  deactivated: 'This account has been deactivated. Ask your firm to reactivate it.',
} as const;

/**
 * Who may manage whom among a firm's people (docs/decisions/237): the firm
 * account manages everyone; a sub-admin only plain employees (not itself, not another sub-admin),
 * and never grants sub-admin access. The api's access layer (server/auth/employee-access.ts) and
 * the web's controls read the same rule.
 */
export function mayManageEmployee(viewer: { id: string; isOwner: boolean }, target: { id: string; isSubAdmin: boolean }): boolean {
  return viewer.isOwner || (target.id !== viewer.id && !target.isSubAdmin);
}

export function mayGrantSubAdmin(viewer: { isOwner: boolean }): boolean {
  return viewer.isOwner;
}

/** Spec, screen 11: "No employees available". */
export const EMPTY_EMPLOYEES = 'No employees available';

/** The designation stored for a choice and its free text ('Other' stores what was typed). */
export function designationOf(choice: string, other: string | undefined): string {
  return choice === 'Other' ? (other ?? '').trim() : choice;
}

/** The form's choice and free text for a stored designation. */
export function designationChoice(stored: string | null): { designation: string; designationOther: string } {
  if (!stored) return { designation: '', designationOther: '' };
  return (DESIGNATIONS as readonly string[]).includes(stored) && stored !== 'Other'
    ? { designation: stored, designationOther: '' }
    : { designation: 'Other', designationOther: stored };
}
