import { z } from 'zod/v4';
import { email, newPassword } from './users.js';
import { ErrorReply, IdParams, MessageReply, pageNumber } from './http.js';
import { operationsOf } from './operation.js';
import { SubscriptionInvoice, SubscriptionPaymentFields } from './subscription-invoices.js';
import { Plan } from './subscription.js';
import { FIRM_PLAN_FILTERS, PAID_UNTIL_MAX_YEARS } from './subscription-rules.js';
import { SHOWCASE_FILTERS } from './admin-areas-rules.js';

export * from './admin-areas-rules.js';

/**
 * The super-admin's areas behind the sidebar: Workspace (firms and their plans),
 * Showcase moderation, Sub admins and Setting.
 */

const search = z
  .string()
  .max(200, 'Search at most 200 characters')
  .optional()
  .transform((v) => v?.replaceAll('\u0000', '').trim() || undefined);

// Workspace ---------------------------------------------------------------------------------------

export const AdminFirmsQuery = z.object({
  search,
  filter: z.enum(FIRM_PLAN_FILTERS, { error: `filter must be one of ${FIRM_PLAN_FILTERS.join(', ')}` }).default('all'),
  page: pageNumber,
});
export type AdminFirmsQuery = Partial<z.infer<typeof AdminFirmsQuery>>;

export const AdminFirmRow = z.object({
  id: z.string(),
  userName: z.string(),
  firmName: z.string().nullable(),
  email: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  isVerify: z.number().int(),
  plan: Plan,
  /** The firm's time zone: the admin sees each firm's dates as the firm does (decision 265). */
  timeZone: z.string(),
  /** The firm's latest subscription invoice, or null. */
  invoice: SubscriptionInvoice.nullable(),
});
export type AdminFirmRow = z.infer<typeof AdminFirmRow>;
export const AdminFirmsReply = z.object({ data: z.object({ firms: z.array(AdminFirmRow), count: z.number().int() }) });
export type AdminFirmsReply = z.infer<typeof AdminFirmsReply>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** PUT /api/admin/firms/{id}/subscription: paid until the end of that day (UTC). */
export const MarkPaidBody = z.object({
  paidUntil: z
    .string({ error: 'Choose the date the subscription is paid until' })
    .regex(DATE, 'Choose the date the subscription is paid until')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'That is not a date')
    .refine((v) => new Date(`${v}T23:59:59.999Z`).getTime() > Date.now(), 'The date must be today or later')
    .refine(
      (v) => new Date(`${v}T00:00:00Z`).getTime() < Date.now() + PAID_UNTIL_MAX_YEARS * 366 * 24 * 3600 * 1000,
      `At most ${PAID_UNTIL_MAX_YEARS} years ahead`,
    )
    .meta({ format: 'date' }),
  /** How the firm paid its subscription invoice, when it has one still owed (its receipt says so). */
  ...SubscriptionPaymentFields,
});
export type MarkPaidBody = z.input<typeof MarkPaidBody>;

// Showcase moderation -----------------------------------------------------------------------------

export const ModerationQuery = z.object({
  search,
  filter: z.enum(SHOWCASE_FILTERS, { error: `filter must be one of ${SHOWCASE_FILTERS.join(', ')}` }).default('all'),
  page: pageNumber,
});
export type ModerationQuery = Partial<z.infer<typeof ModerationQuery>>;

export const Hidden = z.object({ reason: z.string(), hiddenAt: z.string() }).nullable();

export const ModerationProjectRow = z.object({
  id: z.string(),
  projectName: z.string(),
  projectType: z.string(),
  firmId: z.string(),
  firmName: z.string(),
  createdAt: z.string(),
  hidden: Hidden,
  /** The whole portfolio of its firm is hidden (the project is then hidden too). */
  firmHidden: z.boolean(),
  /** Its firm's time zone (decision 265). */
  timeZone: z.string(),
});
export type ModerationProjectRow = z.infer<typeof ModerationProjectRow>;
export const ModerationProjectsReply = z.object({ data: z.object({ projects: z.array(ModerationProjectRow), count: z.number().int() }) });
export type ModerationProjectsReply = z.infer<typeof ModerationProjectsReply>;

