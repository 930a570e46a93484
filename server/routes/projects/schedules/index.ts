import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardMargins } from '../../../auth/margins.js';
import { scheduleImageRoutes } from './images.js';
import { scheduleSaveRoutes } from './save.js';


/**
 * Project schedules (workspace-and-admin.md screen 3, DESIGN.md sections 4 and 9, docs/decisions/088),
 * in the `workspace` scope: everyone who may work on the project (the firm, its sub-admins, its
 * member employees) lists, adds, edits and deletes its schedules and their images.
 */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The summary in the list's reply carries margins only for those who may see them (docs/decisions/258).
  guardMargins(app);
  await app.register(scheduleSaveRoutes);
  await app.register(scheduleImageRoutes);
};
