import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { Icon } from '~/components/icon';
import { PageHeader } from '~/components/workspace/page-header';
import { PlanInvoice } from '~/components/workspace/plan-invoice';
import { paidUntilDay, planSummary } from '~/components/workspace/plan-status';
import { getPlan, requestSubscription, startTrial } from '~/models/plan.server';
import { formatDay } from '../../server/contract/dates';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { formatPrice } from '../../server/contract/money-text';
import pricingStyles from '~/styles/pricing.css';
import { MANAGE_PLAN_ONLY, PLAN_FEATURES, TRIAL_DAYS } from '../../server/contract/subscription-rules';
import { pageTitle, productNameOf, useProductName } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { useTimeZone } from '~/utils/time-zone';
import { redirectAfter, serverFailed, required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Pricing') }, { name: 'description', content: `${productNameOf(matches)} pricing: a free trial, then 3000 rupees a year.` }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: pricingStyles }];

const HERE = '/workspace/pricing';

/** What each feature of the spec's panel (screen 8) gives, in one line. */
const FEATURE_TEXT: Record<(typeof PLAN_FEATURES)[number], string> = {
  'Empowering Connections': 'Your portfolio in Explore and the firm directory, and enquiries from clients in your demand box.',
  'Schedules & Task Board': 'Schedules with summaries and financials, PDFs for clients, and a task board for your team.',
  'Integrated Calendar': 'Task due dates and schedule dates in one month view, with a private calendar feed.',
};
const FEATURE_ICONS: Record<(typeof PLAN_FEATURES)[number], string> = {
  'Empowering Connections': 'M8 12h8M7 8H6a4 4 0 0 0 0 8h1M17 8h1a4 4 0 0 1 0 8h-1',
  'Schedules & Task Board': 'M4 5h16v14H4zM9.3 5v14M14.7 5v14',
  'Integrated Calendar': 'M5 6h14v14H5zM5 10h14M9 4v4M15 4v4',
};

/**
 * The subscription panel (workspace-and-admin.md screen 8; DESIGN.md section 9): 3000 rupees a year;
 * Start Free Trial starts the firm's one 30-day trial; Continue records a subscription request that
 * the super-admin marks paid. Employees see the state; the firm and its sub-admins act.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [, plan] = await guarded(
    requireWorkspaceUser(request),
    required(getPlan(request)),
  );
  return json({ plan: plan.data });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const run = (call: () => Promise<{ message?: string }>, fallback: string) => redirectAfter(call(), HERE, (reply) => reply.message ?? fallback, { errorPage: serverFailed });
  return dispatchIntent(await readFormData(request), {
    trial: () => run(() => startTrial(request), 'Your free trial has started'),
    subscribe: () => run(() => requestSubscription(request), 'Your subscription request is recorded'),
  });
}

export default function Pricing() {
  const { plan } = useLoaderData<typeof loader>();
  const productName = useProductName();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : '';
  const price = formatPrice(plan.pricePaise).replace('₹', '');
  // While the year's invoice is owed, Continue would only answer it again: the invoice shows instead.
  const owing = (plan.invoice?.outstanding ?? 0) > 0;

  return (
    <>
      <PageHeader title="Pricing" description="One plan for the whole firm: every employee works in the same workspace." />
      <section className="pricing" aria-labelledby="plan-title">
        <div className="pricing-card">
          <div className="pricing-head">
            <h2 id="plan-title">{productName} for firms</h2>
            <p className="pricing-status" data-testid="plan-status">
              <span className={`pricing-dot pricing-dot-${plan.active ? 'on' : 'off'}`} aria-hidden="true" />
              {planSummary(plan)}
            </p>
          </div>
          <ul className="pricing-features">
            {PLAN_FEATURES.map((feature) => (
              <li key={feature}>
                <span className="pricing-feature-icon" aria-hidden="true">
                  <Icon d={FEATURE_ICONS[feature]} size={20} />
                </span>
                <span>
                  <strong>{feature}</strong>
                  <span className="muted">{FEATURE_TEXT[feature]}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="pricing-price">
            <p>
              <span className="pricing-currency">₹</span>
              <span className="pricing-amount" data-testid="plan-price">
                {price}
              </span>
              <span className="pricing-period">/ year</span>
            </p>
            <p className="muted">3000 rupees a year for the firm, billed once a year, plus GST.</p>
          </div>
          <PlanFacts plan={plan} />
          {plan.invoice ? <PlanInvoice invoice={plan.invoice} /> : null}
          {plan.canManage ? (
            <div className="pricing-actions">
              {plan.canStartTrial ? (
                <Form method="post" replace>
                  <button type="submit" name="intent" value="trial" className="button button-secondary button-block" disabled={busy !== ''} data-testid="start-trial">
                    {busy === 'trial' ? 'Starting…' : 'Start Free Trial'}
                  </button>
                </Form>
              ) : null}
              {owing ? null : (
                <Form method="post" replace>
                  <button type="submit" name="intent" value="subscribe" className="button button-primary button-block" disabled={busy !== ''} data-testid="continue">
                    {busy === 'subscribe' ? 'Sending…' : plan.requestPending && !plan.invoice ? 'Ask again' : 'Continue'}
                  </button>
                </Form>
              )}
            </div>
          ) : (
            <p className="pricing-note">{MANAGE_PLAN_ONLY}.</p>
          )}
          <p className="pricing-fine muted">
            The {TRIAL_DAYS}-day free trial runs once per firm. Nothing is locked when it ends. Continue issues your invoice for the year; we confirm your subscription once it is paid.
          </p>
        </div>
        <p className="pricing-back">
          <Link to="/workspace/project">Go to your projects</Link>
        </p>
      </section>
    </>
  );
}

function PlanFacts({ plan }: { plan: ReturnType<typeof useLoaderData<typeof loader>>['plan'] }) {
  const zone = useTimeZone();
  const facts: Array<[string, string]> = [];
  if (plan.trialStartedAt && plan.trialEndsAt) {
    facts.push([plan.state === 'trial' ? 'Trial ends' : 'Trial ended', formatDay(plan.trialEndsAt, zone)]);
  }
  if (plan.paidUntil) facts.push([plan.state === 'paid' ? 'Paid until' : 'Was paid until', paidUntilDay(plan.paidUntil)]);
  if (plan.requestPending && plan.requestedAt) facts.push(['Subscription requested', formatDay(plan.requestedAt, zone)]);
  if (!facts.length) return null;
  return (
    <dl className="pricing-facts" data-testid="plan-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
