import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseOrderReadRoutes } from './read.js';
import { purchaseOrderWriteRoutes } from './write.js';

/** `/api/purchase-orders` (docs/decisions/285), scope `workspace`. */
export const purchaseOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(purchaseOrderReadRoutes);
  await app.register(purchaseOrderWriteRoutes);
};
