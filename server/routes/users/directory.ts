import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatNamedCursor, formatRatedCursor, RATED_CURSOR_MESSAGE, NAMED_CURSOR_MESSAGE } from '../../contract/keyset-cursor.js';
import { badRequest } from '../../errors.js';
import { DirectoryQuery, DirectoryReply } from '../../contract/profile.js';
import { ErrorReply } from '../../contract/http.js';
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
        summary: 'Firm directory (approved firms; a firm matches projectType when it has a public project of that type; `sort=rating` puts the best rated first; `after` pages by cursor)',
        querystring: DirectoryQuery,
        response: { 200: DirectoryReply, 400: ErrorReply },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // A cursor of one order does not page the other (docs/decisions/410).
      const rated = q.after !== undefined && 'ratingCenti' in q.after;
      if (q.after && rated !== (q.sort === 'rating')) throw badRequest(rated ? NAMED_CURSOR_MESSAGE : RATED_CURSOR_MESSAGE, [{ path: 'after', message: rated ? NAMED_CURSOR_MESSAGE : RATED_CURSOR_MESSAGE }]);
      // A cursor page is keyed by its cursor (decision 175): `page` is not read then.
      const cursorText = q.after ? ('ratingCenti' in q.after ? formatRatedCursor(q.after) : formatNamedCursor(q.after)) : undefined;
      const where = cursorText ? `after:${cursorText}` : q.page;
      const key = `directory:${JSON.stringify([q.sort, where, q.limit, q.country, q.state, q.city, q.projectType])}`;
      return sendCachedJson(reply, publicCache.json(key, DirectoryReply, () => directoryPage(db, q)));
    },
  );
};
