import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTradeOrder, requireTradeProject } from '../../auth/trade-access.js';
import { purchaseOrderOperations as ops } from '../../contract/purchase-orders.js';
import { routeOf } from '../declared.js';
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

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { project } = await requireTradeProject(db, request.session, request.query.projectId);
      const orders = await listPurchaseOrders(db, project.id);
      return { data: { project: { id: project.id, projectName: project.projectName }, orders: orders.map(toListItem) } };
    },
  });

  app.route({
    ...routeOf(ops.candidates),
    handler: async (request) => {
      const { project, firm } = await requireTradeProject(db, request.session, request.query.projectId);
      const schedules = await projectSchedules(db, project.id);
      const named = request.query.scheduleId;
      if (named && !schedules.some((s) => s.id === named)) throw notFound(SCHEDULE_MESSAGES.notFound);
      const scheduleId = named ?? schedules[0]?.id ?? null;
      const [items, suppliers, profile] = await Promise.all([scheduleId ? approvedItems(db, scheduleId) : [], listSuppliers(db, firm.firmId), findBillingProfile(db, firm.firmId)]);
      const held = await ordersHolding(
        db,
        items.map((i) => i.id),
      );
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
  });

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      return { data: toPurchaseOrderJson(order, await orderLines(db, order.id), access.project.projectName) };
    },
  });

  app.route({
    ...routeOf(ops.print),
    handler: async (request) => {
      const { order, access } = await requireTradeOrder(db, request.session, request.params.id);
      const [lines, letterhead] = await Promise.all([orderLines(db, order.id), firmLetterhead(db, order.firmId)]);
      return {
        data: {
          order: toPurchaseOrderJson(order, lines, access.project.projectName),
          logo: await logoDataUrl(storage, letterhead.profileImage),
          totalInWords: amountInWords(order.total),
          timeZone: letterhead.timeZone,
        },
      };
    },
  });
};
