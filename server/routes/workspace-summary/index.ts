import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { summaryItemRoutes } from './items.js';
import { summaryMoveRoutes } from './moves.js';
import { summaryStructureRoutes } from './structure.js';

/**
 * A schedule's summary (workspace-and-admin.md screen 7; DESIGN.md sections 8 and 9;
 * docs/decisions/100–104), in the `workspace` scope: everyone who may work on the project (the
 * firm, its sub-admins, its member employees) reads and edits it.
 */
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(summaryStructureRoutes);
  await app.register(summaryItemRoutes);
  await app.register(summaryMoveRoutes);
};
