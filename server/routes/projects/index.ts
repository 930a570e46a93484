import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photoDraftRoutes } from './photo-drafts.js';
import { projectReadRoutes } from './read.js';
import { projectSaveRoutes } from './save.js';

/**
 * Workspace projects (DESIGN.md sections 4 and 9; workspace-and-admin.md screens 1 and 2), scope
 * `workspace`: list and read for the firm and its employees (a plain employee sees the projects it
 * is a member of), create, update and delete for the firm and its sub-admins. The form is
 * multipart/form-data with the spec's field names and one photo (`profileImage`), kept private.
 */
export const workspaceProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(projectReadRoutes);
  await app.register(photoDraftRoutes);
  await app.register(projectSaveRoutes);
};
