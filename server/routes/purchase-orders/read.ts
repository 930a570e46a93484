import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTradeOrder, requireTradeProject } from '../../auth/trade-access.js';
import { ErrorReply, IdParams } from '../../contract/http.js';
import { CandidatesQuery, CandidatesReply, PurchaseOrderListQuery, PurchaseOrderListReply, PurchaseOrderPrintReply, PurchaseOrderReply } from '../../contract/purchase-orders.js';
import { SCHEDULE_MESSAGES } from '../../contract/schedules-rules.js';
import { notFound } from '../../errors.js';
import { amountInWords } from '../../money/words.js';
import { findBillingProfile } from '../../queries/billing.js';
import { firmLetterhead } from '../../queries/letterhead.js';
import { approvedItems, listPurchaseOrders, listSuppliers, orderLines, ordersHolding, projectSchedules, toListItem, toPurchaseOrderJson } from '../../queries/purchase-orders.js';
import { logoDataUrl } from '../../services/print-images.js';

/** Reading purchase orders (docs/decisions/285): a project's list, one order, its print data, and what a new one is made from. */
export const purchaseOrderReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.get(
    '/purchase-orders',
    { schema: { tags: ['purchase-orders'], summary: "A project's purchase orders, newest first", querystring: PurchaseOrderListQuery, response: { 200: PurchaseOrderListReply, 404: ErrorReply } } },
    async (request) => {
      const { project } = await requireTradeProject(db, request.session, request.query.projectId);
      const orders = await listPurchaseOrders(db, project.id);
      return { data: { project: { id: project.id, projectName: project.projectName }, orders: orders.map(toListItem) } };
    },
  );

  app.get(
    '/purchase-orders/candidates',
    {
      schema: {
        tags: ['purchase-orders'],
        summary: "The new-order form's choices: the project's schedules, the approved priced items of the one chosen, the firm's suppliers",
        querystring: CandidatesQuery,
        response: { 200: CandidatesReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const { project, firm } = await requireTradeProject(db, request.session, request.query.projectId);
      const schedules = await projectSchedules(db, project.id);
      const named = request.query.scheduleId;
      if (named && !schedules.some((s) => s.id === named)) throw notFound(SCHEDULE_MESSAGES.notFound);
      const scheduleId = named ?? schedules[0]?.id ?? null;
      const [items, suppliers, profile] = await Promise.all([scheduleId ? approvedItems(db, scheduleId) : [], listSuppliers(db, firm.firmId), findBillingProfile(db, firm.firmId)]);
      const held = await ordersHolding(db, items.map((i) => i.id));
      return {
        data: {
          project: { id: project.id, projectName: project.projectName },
          schedules,
          scheduleId,
          items: items.map((i) => ({ id: i.id, roomName: i.roomName, sectionTitle: i.sectionTitle, title: i.title, type: i.type, quantity: i.quantity, tradePrice: i.tradePrice, orderedOn: held.get(i.id) ?? [] })),
          suppliers: suppliers.map((s) => ({ ...s, state: s.state ?? '' })),
          billingReady: !!profile,
        },
      };
    },
  );

  app.get(
    '/purchase-orders/:id',
    { schema: { tags: ['purchase-orders'], summary: 'One purchase order with its lines', params: IdParams, response: { 200: PurchaseOrderReply, 404: ErrorReply } } },
    async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      return { data: toPurchaseOrderJson(order, await orderLines(db, order.id), access.project.projectName) };
    },
  );

  app.get(
    '/purchase-orders/:id/print',
    { schema: { tags: ['purchase-orders'], summary: "A purchase order's print data: the order and the firm's logo as a data URL", params: IdParams, response: { 200: PurchaseOrderPrintReply, 404: ErrorReply } } },
    async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      const [lines, letterhead] = await Promise.all([orderLines(db, order.id), firmLetterhead(db, order.firmId)]);
      return { data: { order: toPurchaseOrderJson(order, lines, access.project.projectName), logo: await logoDataUrl(storage, letterhead.profileImage), totalInWords: amountInWords(order.total), timeZone: letterhead.timeZone } };
    },
  );
};

