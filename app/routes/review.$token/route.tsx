import { json, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { FormErrors } from '~/components/field';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { ReviewItem } from '~/components/reviews/firm-reviews';
import { getClientReview } from '~/models/reviews.server';
import { ApiError } from '~/utils/api.server';
import { reviewSheets, showcaseSheets } from '~/styles/sheets';
import { REVIEW_LIMITS } from '../../../server/contract/reviews-rules';
import { reviewAction } from './actions.server';

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const links: LinksFunction = () => [...showcaseSheets, ...reviewSheets];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Review ${data.firm.name}` : 'Review a firm' },
  { name: 'description', content: 'Review the firm you worked with: a rating and a few words, once per project.' },
  // A private page reached by its link: never indexed, its address never sent to another site.
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'same-origin' },
];

/**
 * A client's review of a firm (docs/decisions/409): no account; the link's token is the key — a
 * paid invoice's review link, or the schedule approval link the client already has. A rating from
 * 1 to 5 and a text, once per project; afterwards the page shows the review, the firm's answer and,
 * when the super-admin hid it, why. Plain forms: it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const data = await getClientReview(request, params.token ?? '');
    return json(data, { headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' } });
  } catch (error) {
    if (error instanceof ApiError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return reviewAction(request, params.token ?? '');
}

type ReviewFields = { rating: string; body: string };

function ReviewForm({ firmName }: { firmName: string }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && 'result' in actionData ? (actionData.result as SubmissionResult<string[]>) : null;
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm<ReviewFields>({ id: 'review', lastResult, ...SERVER_VALIDATION });
  const chosen = fields.rating.value;
  return (
    <Form method="post" className="card review-form" aria-labelledby="review-form-title" {...getFormProps(form)}>
      <h2 id="review-form-title">Your review of {firmName}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="field" aria-describedby={fields.rating.errors?.length ? fields.rating.errorId : undefined}>
        <legend>Rating</legend>
        <div className="review-stars-choice">
          {[5, 4, 3, 2, 1].map((n) => (
            <label key={n}>
              <input type="radio" name={fields.rating.name} value={String(n)} defaultChecked={chosen === String(n)} aria-invalid={fields.rating.errors?.length ? true : undefined} data-testid={`rating-${n}`} /> {n} {n === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
        {fields.rating.errors?.length ? (
          <p className="field-errors" id={fields.rating.errorId}>
            {fields.rating.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={fields.body.id}>What was it like to work with them?</label>
        <textarea {...getTextareaProps(fields.body)} rows={6} maxLength={REVIEW_LIMITS.body} />
        {fields.body.errors?.length ? (
          <p className="field-errors" id={fields.body.errorId}>
            {fields.body.errors[0]}
          </p>
        ) : null}
        <p className="field-hint">Shown on the firm’s page with the project’s name and the month, never with your name.</p>
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        Publish review
      </button>
    </Form>
  );
}

export default function ReviewPage() {
  const data = useLoaderData<typeof loader>();
  const { firm, project, review, refusal } = data;
  return (
    <div className="container review-page">
      <header className="page-head">
        <div>
          <p className="eyebrow">{project.name}</p>
          <h1>Review {firm.name}</h1>
        </div>
      </header>
      {review ? (
        <section aria-labelledby="your-review" data-testid="your-review">
          <h2 id="your-review">Your review</h2>
          {review.hidden ? (
            <p className="form-errors" role="status" data-testid="review-hidden">
              Hidden from the firm’s page by the platform: {review.hidden.reason}
            </p>
          ) : null}
          <ul className="review-list">
            <ReviewItem review={review} firmName={firm.name} />
          </ul>
          <p>
            <Link to={`/firms/${firm.id}#reviews`}>See it on {firm.name}’s page</Link>
          </p>
        </section>
      ) : refusal ? (
        <p className="empty-state" data-testid="review-refusal">
          {refusal}
        </p>
      ) : (
        <ReviewForm firmName={firm.name} />
      )}
    </div>
  );
}

/** A wrong, expired or withdrawn link: what happened and what to do. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : 'Something went wrong. Please try again in a moment.';
  const title = status === 410 ? 'This link is closed' : status === 404 ? 'Link not found' : status === 429 ? 'Please wait a moment' : 'Something went wrong';
  return (
    <div className="container review-page">
      <div role="alert" data-testid="review-error" data-status={status}>
        <h1>{title}</h1>
        <p>{message}</p>
      </div>
    </div>
  );
}
