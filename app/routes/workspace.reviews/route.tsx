import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod/v4';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { ReviewItem } from '~/components/reviews/firm-reviews';
import { RatingLine } from '~/components/reviews/rating-line';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { answerReview, listOwnReviews } from '~/models/reviews.server';
import { reviewSheets } from '~/styles/sheets';
import { guarded, required, submitForm } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import { redirectWithSuccess } from '~/utils/toast.server';
import { AnswerBody, REVIEW_LIMITS, REVIEW_MESSAGES } from '../../../server/contract/reviews';
import type { FirmReview } from '../../../server/contract/reviews';
import { parseCursor } from '../../../server/contract/keyset-cursor';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Reviews') }, { name: 'description', content: 'Your clients’ reviews of the firm, and your answers.' }];
export const links: LinksFunction = () => reviewSheets;

/**
 * The firm's reviews (docs/decisions/409, 410), for the firm and its sub-admins: each with who wrote
 * it (the public never sees the name), the answer form while it has none (answered once), and the
 * super-admin's reason when it was hidden. Reviews are asked for from a paid invoice's page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const after = new URL(request.url).searchParams.get('after');
  const [, data] = await guarded(requireWorkspaceUser(request), required(listOwnReviews(request, after && parseCursor(after) ? after : undefined)));
  return json(data);
}

const AnswerForm = AnswerBody.extend({ id: z.string().min(1).max(64) });

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const formData = await readFormData(request);
  const id = String(formData.get('id') ?? '');
  return submitForm(formData, {
    schema: AnswerForm,
    intent: id,
    failure: { fields: ['answer'] },
    send: ({ id: reviewId, answer }) => answerReview(request, reviewId, { answer }),
    done: () => redirectWithSuccess(`/workspace/reviews#review-${id}`, REVIEW_MESSAGES.answerSaved),
  });
}

function AnswerReviewForm({ review }: { review: FirmReview }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && 'intent' in actionData && actionData.intent === review.id ? (actionData.result as SubmissionResult<string[]>) : null;
  const [form, fields] = useForm<{ answer: string }>({ id: `answer-${review.id}`, lastResult, ...SERVER_VALIDATION });
  const errors = [...(fields.answer.errors ?? []), ...(form.errors ?? [])];
  return (
    <Form method="post" preventScrollReset className="review-answer-form" {...getFormProps(form)}>
      <input type="hidden" name="id" value={review.id} />
      <label htmlFor={fields.answer.id}>Your answer (once, shown under the review)</label>
      <textarea {...getTextareaProps(fields.answer)} rows={3} maxLength={REVIEW_LIMITS.answer} />
      {errors.length ? (
        <p className="field-errors" id={fields.answer.errorId}>
          {errors[0]}
        </p>
      ) : null}
      <button type="submit" className="button button-secondary">
        Publish answer
      </button>
    </Form>
  );
}

export default function WorkspaceReviews() {
  const { reviews, rating, nextCursor } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Reviews" description={rating.count ? <RatingLine rating={rating} as="span" /> : 'Clients who paid an invoice or approved a schedule can review the firm, once per project.'} />
      {reviews.length === 0 ? (
        <EmptyState title="No reviews yet">Open a paid invoice and choose “Ask for a review” to send your client a review link; a client who approves a whole schedule is offered one too.</EmptyState>
      ) : (
        <ul className="review-list">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} firmName="you">
              <p className="muted" id={`review-${review.id}`}>
                By {review.reviewerName || 'a client'}, after {review.source === 'invoice' ? 'a paid invoice' : 'approving a schedule'}
              </p>
              {review.hidden ? (
                <p className="form-errors" role="status">
                  Hidden by the platform: {review.hidden.reason}
                </p>
              ) : null}
              {review.answer ? null : <AnswerReviewForm review={review} />}
            </ReviewItem>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <p>
          <Link to={`/workspace/reviews?after=${encodeURIComponent(nextCursor)}`}>Older reviews</Link>
        </p>
      ) : null}
    </>
  );
}
