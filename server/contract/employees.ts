import { z } from 'zod/v4';
import { ErrorReply, IdParams, MessageReply, StaleReply, withVersion } from './http.js';
import { ConfirmationTokenParams, PendingAccountReply } from './employee-confirmation.js';
import { operationsOf } from './operation.js';
import { DESIGNATIONS, EMPLOYEE_LIMITS as L, EMPLOYEE_MESSAGES as M } from './employees-rules.js';
import { requiredText } from './text-fields.js';

/**
 * The employees of a firm (workspace-and-admin.md screen 11, section 5; DESIGN.md section 9):
 * real accounts of role `employee`. The form's fields with the spec's messages, one at a time.
 */

export { DESIGNATIONS, EMPLOYEE_MESSAGES, EMPTY_EMPLOYEES } from './employees-rules.js';

const checkbox = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1');

const fields = {
  name: requiredText(M.nameRequired, L.name),
  designation: z.string({ error: M.designationRequired }).trim().min(1, M.designationRequired).pipe(z.enum(DESIGNATIONS, { error: M.designationRequired })).meta({ enum: [...DESIGNATIONS] }),
  designationOther: z.string().trim().max(L.designation, `At most ${L.designation} characters`).optional(),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, { error: M.emailRequired, abort: true })
    .max(L.email, `At most ${L.email} characters`)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, M.emailInvalid)
    .transform((v) => v.toLowerCase()),
  mobile: z
    .string({ error: M.mobileRequired })
    .trim()
    .min(1, { error: M.mobileRequired, abort: true })
    .regex(/^\d{10}$/, M.mobileDigits),
  address: requiredText(M.addressRequired, L.address),
  isSubAdmin: checkbox,
  /** docs/decisions/258: Sees and edits trade prices, profit and markup; off by default. */
  canSeeFinancials: checkbox,
};

type Passwords = { password?: string | undefined; confirmPassword?: string | undefined };

/** "Other" needs its free text; the passwords must match. */
function refine<T extends { designation: string; designationOther?: string | undefined } & Passwords>(value: T, ctx: z.RefinementCtx) {
  if (value.designation === 'Other' && !value.designationOther) ctx.addIssue({ code: 'custom', path: ['designationOther'], message: M.otherRequired });
  if (value.password && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: value.confirmPassword ? M.mismatch : M.confirmRequired });
  }
}

/** One message at a time: an empty password is required, not also short. */
const password = z.string({ error: M.passwordRequired }).superRefine((value, ctx) => {
  if (!value) ctx.addIssue({ code: 'custom', message: M.passwordRequired });
  else if (value.length < 6) ctx.addIssue({ code: 'custom', message: M.passwordShort });
  else if (value.length > 128) ctx.addIssue({ code: 'custom', message: 'Password must be at most 128 characters long' });
}).meta({ minLength: 6, maxLength: 128 });

/** POST /api/employees: every field, the password twice. */
export const CreateEmployeeBody = z
  .object({ ...fields, password, confirmPassword: z.string({ error: M.confirmRequired }).max(128).optional() })
  .superRefine(refine);
export type CreateEmployeeBody = z.input<typeof CreateEmployeeBody>;

/** PUT /api/employees/{id}: the same, the password only when it changes (blank keeps it). */
export const UpdateEmployeeBody = z
  .object({
    ...fields,
    password: z
      .string()
      .max(128)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(password.optional()),
    confirmPassword: z.string().max(128).optional(),
  })
  .superRefine(refine);
export type UpdateEmployeeBody = z.input<typeof UpdateEmployeeBody>;
/** PUT: the details and the version of the employee's record they were read at (docs/decisions/320). */
export const EmployeeChangesBody = withVersion(UpdateEmployeeBody);
export type EmployeeChangesBody = z.input<typeof EmployeeChangesBody>;

