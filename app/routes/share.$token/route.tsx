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
 * markup: the api never sends them) and approves or rejects each item or a whole section with a
 * comment, seeing what they decided before (docs/decisions/412). Plain
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
            <li key={item.id} className="so-client-item" id={`item-${item.id}`} data-testid="client-item" data-decision={item.decision?.decision}>
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
              <div className="so-client-item-decide">
                <History entries={item.history} zone={zone} testId="item-history" />
                <DecisionForm key={item.history[0]?.createdAt ?? 'none'} target={{ sectionId: section.id, itemId: item.id, name: itemLabel(item), decided: item.decision !== null }} />
              </div>
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
        <History entries={section.history} zone={zone} testId="your-decision" />
        {/* A new decision starts an empty form (the comment sent is shown above, not kept in the field). */}
        <DecisionForm key={section.decision?.createdAt ?? 'none'} target={{ sectionId: section.id, name: section.name, decided: section.decision !== null, whole: true }} />
      </footer>
    </section>
  );
}

type DecisionFields = { sectionId: string; comment: string };
type Item = Section['items'][number];
type Entry = Section['history'][number];

/** How the page names an item in its forms' labels. */
const itemLabel = (item: Item) => item.title || item.title1 || item.description.slice(0, 60) || 'this item';

/**
 * What the client decided before and when, newest first (docs/decisions/412): the latest in full,
 * the earlier ones under "Earlier decisions" (a plain <details>, so it works without JavaScript).
 */
function History({ entries, zone, testId }: { entries: Entry[]; zone: string; testId: string }) {
  const [latest, ...earlier] = entries;
  if (!latest) return null;
  const line = (e: Entry) => (
    <>
      <DecisionBadge decision={e.decision} /> You {e.decision} this on {formatDateTime(e.createdAt, zone)}
      {e.comment ? <q>{e.comment}</q> : null}
    </>
  );
  return (
    <div className="so-your-decision" data-testid={testId}>
      <p>{line(latest)}</p>
      {earlier.length ? (
        <details className="so-history">
          <summary>Earlier decisions ({earlier.length})</summary>
          <ol reversed>
            {earlier.map((e) => (
              <li key={e.createdAt}>{line(e)}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

type Target = { sectionId: string; itemId?: string; name: string; decided: boolean; whole?: boolean };

/**
 * An Approve / Reject form for an item or a whole section (conform; the server validates: a
 * rejection needs a comment). The failed answer names its item or section (`intent`), so only
 * that form shows it.
 */
function DecisionForm({ target }: { target: Target }) {
  const key = target.itemId ?? target.sectionId;
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && 'intent' in actionData && actionData.intent === key ? (actionData.result as SubmissionResult<string[]>) : null;
  const navigation = useNavigation();
  const sent = navigation.formData;
  const busy = navigation.state === 'submitting' && (sent?.get('itemId') ?? sent?.get('sectionId')) === key;
  const [form, fields] = useForm<DecisionFields>({ id: `decide-${key}`, lastResult, ...SERVER_VALIDATION });
  const errors = [...(fields.comment.errors ?? []), ...(form.errors ?? [])];
  const what = target.whole ? `the whole section ${target.name}` : target.name;
  return (
    <Form method="post" preventScrollReset className={target.whole ? 'so-decide' : 'so-decide so-decide-item'} aria-label={`Your decision on ${what}`} {...getFormProps(form)}>
      <input type="hidden" name="sectionId" value={target.sectionId} />
      {target.itemId ? <input type="hidden" name="itemId" value={target.itemId} /> : null}
      <label htmlFor={fields.comment.id}>
        {target.whole ? 'The whole section: comment' : 'Comment'} {target.decided ? '(to change your decision)' : ''}
      </label>
      <textarea {...getTextareaProps(fields.comment)} rows={target.whole ? 2 : 1} maxLength={SHARE_COMMENT_MAX} placeholder="Needed to reject" />
      {errors.length ? (
        <p className="field-errors" id={fields.comment.errorId} role="alert">
          {errors[0]}
        </p>
      ) : null}
      <div className="so-decide-buttons">
        <button type="submit" name="intent" value="approve" className="button so-approve" disabled={busy} aria-label={`Approve ${what}`}>
          Approve
        </button>
        <button type="submit" name="intent" value="reject" className="button so-reject" disabled={busy} aria-label={`Reject ${what}`}>
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
            {data.clientName ? `Prepared for ${data.clientName}. ` : ''}Please approve or reject each item, or a whole section at once; a comment tells the studio what to change.
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
