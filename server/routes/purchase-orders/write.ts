import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeMargins } from '../../auth/margins.js';
import { requireScheduleAccess } from '../../auth/schedule-access.js';
import { requireTradeOrder } from '../../auth/trade-access.js';
import { BODY_LIMITS } from '../../body-limits.js';
import { ErrorReply, IdParams, MessageReply } from '../../contract/http.js';
import { MailBody, NewPurchaseOrderBody, PURCHASE_ORDER_MESSAGES as M, PurchaseOrderReply, ReceiveBody } from '../../contract/purchase-orders.js';
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

  app.post(
    '/purchase-orders',
    {
      schema: {
        tags: ['purchase-orders'],
        summary: 'Raise a purchase order to a supplier for approved items of a schedule, at trade price (numbered, status Sent)',
        body: NewPurchaseOrderBody,
        response: { 201: PurchaseOrderReply, 404: ErrorReply, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const { schedule, access } = await requireScheduleAccess(db, request.session, request.body.scheduleId);
      if (!canSeeMargins(user)) throw forbidden(M.tradeOnly);
      const order = await raisePurchaseOrder(db, actorOf(user, access.firm.firmId), schedule, request.body);
      reply.code(201);
      return { message: M.raised(order.number), data: toPurchaseOrderJson(order, await orderLines(db, order.id), access.project.projectName) };
    },
  );

  for (const action of ['acknowledge', 'cancel'] as const) {
    app.post(
      `/purchase-orders/:id/${action}`,
      { schema: { tags: ['purchase-orders'], summary: action === 'acknowledge' ? 'Mark a sent order acknowledged by the supplier' : 'Cancel an order nothing has arrived on', params: IdParams, response: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } } },
      async (request) => {
        const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
        await changeStatus(db, actorOf(request.session.user, access.firm.firmId), order.id, action);
        return { message: action === 'acknowledge' ? M.acknowledged : M.cancelled };
      },
    );
  }

  app.post(
    '/purchase-orders/:id/receive',
    { schema: { tags: ['purchase-orders'], summary: 'Set the quantity received of lines (as counted now); the order becomes partly received or received', params: IdParams, body: ReceiveBody, response: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } } },
    async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      await receiveLines(db, actorOf(request.session.user, access.firm.firmId), order.id, request.body.lines);
      return { message: M.received };
    },
  );

  app.post(
    '/purchase-orders/:id/mail',
    {
      bodyLimit: BODY_LIMITS.orderMail,
      schema: { tags: ['purchase-orders'], summary: "Mail the order's PDF (base64, made from its print data) to the supplier (verified firms only)", params: IdParams, body: MailBody, response: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply, 429: ErrorReply, 503: ErrorReply } },
    },
    async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      const { user } = request.session;
      const to = await mailPurchaseOrder(db, firmMail, { ...actorOf(user, access.firm.firmId), email: user.email }, order, request.body.pdf);
      return { message: M.mailed(to) };
    },
  );
};
