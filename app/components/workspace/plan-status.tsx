import { Link } from '@remix-run/react';
import { formatCalendarDay } from '../../../server/contract/dates';
import { formatPrice } from '../../../server/contract/money-text';
import type { Plan, PlanReply } from '../../../server/contract/subscription';
import { PLAN_STATE_LABELS } from '../../../server/contract/subscription-rules';

export type ShellPlan = PlanReply['data'];

/** A paid-until day is stored as the end of that UTC day: shown as that calendar day. */
export const paidUntilDay = (iso: string) => formatCalendarDay(iso);

const daysText = (days: number) => (days === 1 ? '1 day left' : `${days} days left`);

/**
 * The plan in a few words: "Free trial · 12 days left", "Subscribed until 3 Jan 2027", "Trial
 * ended". The firm is offered the trial ("Free trial available"); the admin reads "No plan".
 */
export function planSummary(plan: Plan, audience: 'firm' | 'admin' = 'firm'): string {
  if (plan.state === 'trial') return `${PLAN_STATE_LABELS.trial} · ${daysText(plan.trialDaysLeft ?? 0)}`;
  if (plan.state === 'paid' && plan.paidUntil) return `Subscribed until ${paidUntilDay(plan.paidUntil)}`;
  if (plan.requestPending) return 'Subscription requested';
  if (plan.state === 'none') return audience === 'admin' ? PLAN_STATE_LABELS.none : 'Free trial available';
  return PLAN_STATE_LABELS[plan.state];
}

/** The sidebar's badge under the firm's name: the plan's state, a link to the pricing panel. */
export function PlanBadge({ plan }: { plan: ShellPlan }) {
  const tone = plan.active ? (plan.state === 'paid' ? 'paid' : 'trial') : plan.requestPending ? 'pending' : 'ended';
  return (
    <Link to="/workspace/pricing" className={`plan-badge plan-badge-${tone}`} data-testid="plan-badge">
      {planSummary(plan)}
    </Link>
  );
}

/**
 * The banner over the page when the trial or the paid period is over and nothing newer runs:
 * it asks, it never locks (DESIGN.md section 9). Not shown on the pricing page itself.
 */
export function PlanBanner({ plan, pathname }: { plan: ShellPlan; pathname: string }) {
  if (plan.active || plan.state === 'none' || pathname.startsWith('/workspace/pricing')) return null;
  const ended = plan.state === 'trialEnded' ? 'Your free trial has ended.' : 'Your subscription has ended.';
  return (
    <div className="plan-banner" role="status" data-testid="plan-banner">
      <p>
        <strong>{ended}</strong>{' '}
        {plan.requestPending
          ? 'Your subscription request is with us: we will confirm it once it is paid.'
          : `Everything keeps working. Subscribe for ${formatPrice(plan.pricePaise)} a year to support your workspace.`}
      </p>
      {plan.requestPending ? null : (
        <Link to="/workspace/pricing" className="button button-primary button-small">
          See pricing
        </Link>
      )}
    </div>
  );
}
