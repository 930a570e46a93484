import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REVIEW_MESSAGES as M, reviewOperations as ops } from '../../contract/reviews.js';
import { SHARE_MESSAGES } from '../../contract/share-links.js';
import { conflict, forbidden, HttpError, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { usersWantingMail } from '../../queries/settings.js';
import { decisionRecipients } from '../../queries/share-links.js';
import { findReviewOf, insertReview, refreshFirmRating, reviewKeyOfToken, toOwnReview } from '../../queries/reviews.js';
import { AttemptLimiter } from '../../services/rate-limits/attempt-limiter.js';
import { hashToken } from '../../services/tokens.js';
import { routeOf } from '../declared.js';

/**
 * The client's side of a review (docs/decisions/409), scope `public`: no account, the token of the
 * link is the key — a paid invoice's review link, or the schedule approval link the client already
 * holds. A wrong token answers 404 and says nothing of what exists; a link whose client may not (or
 * no longer) review answers 403 with why; a closed approval link 410. Calls are limited per visitor
 * address (and writes also per link) on the approval links' allowance, so tokens cannot be guessed
 * at speed.
 */

const WINDOW_MS = 15 * 60 * 1000;
/** A token as newToken makes it: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const reviewClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, background } = app.ctx;
  const { SHARE_VIEWS_PER_WINDOW: viewsMax, SHARE_DECISIONS_PER_WINDOW: writesMax } = config;
  const views = new AttemptLimiter(app.ctx.limiter.store, { max: viewsMax, addressMax: viewsMax, windowMs: WINDOW_MS, maxDelayMs: 0 });
  const writes = new AttemptLimiter(app.ctx.limiter.store, { max: writesMax, addressMax: writesMax * 2, windowMs: WINDOW_MS, maxDelayMs: 0 });

  /** The client a token names: 404 when none, 410 when its approval link is closed. */
  async function keyOf(token: string) {
    const key = TOKEN_SHAPE.test(token) ? await reviewKeyOfToken(db, hashToken(token)) : undefined;
    if (!key) throw notFound(M.notFound);
    if (key.gone) throw new HttpError(410, key.gone === 'revoked' ? SHARE_MESSAGES.revoked : SHARE_MESSAGES.expired, undefined, 'link-gone');
    return key;
  }

  app.route({
    ...routeOf(ops.clientGet),
    handler: async (request) =>
      views.run(
        'review-view',
        { address: request.ip },
        async () => {
          const key = await keyOf(request.params.token);
          const review = await findReviewOf(db, key);
          return {
            data: {
              firm: { id: key.firmId, name: key.firmName },
              project: { name: key.projectName },
              // Written before: the review stands whatever happened to the payment since.
              refusal: review || !key.refusal ? null : M[key.refusal],
              review: review ? toOwnReview(review, key.timeZone) : null,
            },
          };
        },
        'every',
      ),
  });

  app.route({
    ...routeOf(ops.clientCreate),
    handler: async (request, reply) => {
      const { token } = request.params;
      return writes.run(
        'review-write',
        { address: request.ip, account: token.slice(0, 64) },
        async () => {
          const key = await keyOf(token);
          if (key.refusal) throw forbidden(M[key.refusal]);
          const row = await db.transaction(async (tx) => {
            const inserted = await insertReview(tx, key, request.body);
            if (!inserted) throw conflict(M.already);
            await refreshFirmRating(tx, key.firmId);
            await recordAudit(tx, {
              actorId: null,
              firmId: key.firmId,
              action: 'review.created',
              targetType: 'review',
              targetId: inserted.id,
              details: { rating: inserted.rating, projectId: key.projectId, via: key.invoiceId ? 'invoice' : 'schedule' },
            });
            return inserted;
          });
          // The firm hears of it as of a client's decision (its Setting's Client Board mails), to answer it.
          background.defer('review mail', async () => {
            const [firm] = await decisionRecipients(db, { firmId: key.firmId, createdBy: null });
            if (!firm || !(await usersWantingMail(db, [firm.id], 'clientDecisions')).has(firm.id)) return;
            await mailer.send({
              to: firm.email,
              subject: `A new ${row.rating}-star review for ${key.projectName}`,
              text: [`A client reviewed ${key.firmName} for the project ${key.projectName}: ${row.rating} of 5 stars.`, '', row.body, '', `Answer it once, under the review: ${config.PUBLIC_URL}/workspace/reviews`].join('\n'),
            });
          });
          return reply.code(201).send({ data: toOwnReview(row, key.timeZone) });
        },
        'every',
      );
    },
  });
};
