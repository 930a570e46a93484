import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatNamedCursor, formatRatedCursor, RATED_CURSOR_MESSAGE, NAMED_CURSOR_MESSAGE } from '../../contract/keyset-cursor.js';
import { badRequest } from '../../errors.js';
import { DirectoryReply } from '../../contract/profile.js';
import { showcaseOperations } from '../../contract/showcase-operations.js';
import { routeOf } from '../declared.js';
import { directoryPage } from '../../queries/directory.js';
import { sendCachedJson } from '../../services/public-cache.js';

/** The firm directory: approved firms only, filtered by place and by the types of their public projects (scope `visitor`). */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, publicCache } = app.ctx;

  app.route({
    ...routeOf(showcaseOperations.directory),
    handler: async (request, reply) => {
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
  });
};
