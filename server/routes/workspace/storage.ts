import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { StorageReply } from '../../contract/storage.js';
import { firmStorageUsed } from '../../queries/storage.js';

/** The firm's storage quota and what its files use, scope `workspace`: everyone of the firm sees it in Setting. */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  app.get(
    '/workspace/storage',
    {
      schema: {
        tags: ['workspace'],
        summary: "What the firm's files (project, task and chat files, pending uploads) use of its storage quota",
        response: { 200: StorageReply },
      },
    },
    async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      return { data: { usedBytes: await firmStorageUsed(db, firm.firmId), quotaBytes: config.FIRM_STORAGE_QUOTA_MB * 1024 * 1024 } };
    },
  );
};
