/**
 * The plain values of reviews (docs/decisions/409–411): limits, messages and the figures' text.
 * No zod here, so browser code can use them; the schemas of reviews.ts are built from them.
 * Averages are integers in hundredths (4.67 is 467), never floating point.
 */
import { monthName } from './dates.js';

export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  bodyMin: 10,
  body: 2000,
  answer: 2000,
  hideReason: 500,
} as const;

/** Reviews on a page of the firm's page and of its workspace list. */
export const REVIEWS_PAGE_SIZE = 10;

/** A typical time to answer is shown from this many enquiries on (decision 411). */
export const RESPONSE_TIME_MIN_ENQUIRIES = 3;
/** The enquiries it is measured over, by their age. */
export const RESPONSE_TIME_DAYS = 90;

export const REVIEW_MESSAGES = {
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  ratingRange: 'A rating is a whole number of stars from 1 to 5',
  bodyRequired: 'Please write a few words about working with the firm',
  bodyShort: `Please write at least ${REVIEW_LIMITS.bodyMin} characters`,
  answerRequired: 'Write your answer',
  reasonRequired: 'Say why the review is hidden: the firm and the client read it',
  tooLong: (max: number) => `At most ${max} characters`,
  notFound: 'This review link is not valid. Please check that you copied the whole link, or ask the firm for a new one.',
  reviewNotFound: 'Review not found',
  notEligible: 'Only a client who has paid an invoice of the firm, or approved a schedule of the project, can review it.',
  scheduleNotApproved: 'You can review the firm once you have approved every section of this schedule.',
  already: 'You have already reviewed this project. A review is written once per project.',
  answered: 'This review already has your answer. A review is answered once.',
  invoiceNotPaid: 'Only the client of a paid invoice can be asked for a review: record the payment first.',
  invoiceNoClient: 'This invoice has no client in the Address Book, or no project: a review needs both.',
  invitationMade: 'Review link made. Copy it and send it to your client: it is shown only now.',
  saved: 'Thank you: your review is published on the firm’s page.',
  answerSaved: 'Your answer is published under the review.',
  hidden: 'Review hidden. The firm and the client see your reason.',
  shown: 'Review shown again.',
} as const;

/** The average of `count` ratings summing to `sum`, in hundredths, half up (0 without ratings). */
export function averageCenti(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.floor((sum * 200 + count) / (2 * count));
}

/** A median time to answer, in minutes, as people say it: "within an hour", "within 5 hours", "within 2 days". */
export function responseTimeText(minutes: number): string {
  if (minutes < 60) return 'within an hour';
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `within ${hours} hours`;
  const days = Math.ceil(minutes / (60 * 24));
  return days === 1 ? 'within a day' : `within ${days} days`;
}

/** "December 2026" of a `YYYY-MM` month. */
export function monthText(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${monthName(m)} ${year}`;
}
