import { z } from 'zod/v4';
import { SubscriptionInvoice } from './subscription-invoices.js';
import { PLAN_STATES } from './subscription-rules.js';

export * from './subscription-rules.js';

/** A firm's plan as the workspace and the admin area see it (dates ISO, null when not set). */
export const Plan = z.object({
  state: z.enum(PLAN_STATES),
  /** The trial or a paid period runs now: the header links to the workspace rather than to Pricing. */
  active: z.boolean(),
  trialStartedAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  /** Whole days left of a running trial (1 on its last day), else null. */
  trialDaysLeft: z.number().int().nullable(),
  canStartTrial: z.boolean(),
  requestedAt: z.string().nullable(),
  /** A "Continue" the super-admin has not yet answered by marking the firm paid. */
  requestPending: z.boolean(),
  paidUntil: z.string().nullable(),
  pricePaise: z.number().int(),
});
export type Plan = z.infer<typeof Plan>;

/**
 * GET /api/workspace/plan and the answers of its actions; `canManage` says whether the caller may
 * act; `invoice` is the firm's latest subscription invoice (for those who manage the firm).
 */
export const PlanReply = z.object({ data: Plan.extend({ canManage: z.boolean(), invoice: SubscriptionInvoice.nullable() }), message: z.string().optional() });
export type PlanReply = z.infer<typeof PlanReply>;
