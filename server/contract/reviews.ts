import { z } from 'zod/v4';
import { afterCursor, ErrorReply, IdParams } from './http.js';
import { operation } from './operation.js';
import { REVIEW_LIMITS as L, REVIEW_MESSAGES as M } from './reviews-rules.js';
import { wellFormed } from './text-fields.js';

/**
 * Reviews from a firm's clients (docs/decisions/409–411): a client who paid an invoice of the firm,
 * or approved a schedule through its approval link, reviews the firm once per project, with the
 * link's token as the key (clients have no accounts); the firm answers once; the super-admin hides
 * a review with a reason. The firm's page shows the visible ones with the average, the count and
 * the firm's typical time to answer an enquiry.
 */

export * from './reviews-rules.js';

/** Free text with line breaks: trimmed, required, within its limit, well formed. */
const text = (required: string, max: number, min = 1, short = required) =>
  z
    .string({ error: required })
    .trim()
    // One check, one message: an empty text is "required", a short one "at least".
    .min(min, { error: (issue) => (typeof issue.input === 'string' && issue.input.length > 0 ? short : required) })
    .max(max, M.tooLong(max))
    .transform(wellFormed);

/** A review link's token: the path segment (any short string, so a wrong one answers 404). */
export const ReviewTokenParams = z.object({ token: z.string().max(200) });
export const FirmReviewsParams = z.object({ firmId: z.string().max(64) });

/** POST /api/reviews/client/{token}: the client's review. */
export const ReviewBody = z.object({
  rating: z
    .number({ error: M.ratingRequired })
    .int(M.ratingRange)
    .min(L.ratingMin, M.ratingRange)
    .max(L.ratingMax, M.ratingRange),
  body: text(M.bodyRequired, L.body, L.bodyMin, M.bodyShort),
});
export type ReviewBody = z.input<typeof ReviewBody>;

export const AnswerBody = z.object({ answer: text(M.answerRequired, L.answer) });
export type AnswerBody = z.input<typeof AnswerBody>;

export const HideBody = z.object({ reason: text(M.reasonRequired, L.hideReason) });
export type HideBody = z.input<typeof HideBody>;

export const InvitationBody = z.object({ invoiceId: z.string().max(64) });
export type InvitationBody = z.input<typeof InvitationBody>;

export const ReviewsQuery = z.object({ after: afterCursor });

const Answer = z.object({ text: z.string(), at: z.string() });

/** A review as the public reads it: no name of the client, the project's name and the month. */
export const PublicReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  projectName: z.string(),
  /** `YYYY-MM` of when it was written, in the firm's time zone. */
  month: z.string(),
  answer: Answer.nullable(),
});
export type PublicReview = z.infer<typeof PublicReview>;

