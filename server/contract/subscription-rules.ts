/**
 * The pricing panel's plain values (workspace-and-admin.md screen 8 and section 9; DESIGN.md section
 * 9 "Calendar and pricing"): no zod here, so the web's browser code can use them.
 */

/** 3000 rupees a year, in paise (money is integer paise everywhere). */
export const PRICE_PAISE_PER_YEAR = 300_000;
export const TRIAL_DAYS = 30;
/** The panel's features, in the spec's order. */
export const PLAN_FEATURES = ['Empowering Connections', 'Schedules & Task Board', 'Integrated Calendar'] as const;

/**
 * Where a firm's plan stands: `none` (never tried), `trial` (running), `trialEnded` (ended, never
 * paid), `paid` (paid until a later date), `paidEnded` (the paid period is over).
 */
export const PLAN_STATES = ['none', 'trial', 'trialEnded', 'paid', 'paidEnded'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  none: 'No plan',
  trial: 'Free trial',
  trialEnded: 'Trial ended',
  paid: 'Subscribed',
  paidEnded: 'Subscription ended',
};

export const TRIAL_ALREADY_USED = 'Your firm has already used its free trial. Choose Continue to subscribe.';
export const MANAGE_PLAN_ONLY = 'Only the firm and its sub-admins can change the plan';

/** The admin's Workspace list filters. */
export const FIRM_PLAN_FILTERS = ['all', 'requests', 'trial', 'paid', 'none'] as const;
export type FirmPlanFilter = (typeof FIRM_PLAN_FILTERS)[number];
export const ADMIN_FIRMS_PAGE_SIZE = 15;
/** The furthest a subscription can be marked paid ahead, in years. */
export const PAID_UNTIL_MAX_YEARS = 5;
