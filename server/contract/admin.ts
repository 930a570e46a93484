import { z } from 'zod/v4';
import { FirmDetails } from './firm-registration.js';
import { PAGE_MAX } from './http-rules.js';
import { VERIFICATION_PAGE_SIZE, VERIFICATION_PAGE_SIZE_MAX, VERIFICATION_STATUSES } from './admin-rules.js';

/**
 * The super-admin area (workspace-and-admin.md sections 4, 6, 7 and 9): bodies, queries and replies.
 * The plain values (page sizes, statuses, messages) live in admin-rules.ts, free of zod for browser
 * code, and are re-exported here for the api.
 */

export {
  DEFAULT_REJECTION_NOTE,
  NO_TOKEN_MESSAGE,
  VERIFICATION_PAGE_SIZE,
  VERIFICATION_PAGE_SIZE_MAX,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from './admin-rules.js';

export const AdminLoginBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;
export const AdminLoginReply = z.object({ token: z.string() });
export type AdminLoginReply = z.infer<typeof AdminLoginReply>;

const positiveInt = (fallback: number, max: number) =>
  z
    // Any text is read leniently (not a number: the default); a page number has at most a few digits.
    .union([z.string().max(20), z.number()])
    .optional()
    .transform((v) => {
      const n = typeof v === 'number' ? v : Number.parseInt(v ?? '', 10);
      return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), max) : fallback;
    });

/** GET /api/admin/user-verification */
export const VerificationQuery = z.object({
  search: z
    .string()
    .max(200, 'Search at most 200 characters')
    .optional()
    .transform((v) => v?.trim() || undefined),
  page: positiveInt(1, PAGE_MAX),
  limit: positiveInt(VERIFICATION_PAGE_SIZE, VERIFICATION_PAGE_SIZE_MAX),
  status: z.enum(VERIFICATION_STATUSES, { error: 'status must be pending, approved, rejected or all' }).default('pending'),
});
export type VerificationQuery = z.infer<typeof VerificationQuery>;

export const VerificationRow = FirmDetails.extend({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  hasDocument: z.boolean(),
  updatedAt: z.string(),
});
export type VerificationRow = z.infer<typeof VerificationRow>;

export const VerificationListReply = z.object({ data: z.object({ userList: z.array(VerificationRow), count: z.number().int() }) });
export type VerificationListReply = z.infer<typeof VerificationListReply>;

/** PUT /api/admin/user-verification/{id}?isVerify=2|3 */
export const DecisionQuery = z.object({
  isVerify: z.enum(['2', '3'], { error: 'isVerify must be 2 (approve) or 3 (reject)' }).transform(Number),
});
/** The optional reason of a rejection, shown to the firm. */
export const DecisionBody = z
  .object({ note: z.string().trim().max(1000, 'At most 1000 characters').optional() })
  .nullish();
export type DecisionBody = z.input<typeof DecisionBody>;

export const StatisticsReply = z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() });
export type StatisticsReply = z.infer<typeof StatisticsReply>;
