import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardMargins } from '../../../auth/margins.js';
import { summaryDeleteAndCopyRoutes } from './deletes-and-copies.js';
import { summaryItemRoutes } from './items.js';
import { summaryMoveRoutes } from './moves.js';
import { summaryStructureRoutes } from './structure.js';

/**
 * A schedule's summary (workspace-and-admin.md screen 7; DESIGN.md sections 8 and 9;
 * docs/decisions/100–104), in the `workspace` scope: everyone who may work on the project (the
 * firm, its sub-admins, its member employees) reads and edits it; its margins only those who may
 * see them (server/auth/margins.ts).
 */
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Trade prices, profit and markup: only for those who may see margins (docs/decisions/258).
  guardMargins(app);
  await app.register(summaryStructureRoutes);
  await app.register(summaryItemRoutes);
  await app.register(summaryDeleteAndCopyRoutes);
  await app.register(summaryMoveRoutes);
};
