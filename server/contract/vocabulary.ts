/** The fixed vocabularies of the product (DESIGN.md section 7), one list each, shared by api, web and seed. */

export const FIRM_ROLES = ['architect', 'interiorDesigner', 'architectureAndInterior'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];

export const SIGNUP_ROLES = ['explorer', ...FIRM_ROLES] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const ROLES = [...SIGNUP_ROLES, 'employee'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  explorer: 'Explorer',
  architect: 'Architecture',
  interiorDesigner: 'Interior',
  architectureAndInterior: 'Architecture and Interior',
  employee: 'Employee',
};

export const LOGIN_TYPES = ['normal', 'google', 'apple'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

export function isFirmRole(role: string): role is FirmRole {
  return (FIRM_ROLES as readonly string[]).includes(role);
}

/** Firm verification (isVerify). */
export const VERIFY = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;
/** What a firm waiting for verification is promised (the banner, the dialog, the e-mail). */
export const VERIFICATION_PROMISE = 'Your account will be verified within 48 business hours';

const SECTORS = [
  ['residential', 'Residential'],
  ['commercial', 'Commercial'],
  ['institutional', 'Institutional'],
  ['healthcare', 'Healthcare'],
  ['industrial', 'Industrial'],
  ['transportation', 'Transportation'],
  ['mixed-use', 'Mixed-Use'],
] as const;

export const PROJECT_TYPES: ReadonlyArray<{ value: string; label: string }> = [
  ...SECTORS.map(([key, label]) => ({ value: `interior-${key}`, label: `Interior Design – ${label}` })),
  { value: 'landscape-urban', label: 'Landscape & Urban Design' },
  ...SECTORS.map(([key, label]) => ({ value: `architecture-${key}`, label: `Architecture – ${label}` })),
];
export const PROJECT_TYPE_VALUES = PROJECT_TYPES.map((t) => t.value) as [string, ...string[]];

export function projectTypeLabel(value: string | null | undefined): string {
  return PROJECT_TYPES.find((t) => t.value === value)?.label ?? value ?? '';
}

export const DESIGN_TEAM_ROLES = ['Architect', 'Designer', 'Engineer', 'Manager'] as const;
export const DESIGNATIONS = ['Architect', 'Interior designer', 'Intern', 'Other'] as const;
