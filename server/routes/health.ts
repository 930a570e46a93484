import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';

/** GET /api/health: the api answers and its database too. */
export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) } } },
    async (_request, reply) => {
      try {
        await api.ctx.db.execute(sql`select 1`);
        return { status: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
};
