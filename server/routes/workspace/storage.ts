import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { planOperations } from '../../contract/billing-operations.js';
import { firmStorageUsed } from '../../queries/storage.js';
import { routeOf } from '../declared.js';

/** The firm's storage quota and what its files use, scope `workspace`: everyone of the firm sees it in Setting. */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  app.route({
    ...routeOf(planOperations.storage),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      return { data: { usedBytes: await firmStorageUsed(db, firm.firmId), quotaBytes: config.FIRM_STORAGE_QUOTA_MB * 1024 * 1024 } };
    },
  });
};