export const ModerationFirmRow = z.object({
  id: z.string(),
  firmName: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  projectCount: z.number().int(),
  hidden: Hidden,
  /** The firm's time zone (decision 265). */
  timeZone: z.string(),
});
export type ModerationFirmRow = z.infer<typeof ModerationFirmRow>;
export const ModerationFirmsReply = z.object({ data: z.object({ firms: z.array(ModerationFirmRow), count: z.number().int() }) });
export type ModerationFirmsReply = z.infer<typeof ModerationFirmsReply>;

/** PUT /api/admin/showcase/projects/{id} and /firms/{id}: hide (a reason is required) or show again. */
export const VisibilityBody = z
  .object({
    hidden: z.boolean({ error: 'hidden must be true or false' }),
    reason: z.string().trim().max(500, 'The reason is at most 500 characters').optional(),
  })
  .refine((b) => !b.hidden || (b.reason ?? '').length > 0, { message: 'Give a reason for hiding it', path: ['reason'] });
export type VisibilityBody = z.infer<typeof VisibilityBody>;

// Sub admins and Setting --------------------------------------------------------------------------

export const AdminAccountRow = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  level: z.enum(['owner', 'sub']),
  createdAt: z.string(),
  you: z.boolean(),
});
export type AdminAccountRow = z.infer<typeof AdminAccountRow>;
export const AdminAccountsReply = z.object({ data: z.object({ admins: z.array(AdminAccountRow), canManage: z.boolean() }) });
export type AdminAccountsReply = z.infer<typeof AdminAccountsReply>;

const adminPassword = () => newPassword().pipe(z.string().min(8, 'An admin password must be at least 8 characters long'));

export const CreateSubAdminBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'At most 80 characters'),
  email: email(),
  password: adminPassword(),
});
export type CreateSubAdminBody = z.infer<typeof CreateSubAdminBody>;

export const AdminPasswordBody = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(128),
  newPassword: adminPassword(),
});
export type AdminPasswordBody = z.infer<typeof AdminPasswordBody>;

const adminOp = operationsOf('admin', ['admin']);

/**
 * The super-admin's areas (docs/decisions/370): firms and their plans, showcase moderation; the
 * api registers them (server/routes/admin/areas.ts) and the web calls them (app/models/admin.server.ts).
 */
export const adminAreaOperations = {
  firms: adminOp({ method: 'GET', path: '/admin/firms', summary: 'Firm accounts with their trial and subscription, open requests first', query: AdminFirmsQuery, replies: { 200: AdminFirmsReply } }),
  markPaid: adminOp({
    method: 'PUT',
    path: '/admin/firms/:id/subscription',
    summary: "Marks a firm's subscription paid until a date (the end of that UTC day)",
    params: IdParams,
    body: MarkPaidBody,
    replies: { 200: z.object({ message: z.string(), data: Plan }), 404: ErrorReply },
  }),
  moderationProjects: adminOp({ method: 'GET', path: '/admin/showcase/projects', summary: 'Public projects with their moderation state', query: ModerationQuery, replies: { 200: ModerationProjectsReply } }),
  moderationFirms: adminOp({ method: 'GET', path: '/admin/showcase/firms', summary: 'Firm portfolios with their moderation state', query: ModerationQuery, replies: { 200: ModerationFirmsReply } }),
  projectVisibility: adminOp({
    method: 'PUT',
    path: '/admin/showcase/projects/:id',
    summary: 'Hides a public project (with a reason) or shows it again; audit-logged',
    params: IdParams,
    body: VisibilityBody,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
  portfolioVisibility: adminOp({
    method: 'PUT',
    path: '/admin/showcase/firms/:id',
    summary: "Hides a firm's whole public portfolio (with a reason) or shows it again; audit-logged",
    params: IdParams,
    body: VisibilityBody,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
} as const;
