import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../contract/http.js';
import { adminReviewOperations as ops, REVIEW_MESSAGES as M, REVIEWS_PAGE_SIZE } from '../../contract/reviews.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { allReviewsPage, firmFacts, refreshFirmRating, setReviewHidden, toAdminReview, type ReviewRow } from '../../queries/reviews.js';
import { routeOf } from '../declared.js';

/**
 * The super-admin's moderation of reviews (docs/decisions/410), scope `admin`: every review newest
 * first; hide one with a reason that the firm (its workspace list) and the client (the review
 * link) read, or show it again. The firm's kept rating follows in the same transaction.
 */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  async function adminJson(row: ReviewRow) {
    const firm = await firmFacts(db, row.firmId);
    return toAdminReview(row, { id: row.firmId, name: firm?.name ?? '', timeZone: firm?.timeZone ?? null });
  }

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { rows, nextCursor } = await allReviewsPage(db, { after: request.query.after, limit: REVIEWS_PAGE_SIZE });
      return { data: { reviews: rows.map((r) => toAdminReview(r.review, { id: r.review.firmId, name: r.firmName, timeZone: r.timeZone })), nextCursor } };
    },
  });

  /** Hides (a reason) or shows (null) a review, with the firm's rating and the audit log. */
  async function moderate(id: string, actorId: string, reason: string | null) {
    if (!isId(id)) throw notFound(M.reviewNotFound);
    const row = await db.transaction(async (tx) => {
      const changed = await setReviewHidden(tx, id, reason === null ? null : { reason, by: actorId });
      if (!changed) throw notFound(M.reviewNotFound);
      await refreshFirmRating(tx, changed.firmId);
      await recordAudit(tx, { actorId, firmId: changed.firmId, action: reason === null ? 'review.shown' : 'review.hidden', targetType: 'review', targetId: id, details: reason === null ? {} : { reason } });
      return changed;
    });
    return { data: await adminJson(row) };
  }

  app.route({
    ...routeOf(ops.hide),
    handler: async (request) => moderate(request.params.id, request.session.user.id, request.body.reason),
  });

  app.route({
    ...routeOf(ops.show),
    handler: async (request) => moderate(request.params.id, request.session.user.id, null),
  });
};