/** As the firm, the client and the super-admin read it: with its hidden state and reason. */
export const OwnReview = PublicReview.extend({
  hidden: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type OwnReview = z.infer<typeof OwnReview>;

/** As the firm and the super-admin read it: with who wrote it and from which link. */
export const FirmReview = OwnReview.extend({
  reviewerName: z.string(),
  source: z.enum(['invoice', 'schedule']),
  createdAt: z.string(),
});
export type FirmReview = z.infer<typeof FirmReview>;

export const AdminReview = FirmReview.extend({ firm: z.object({ id: z.string(), name: z.string() }) });
export type AdminReview = z.infer<typeof AdminReview>;

/** A firm's rating: its visible reviews' count and average in hundredths (0 without reviews). */
export const RatingSummary = z.object({ count: z.number().int(), averageCenti: z.number().int() });
export type RatingSummary = z.infer<typeof RatingSummary>;

/** The firm's median time to answer an enquiry (decision 411), or null below the minimum. */
export const ResponseTime = z.object({ medianMinutes: z.number().int(), enquiries: z.number().int() }).nullable();
export type ResponseTime = z.infer<typeof ResponseTime>;

export const FirmReviewsReply = z.object({
  data: z.object({ rating: RatingSummary, responseTime: ResponseTime, reviews: z.array(PublicReview), nextCursor: z.string().nullable() }),
});
export type FirmReviewsReply = z.infer<typeof FirmReviewsReply>;

/** What a review link opens: the firm, the project, whether this client may review, and its review. */
export const ClientReviewReply = z.object({
  data: z.object({
    firm: z.object({ id: z.string(), name: z.string() }),
    project: z.object({ name: z.string() }),
    /** Null when the client may review; else why not (a schedule not yet approved, an invoice no longer paid). */
    refusal: z.string().nullable(),
    review: OwnReview.nullable(),
  }),
});
export type ClientReviewReply = z.infer<typeof ClientReviewReply>;

export const OwnReviewReply = z.object({ data: OwnReview });
export const FirmReviewReply = z.object({ data: FirmReview });
export const AdminReviewReply = z.object({ data: AdminReview });
export const FirmReviewListReply = z.object({ data: z.object({ reviews: z.array(FirmReview), rating: RatingSummary, nextCursor: z.string().nullable() }) });
export type FirmReviewListReply = z.infer<typeof FirmReviewListReply>;
export const AdminReviewListReply = z.object({ data: z.object({ reviews: z.array(AdminReview), nextCursor: z.string().nullable() }) });
export type AdminReviewListReply = z.infer<typeof AdminReviewListReply>;

/** The link a firm gives a paid invoice's client: its path with the token, shown once. */
export const InvitationReply = z.object({ data: z.object({ path: z.string(), token: z.string() }) });
export type InvitationReply = z.infer<typeof InvitationReply>;

const tags = ['reviews'];
const clientErrors = { 403: ErrorReply, 404: ErrorReply, 410: ErrorReply, 429: ErrorReply };

export const reviewOperations = {
  firmReviews: operation({
    method: 'GET',
    path: '/firms/:firmId/reviews',
    scope: 'visitor',
    tags,
    summary: "A listed firm's visible reviews, newest first, with its rating and its typical time to answer an enquiry",
    params: FirmReviewsParams,
    query: ReviewsQuery,
    replies: { 200: FirmReviewsReply, 404: ErrorReply },
  }),
  clientGet: operation({
    method: 'GET',
    path: '/reviews/client/:token',
    scope: 'public',
    tags,
    summary: "What a review link (a paid invoice's, or a schedule's approval link) opens: the firm, the project and the client's review",
    params: ReviewTokenParams,
    replies: { 200: ClientReviewReply, ...clientErrors },
  }),
  clientCreate: operation({
    method: 'POST',
    path: '/reviews/client/:token',
    scope: 'public',
    tags,
    summary: 'The client reviews the firm for the project, once: a rating from 1 to 5 and a text',
    params: ReviewTokenParams,
    body: ReviewBody,
    replies: { 201: OwnReviewReply, 409: ErrorReply, ...clientErrors },
  }),
  list: operation({
    method: 'GET',
    path: '/reviews',
    scope: 'workspace',
    tags,
    summary: "The firm's reviews, newest first, hidden ones with the super-admin's reason",
    query: ReviewsQuery,
    replies: { 200: FirmReviewListReply },
  }),
  answer: operation({
    method: 'POST',
    path: '/reviews/:id/answer',
    scope: 'workspace',
    tags,
    summary: 'The firm answers a review, once',
    params: IdParams,
    body: AnswerBody,
    replies: { 200: FirmReviewReply, 404: ErrorReply, 409: ErrorReply },
  }),
  invite: operation({
    method: 'POST',
    path: '/reviews/invitations',
    scope: 'workspace',
    tags,
    summary: "A review link for a paid invoice's client (asking again replaces the link); the token is answered only now",
    body: InvitationBody,
    replies: { 201: InvitationReply, 404: ErrorReply, 409: ErrorReply },
  }),
} as const;

/** The super-admin's side, in its own declaration (docs/decisions/410). */
export const adminReviewOperations = {
  list: operation({
    method: 'GET',
    path: '/admin/reviews',
    scope: 'admin',
    tags: ['admin'],
    summary: 'Every review, newest first, hidden ones with their reason',
    query: ReviewsQuery,
    replies: { 200: AdminReviewListReply },
  }),
  hide: operation({
    method: 'POST',
    path: '/admin/reviews/:id/hide',
    scope: 'admin',
    tags: ['admin'],
    summary: 'Hide a review from the public, with a reason the firm and the client see',
    params: IdParams,
    body: HideBody,
    replies: { 200: AdminReviewReply, 404: ErrorReply },
  }),
  show: operation({
    method: 'POST',
    path: '/admin/reviews/:id/show',
    scope: 'admin',
    tags: ['admin'],
    summary: 'Show a hidden review again',
    params: IdParams,
    replies: { 200: AdminReviewReply, 404: ErrorReply },
  }),
} as const;
