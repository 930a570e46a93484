import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatNamedCursor } from '../../contract/keyset-cursor.js';
import { DirectoryQuery, DirectoryReply } from '../../contract/profile.js';
import { directoryPage } from '../../queries/directory.js';
import { sendCachedJson } from '../../services/public-cache.js';

/** The firm directory: approved firms only, filtered by place and by the types of their public projects (scope `visitor`). */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, publicCache } = app.ctx;

  app.get(
    '/users/user-firm',
    {
      schema: {
        tags: ['users'],
        summary: 'Firm directory (approved firms; a firm matches projectType when it has a public project of that type; `after` pages by cursor)',
        querystring: DirectoryQuery,
        response: { 200: DirectoryReply },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // A cursor page is keyed by its cursor (decision 175): `page` is not read then.
      const where = q.after ? `after:${formatNamedCursor(q.after)}` : q.page;
      const key = `directory:${JSON.stringify([where, q.limit, q.country, q.state, q.city, q.projectType])}`;
      return sendCachedJson(reply, publicCache.json(key, DirectoryReply, () => directoryPage(db, q)));
    },
  );
};
