import { Link } from '@remix-run/react';
import { monthText, RESPONSE_TIME_DAYS, responseTimeText } from '../../../server/contract/reviews-rules';
import type { PublicReview, RatingSummary, ResponseTime } from '../../../server/contract/reviews';
import { RatingLine, Stars } from './rating-line';

/** One review as the public reads it: stars, the project's name and the month, the text, the firm's answer. */
export function ReviewItem({ review, firmName, children }: { review: PublicReview; firmName: string; children?: React.ReactNode }) {
  return (
    <li className="review-item" data-testid="review">
      <div>
        <Stars rating={review.rating} /> <strong>{review.projectName}</strong> · <span className="muted">{monthText(review.month)}</span>
      </div>
      <p>{review.body}</p>
      {review.answer ? (
        <div className="review-answer" data-testid="review-answer">
          <strong>Answer from {firmName}</strong>
          <p>{review.answer.text}</p>
        </div>
      ) : null}
      {children}
    </li>
  );
}

/**
 * A firm's reviews on its page (docs/decisions/409–411): the rating and the typical time to answer
 * an enquiry, then the visible reviews, newest first, with an "Older reviews" link that pages by
 * keyset without JavaScript.
 */
export function FirmReviews({
  firmName,
  rating,
  responseTime,
  reviews,
  olderHref,
}: {
  firmName: string;
  rating: RatingSummary;
  responseTime: ResponseTime;
  reviews: PublicReview[];
  olderHref: string | null;
}) {
  return (
    <section className="firm-reviews" aria-labelledby="firm-reviews-title" id="reviews">
      <header className="firm-reviews-head">
        <h2 id="firm-reviews-title">Reviews</h2>
        {rating.count > 0 ? <RatingLine rating={rating} /> : <p className="muted">No reviews yet: only clients who paid an invoice or approved a schedule can review.</p>}
        {responseTime ? (
          <p className="muted" data-testid="response-time">
            Usually answers enquiries {responseTimeText(responseTime.medianMinutes)} (median of {responseTime.enquiries} in the last {RESPONSE_TIME_DAYS} days)
          </p>
        ) : null}
      </header>
      {reviews.length ? (
        <ul className="review-list">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} firmName={firmName} />
          ))}
        </ul>
      ) : null}
      {olderHref ? (
        <p>
          <Link to={olderHref} preventScrollReset>
            Older reviews
          </Link>
        </p>
      ) : null}
    </section>
  );
}
