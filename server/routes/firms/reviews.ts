import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../contract/http.js';
import { reviewOperations as ops, REVIEWS_PAGE_SIZE } from '../../contract/reviews.js';
import { zoneOf } from '../../contract/dates.js';
import { notFound } from '../../errors.js';
import { firmReviewsPage, responseTime, toPublicReview } from '../../queries/reviews.js';
import { findFirmAccount } from '../../queries/showcase.js';
import { routeOf } from '../declared.js';

/**
 * A firm's reviews on its public page (docs/decisions/409–411), scope `visitor`: the visible ones,
 * newest first by keyset, with the kept rating and the firm's typical time to answer an enquiry.
 * A firm the public does not see is not found (the firm itself sees its own).
 */
export const firmReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.firmReviews),
    handler: async (request) => {
      const { firmId } = request.params;
      const found = isId(firmId) ? await findFirmAccount(db, firmId) : undefined;
      if (!found || !(found.listed || found.firm.id === request.optionalSession?.user.id)) throw notFound('Firm not found');
      const { firm } = found;
      const [{ rows, nextCursor }, answers] = await Promise.all([
        firmReviewsPage(db, firm.id, { after: request.query.after, limit: REVIEWS_PAGE_SIZE, visibleOnly: true }),
        responseTime(db, firm.id),
      ]);
      const zone = zoneOf(firm);
      return {
        data: {
          rating: { count: firm.reviewCount, averageCenti: firm.ratingCenti },
          responseTime: answers,
          reviews: rows.map((r) => toPublicReview(r.review, zone)),
          nextCursor,
        },
      };
    },
  });
};

