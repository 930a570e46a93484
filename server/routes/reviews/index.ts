import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { isId } from '../../contract/http.js';
import { REVIEW_MESSAGES as M, reviewOperations as ops, REVIEWS_PAGE_SIZE } from '../../contract/reviews.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { answerReview, findReview, firmFacts, firmRating, firmReviewsPage, saveInvitation, toFirmReview } from '../../queries/reviews.js';
import { newToken } from '../../services/tokens.js';
import { routeOf } from '../declared.js';
import { billingFirm, firmInvoice } from '../invoices/shared.js';

/**
 * The firm's side of its reviews (docs/decisions/409, 410), scope `workspace`, for the firm and its
 * sub-admins: the list (hidden ones with the super-admin's reason), one answer per review, and the
 * review link of a paid invoice, whose token is answered once and kept only hashed.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const [facts, rating, { rows, nextCursor }] = await Promise.all([
        firmFacts(db, firm.firmId),
        firmRating(db, firm.firmId),
        firmReviewsPage(db, firm.firmId, { after: request.query.after, limit: REVIEWS_PAGE_SIZE, visibleOnly: false }),
      ]);
      const zone = facts?.timeZone ?? 'Asia/Kolkata';
      return { data: { reviews: rows.map((r) => toFirmReview(r.review, zone)), rating, nextCursor } };
    },
  });

  app.route({
    ...routeOf(ops.answer),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const { id } = request.params;
      const found = isId(id) ? await findReview(db, id) : undefined;
      // Another firm's review is not found: a stranger learns nothing of it.
      if (!found || found.firmId !== firm.firmId) throw notFound(M.reviewNotFound);
      const row = await db.transaction(async (tx) => {
        const answered = await answerReview(tx, found.id, request.body.answer, user.id);
        if (!answered) throw conflict(M.answered);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'review.answered', targetType: 'review', targetId: found.id });
        return answered;
      });
      const facts = await firmFacts(db, firm.firmId);
      return { data: toFirmReview(row, facts?.timeZone ?? 'Asia/Kolkata') };
    },
  });

  app.route({
    ...routeOf(ops.invite),
    handler: async (request, reply) => {
      const { actor, firmId } = billingFirm(request);
      const invoice = await firmInvoice(db, firmId, request.body.invoiceId);
      if (invoice.kind !== 'invoice') throw notFound('Invoice not found');
      if (invoice.status !== 'paid') throw conflict(M.invoiceNotPaid);
      if (!invoice.contactId || !invoice.projectId) throw conflict(M.invoiceNoClient);
      const { token, hash } = newToken();
      await db.transaction(async (tx) => {
        await saveInvitation(tx, { firmId, invoiceId: invoice.id, tokenHash: hash, by: actor.id });
        await recordAudit(tx, { actorId: actor.id, firmId, action: 'review.invited', targetType: 'invoice', targetId: invoice.id });
      });
      return reply.code(201).send({ data: { path: `/review/${token}`, token } });
    },
  });
};
