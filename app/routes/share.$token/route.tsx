import { quantityWithUnit } from '../../../server/contract/quantity';
import { json, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useParams, useRouteError } from '@remix-run/react';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { DecisionBadge } from '~/components/summary-output/decision-badge';
import { provePath } from '~/components/portal/paths';
import { getSharedSummary } from '~/models/share-links.server';
import { getClientReview } from '~/models/reviews.server';
import { optional } from '~/utils/form-action.server';
import { ApiError } from '~/utils/api.server';
import { formatDateTime, formatDay, zoneOf } from '../../../server/contract/dates';
import outputStyles from '~/styles/summary-output.css';
import { SHARE_COMMENT_MAX, SHARE_MESSAGES } from '../../../server/contract/share-links-rules';
import { shareDecisionAction } from './actions.server';
import { SUMMARY_STATUS_LABELS, type SummaryStatus } from '../../../server/contract/summary-rules';
import { formatPaise } from '../../../server/contract/money-text';
import type { ClientSummary } from '../../../server/contract/share-links';

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: outputStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.schedule.title} — ${data.firm.name}` : 'Shared schedule' },
  { name: 'description', content: 'A schedule shared for your approval.' },
  // A private page reached by its link: never indexed, its address never sent to another site as a referrer (same-origin: the forms' Origin header must still name this site for the CSRF check).
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'same-origin' },
];

/**
 * A client's approval page (DESIGN.md section 9 "Client approval link", docs/decisions/106): no
 * account; the link's token is the key. The client reads the schedule (no trade prices, profit or
 * markup: the api never sends them) and approves or rejects each section with a comment. Plain
 * forms: it works without JavaScript. A wrong, expired or withdrawn link says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const token = params.token ?? '';
    const [{ data }, { reply: review }] = await Promise.all([getSharedSummary(request, token), optional(getClientReview(request, token))]);
    // Once every section is approved, the client may review the firm with this same link (docs/decisions/409).
    const invite = review && !review.refusal ? { firmName: review.firm.name, written: review.review !== null } : null;
    return json({ ...data, invite }, { headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' } });
  } catch (error) {
    if (error instanceof ApiError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return shareDecisionAction(request, params.token ?? '');
}

type Section = ClientSummary['rooms'][number]['sections'][number];

function SectionCard({ section, zone }: { section: Section; zone: string }) {
  const status = section.status as SummaryStatus;
  return (
    <section className="so-client-section" id={`section-${section.id}`} data-status={status} data-testid="client-section" aria-labelledby={`title-${section.id}`}>
      <header className="so-client-section-head">
        <h3 id={`title-${section.id}`}>{section.name}</h3>
        <span className="so-status" data-status={status}>
          {SUMMARY_STATUS_LABELS[status] ?? status}
        </span>
      </header>
      {section.items.length ? (
        <ul className="so-client-items">
          {section.items.map((item) => (
            <li key={item.id} className="so-client-item">
              {item.images[0] ? (
                <img className="so-client-thumb" src={item.images[0].w480} alt="" loading="lazy" width={item.images[0].width} height={item.images[0].height} />
              ) : null}
              <div className="so-client-item-text">
                {item.type === 'title' ? (
                  <div className="so-pairs">
                    <div>
                      <strong>{item.title}</strong>
                      {item.description ? <p>{item.description}</p> : null}
                    </div>
                    <div>
                      <strong>{item.title1}</strong>
                      {item.description1 ? <p>{item.description1}</p> : null}
                    </div>
                  </div>
                ) : (
                  <>
                    {item.title ? <strong>{item.title}</strong> : null}
                    {item.description ? <p>{item.description}</p> : null}
                  </>
                )}
                {item.images.length > 1 ? (
                  <div className="so-client-more">
                    {item.images.slice(1).map((image) => (
                      <img key={image.id} src={image.w480} alt="" loading="lazy" />
                    ))}
                  </div>
                ) : null}
              </div>
              {item.price ? (
                <div className="so-client-price">
                  <strong>{formatPaise(item.price.clientPrice)}</strong>
                  <span>
                    {quantityWithUnit(item.price.quantity, item.price.unit)} × {formatPaise(item.price.retailPrice)}
                    {item.price.discountPercent ? ` − ${item.price.discountPercent} %` : ''}
                  </span>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="so-none">Nothing in this section yet.</p>
      )}
      {section.cards.length ? (
        <dl className="so-client-cards">
          {section.cards.map((card) => (
            <div key={card.id}>
              <dt>{card.title}</dt>
              <dd>{card.description}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <footer className="so-client-section-foot">
        {section.clientPrice ? (
          <p className="so-client-total">
            Section total <strong>{formatPaise(section.clientPrice)}</strong>
          </p>
        ) : null}
        {section.decision ? (
          <p className="so-your-decision" data-testid="your-decision">
            <DecisionBadge decision={section.decision.decision} /> You {section.decision.decision} this on {formatDateTime(section.decision.createdAt, zone)}
            {section.decision.comment ? <q>{section.decision.comment}</q> : null}
          </p>
        ) : null}
        {/* A new decision starts an empty form (the comment sent is shown above, not kept in the field). */}
        <DecisionForm key={section.decision?.createdAt ?? 'none'} section={section} />
      </footer>
    </section>
  );
}

type DecisionFields = { sectionId: string; comment: string };

/**
 * A section's Approve / Reject form (conform; the server validates: a rejection needs a comment).
 * One per section: the failed answer names its section (`intent`), so only that form shows it.
 */
function DecisionForm({ section }: { section: Section }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && 'intent' in actionData && actionData.intent === section.id ? (actionData.result as SubmissionResult<string[]>) : null;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('sectionId') === section.id;
  const [form, fields] = useForm<DecisionFields>({ id: `decide-${section.id}`, lastResult, ...SERVER_VALIDATION });
  const errors = [...(fields.comment.errors ?? []), ...(form.errors ?? [])];
  return (
    <Form method="post" preventScrollReset className="so-decide" aria-label={`Your decision on ${section.name}`} {...getFormProps(form)}>
      <input type="hidden" name="sectionId" value={section.id} />
      <label htmlFor={fields.comment.id}>Comment {section.decision ? '(to change your decision)' : ''}</label>
      <textarea
        {...getTextareaProps(fields.comment)}
        rows={2}
        maxLength={SHARE_COMMENT_MAX}
        placeholder="Anything the studio should know (needed to reject)"
      />
      {errors.length ? (
        <p className="field-errors" id={fields.comment.errorId} role="alert">
          {errors[0]}
        </p>
      ) : null}
      <div className="so-decide-buttons">
        <button type="submit" name="intent" value="approve" className="button so-approve" disabled={busy}>
          Approve
        </button>
        <button type="submit" name="intent" value="reject" className="button so-reject" disabled={busy}>
          Reject
        </button>
      </div>
    </Form>
  );
}

export default function SharedSchedule() {
  const data = useLoaderData<typeof loader>();
  const { token } = useParams();
  // The firm's dates, not the visitor's nor India's by default (decision 265).
  const zone = zoneOf(data.firm);
  return (
    <div className="so-client">
      <header className="so-client-bar">
        {data.portal?.path ? (
          <Link to={data.portal.path} className="so-client-firm" data-testid="portal-home">
            {data.firm.name}
          </Link>
        ) : (
          <span className="so-client-firm">{data.firm.name}</span>
        )}
        {data.portal ? null : <span className="so-client-valid">Link valid until {formatDay(data.expiresAt, zone)}</span>}
      </header>
      <div className="so-client-page">
        <div className="so-client-intro">
          <p className="eyebrow">{data.project.name}</p>
          <h1>{data.schedule.title}</h1>
          {data.schedule.description ? <p className="so-client-desc">{data.schedule.description}</p> : null}
          <p className="muted">
            {data.clientName ? `Prepared for ${data.clientName}. ` : ''}Please approve or reject each section; a comment tells the studio what to change.
          </p>
          {data.portal?.path ? (
            <p>
              <Link to={data.portal.path}>← Everything from {data.firm.name}</Link>
              {data.portal.proven ? null : (
                <>
                  {' '}
                  · Before your first decision we send a code to your email: <Link to={provePath(data.portal.path.replace('/portal/', ''), `/share/${token ?? ''}`)}>confirm it is me</Link>
                </>
              )}
            </p>
          ) : null}
        </div>
        {data.rooms.length === 0 ? <p className="so-none">The studio has not added anything to this schedule yet.</p> : null}
        {data.rooms.map((room) => (
          <section key={room.id} className="so-client-room" aria-labelledby={`room-${room.id}`}>
            <h2 id={`room-${room.id}`}>{room.name}</h2>
            {room.sections.map((section) => (
              <SectionCard key={section.id} section={section} zone={zone} />
            ))}
          </section>
        ))}
        {data.invite ? (
          <p className="so-client-review" data-testid="review-invite">
            <Link to={`/review/${encodeURIComponent(token ?? '')}`} className="button button-secondary">
              {data.invite.written ? `Your review of ${data.invite.firmName}` : `Review ${data.invite.firmName}`}
            </Link>
          </p>
        ) : null}
        {data.clientPrice ? (
          <p className="so-client-grand" data-testid="client-total">
            Total <strong>{formatPaise(data.clientPrice)}</strong>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A wrong, expired or withdrawn link: what happened and what to do, on the client's page layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : 'Something went wrong. Please try again in a moment.';
  const title = status === 410 ? (message === SHARE_MESSAGES.expired ? 'This link has expired' : 'This link was withdrawn') : status === 404 ? 'Link not found' : status === 429 ? 'Please wait a moment' : 'Something went wrong';
  return (
    <div className="so-client">
      <div className="so-client-page">
        <div className="so-client-gone" role="alert" data-testid="share-error" data-status={status}>
          <h1>{title}</h1>
          <p>{message}</p>
        </div>
      </div>
    </div>
  );
}
