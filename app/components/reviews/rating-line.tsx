import { ratingText, reviewCountLabel } from '../../../server/contract/rating-text';

/**
 * A firm's rating as a card and its page show it: "★ 4.7 · 12 reviews" (docs/decisions/410); a
 * span (`as="span"`) where it stands inside a paragraph already, as a page header's description.
 */
export function RatingLine({ rating, as: Tag = 'p' }: { rating: { count: number; averageCenti: number }; as?: 'p' | 'span' }) {
  const text = ratingText(rating.averageCenti);
  return (
    <Tag className="rating-line" data-testid="rating-line">
      <span className="rating-stars" aria-hidden="true">
        ★ {text}
      </span>
      <span className="visually-hidden">Rated {text} out of 5,</span> · {reviewCountLabel(rating.count)}
    </Tag>
  );
}

/** Stars as text for one review: "★★★★☆", read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="rating-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      {'☆'.repeat(Math.max(0, 5 - rating))}
    </span>
  );
}
