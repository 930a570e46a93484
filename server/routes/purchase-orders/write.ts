import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeMargins } from '../../auth/margins.js';
import { requireScheduleAccess } from '../../auth/schedule-access.js';
import { requireTradeOrder } from '../../auth/trade-access.js';
import { BODY_LIMITS } from '../../body-limits.js';
import { PURCHASE_ORDER_MESSAGES as M, purchaseOrderOperations as ops } from '../../contract/purchase-orders.js';
import { routeOf } from '../declared.js';
import { forbidden } from '../../errors.js';
import { orderLines, toPurchaseOrderJson } from '../../queries/purchase-orders.js';
import { changeStatus, mailPurchaseOrder, raisePurchaseOrder, receiveLines } from '../../services/purchase-orders.js';

/**
 * Raising and moving purchase orders (docs/decisions/285): raise from approved
 * items, acknowledge, receive per line, cancel, mail to the supplier. 403 for anyone who may not
 * see trade prices; 404 for another firm's order; 409 for a change its status does not allow.
 */
export const purchaseOrderWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, firmMail } = app.ctx;
  const actorOf = (user: { id: string }, firmId: string) => ({ firmId, userId: user.id });

  app.route({
    ...routeOf(ops.raise),
    handler: async (request, reply) => {
      const { user } = request.session;
      const { schedule, access } = await requireScheduleAccess(db, request.session, request.body.scheduleId);
      if (!canSeeMargins(user)) throw forbidden(M.tradeOnly);
      const order = await raisePurchaseOrder(db, actorOf(user, access.firm.firmId), schedule, request.body);
      reply.code(201);
      return { message: M.raised(order.number), data: toPurchaseOrderJson(order, await orderLines(db, order.id), access.project.projectName) };
    },
  });

  for (const action of ['acknowledge', 'cancel'] as const) {
    app.route({
      ...routeOf(ops[action]),
      handler: async (request) => {
        const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
        await changeStatus(db, actorOf(request.session.user, access.firm.firmId), order.id, action);
        return { message: action === 'acknowledge' ? M.acknowledged : M.cancelled };
      },
    });
  }

  app.route({
    ...routeOf(ops.receive),
    handler: async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      await receiveLines(db, actorOf(request.session.user, access.firm.firmId), order.id, request.body.lines);
      return { message: M.received };
    },
  });

  app.route({
    ...routeOf(ops.mail),
    bodyLimit: BODY_LIMITS.orderMail,
    handler: async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      const { user } = request.session;
      const to = await mailPurchaseOrder(db, firmMail, { ...actorOf(user, access.firm.firmId), email: user.email }, order, request.body.pdf);
      return { message: M.mailed(to) };
    },
  });
};