export const Employee = z.object({
  id: z.string(),
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  contactNo: z.string(),
  address: z.string(),
  isSubAdmin: z.boolean(),
  canSeeFinancials: z.boolean(),
  active: z.boolean(),
  /** Created by the firm and not yet confirmed by its person (docs/decisions/236). */
  awaitingConfirmation: z.boolean(),
  deactivatedAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export type Employee = z.infer<typeof Employee>;
export const EmployeeStaleReply = StaleReply(Employee);

/** GET /api/employees: the firm's employees, and whether the caller is the firm account itself. */
export const EmployeesReply = z.object({ data: z.object({ employees: z.array(Employee), viewer: z.object({ id: z.string(), isOwner: z.boolean() }) }) });
export type EmployeesReply = z.infer<typeof EmployeesReply>;

export const EmployeeReply = z.object({ data: Employee });
export type EmployeeReply = z.infer<typeof EmployeeReply>;

const op = operationsOf('workspace', ['employees']);
/** The welcome mail is checked and counted before the work (docs/decisions/235): 429 past the firm's allowance. */
const mailed = { 429: ErrorReply } as const;

/**
 * The employees' operations (docs/decisions/110, 236, 370), scope `workspace`, managed by the firm
 * and its sub-admins: the api registers them (server/routes/employees/) and the web calls them
 * (app/models/employees.server.ts).
 */
export const employeeOperations = {
  list: op({ method: 'GET', path: '/employees', summary: "The firm's employees (firm and sub-admins)", replies: { 200: EmployeesReply, 404: ErrorReply } }),
  create: op({
    method: 'POST',
    path: '/employees',
    summary: 'Create an employee account of the firm',
    body: CreateEmployeeBody,
    replies: { 201: EmployeeReply, 404: ErrorReply, 409: ErrorReply, ...mailed },
  }),
  update: op({
    method: 'PUT',
    path: '/employees/:id',
    summary: "Change an employee's details from the `version` read (a blank password keeps it); 409 with the current details when changed meanwhile",
    params: IdParams,
    body: EmployeeChangesBody,
    // 429: a corrected address of an account still waiting is sent a new welcome link.
    replies: { 200: EmployeeReply, 404: ErrorReply, 409: EmployeeStaleReply, ...mailed },
  }),
  resendConfirmation: op({
    method: 'POST',
    path: '/employees/:id/resend-confirmation',
    summary: 'Send an unconfirmed employee a new welcome link (the old one dies; the account still lapses 7 days after it was created)',
    params: IdParams,
    replies: { 200: EmployeeReply, 404: ErrorReply, 409: ErrorReply, ...mailed },
  }),
  deactivate: op({
    method: 'POST',
    path: '/employees/:id/deactivate',
    summary: 'Deactivate an employee: its sessions end at once; its history stays',
    params: IdParams,
    replies: { 200: EmployeeReply, 404: ErrorReply },
  }),
  reactivate: op({
    method: 'POST',
    path: '/employees/:id/reactivate',
    summary: 'Let a deactivated employee sign in again',
    params: IdParams,
    replies: { 200: EmployeeReply, 404: ErrorReply },
  }),
} as const;

const publicOp = operationsOf('public', ['employees']);

/**
 * The welcome link's operations (docs/decisions/236, 370), scope `public`: the link is the key; a
 * used, lapsed or unknown one answers 404.
 */
export const employeeConfirmationOperations = {
  pending: publicOp({
    method: 'GET',
    path: '/employees/confirmation/:token',
    summary: 'Who added this address, before its owner confirms or declines it',
    params: ConfirmationTokenParams,
    replies: { 200: PendingAccountReply, 404: ErrorReply },
  }),
  confirm: publicOp({
    method: 'POST',
    path: '/employees/confirmation/:token/confirm',
    summary: 'The owner of the address confirms the account: it signs in from now on',
    params: ConfirmationTokenParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
  notMe: publicOp({
    method: 'POST',
    path: '/employees/confirmation/:token/not-me',
    summary: 'This was not me: the account is removed, the address free, the firm told',
    params: ConfirmationTokenParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
} as const;
