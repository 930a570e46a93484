import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { workspaceProjectOperations as ops } from '../../contract/workspace-projects.js';
import { routeOf } from '../declared.js';
import { notFound } from '../../errors.js';
import { streamStoredFile } from '../../files/send-stored-file.js';
import { listWorkspaceProjects, toWorkspaceProjectJson, workspaceProjectsPage } from '../../queries/workspace-projects.js';
import { photoFileKey, photoVersion } from '../../services/workspace-photos.js';

/** The list (whole or by page), one project, and its photo: for everyone who may work on it. */
export const projectReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      const access = firm.canManage ? 'manage' : 'work';
      const { page, limit, search } = request.query;
      // Without a page, the whole list as before (the pickers, the task form, the calendar read it).
      if (page === undefined) {
        const rows = await listWorkspaceProjects(db, user, firm, search);
        return { data: rows.map((row) => toWorkspaceProjectJson(row, access)), canManage: firm.canManage };
      }
      const { rows, count } = await workspaceProjectsPage(db, user, firm, { page, limit, search });
      return { data: rows.map((row) => toWorkspaceProjectJson(row, access)), canManage: firm.canManage, count, page, limit };
    },
  });

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const { project, level } = await requireProjectAccess(db, request.session, request.params.id, 'work');
      return { data: toWorkspaceProjectJson(project, level) };
    },
  });

  app.route({
    ...routeOf(ops.photo),
    handler: async (request, reply) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.id, 'work');
      if (!project.photoKey) throw notFound('This project has no photo');
      // A url naming the current version never changes: cached for a year, in the browser only.
      const current = request.query.v === photoVersion(project.photoKey);
      return streamStoredFile(request, reply, {
        area: 'private',
        key: photoFileKey(project.photoKey, request.query.size),
        contentType: 'image/webp',
        notFoundMessage: 'This project has no photo',
        headers: {
          'content-disposition': 'inline',
          'x-content-type-options': 'nosniff',
          'cache-control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        },
      });
    },
  });
};
