import { json } from '@remix-run/node';
import { z } from 'zod/v4';
import { writeClientReview } from '~/models/reviews.server';
import { ApiError } from '~/utils/api.server';
import { submitForm } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { REVIEW_LIMITS as L, REVIEW_MESSAGES as M, ReviewBody } from '../../../server/contract/reviews';

/**
 * The client's review form (docs/decisions/409): the contract's body, with the rating read from the
 * form's radio buttons (text) first, so a missing choice says "Choose a rating" rather than a range.
 */
const ReviewForm = ReviewBody.extend({
  rating: z
    .string({ error: M.ratingRequired })
    .trim()
    .min(1, M.ratingRequired)
    .transform(Number)
    .pipe(z.number({ error: M.ratingRange }).int(M.ratingRange).min(L.ratingMin, M.ratingRange).max(L.ratingMax, M.ratingRange)),
});

export async function reviewAction(request: Request, token: string) {
  const formData = await readFormData(request);
  return submitForm(formData, {
    schema: ReviewForm,
    failure: { fields: ['rating', 'body'] },
    send: async (review) => {
      try {
        return await writeClientReview(request, token, review);
      } catch (error) {
        // A wrong or closed link, or the api down: the page's error boundary says so. A refusal (403) or a
        // second review (409) is the form's message.
        if (error instanceof ApiError && (error.status === 404 || error.status === 410 || error.status >= 500)) throw json({ message: error.message }, { status: error.status });
        throw error;
      }
    },
    done: () => redirectWithSuccess(`/review/${encodeURIComponent(token)}`, M.saved),
  });
}
