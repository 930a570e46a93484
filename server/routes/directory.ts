import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply } from '../contract/http.js';
import { DirectoryQuery, DirectoryReply } from '../contract/profile.js';
import { directoryPage } from '../queries/directory.js';

/** The firm directory: approved firms only, filtered by place and by the types of their public projects (scope `visitor`). */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/users/user-firm',
    {
      schema: {
        tags: ['users'],
        summary: 'Firm directory (approved firms; a firm matches projectType when it has a public project of that type)',
        querystring: DirectoryQuery,
        response: { 200: DirectoryReply, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) => directoryPage(db, request.query),
  );
};
