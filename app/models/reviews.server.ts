import { call } from '~/utils/api.server';
import { adminReviewOperations as adminOps, reviewOperations as ops } from '../../server/contract/reviews';
import type { AnswerBody, HideBody, ReviewBody } from '../../server/contract/reviews';

/**
 * The web's calls to the reviews api (docs/decisions/409–411), by their declarations
 * (server/contract/reviews.ts, docs/decisions/370). The client's two carry the review link's token;
 * the visitor's address goes with every call, so the link limits count the visitor.
 */

/** A firm's visible reviews, its rating and its typical time to answer (the firm's public page). */
export async function getFirmReviews(request: Request, firmId: string, after?: string) {
  return (await call(request, ops.firmReviews, { params: { firmId }, query: after ? { after } : {} })).data;
}

export async function getClientReview(request: Request, token: string) {
  return (await call(request, ops.clientGet, { params: { token } })).data;
}

export async function writeClientReview(request: Request, token: string, body: ReviewBody) {
  return (await call(request, ops.clientCreate, { params: { token }, json: body })).data;
}

export async function listOwnReviews(request: Request, after?: string) {
  return (await call(request, ops.list, { query: after ? { after } : {} })).data;
}

export async function answerReview(request: Request, id: string, body: AnswerBody) {
  return (await call(request, ops.answer, { params: { id }, json: body })).data;
}

/** A paid invoice's review link (its path with the token), shown to the firm once. */
export async function inviteReview(request: Request, invoiceId: string) {
  return (await call(request, ops.invite, { json: { invoiceId } })).data;
}

export async function listAllReviews(request: Request, after?: string) {
  return (await call(request, adminOps.list, { query: after ? { after } : {}, admin: true })).data;
}

export async function hideReview(request: Request, id: string, body: HideBody) {
  return (await call(request, adminOps.hide, { params: { id }, json: body, admin: true })).data;
}

export async function showReview(request: Request, id: string) {
  return (await call(request, adminOps.show, { params: { id }, admin: true })).data;
}
