import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthOperations as ops } from '../../contract/health.js';
import { NEVER_SHED } from '../../load-shedding.js';
import { pingDatabase } from '../../queries/health.js';
import { routeOf } from '../declared.js';

/** Resolves to 'ok' when `check` settles within two seconds without an error. */
const probe = (check: () => Promise<unknown>) =>
  Promise.race([check().then(() => 'ok' as const), new Promise<'unavailable'>((resolve) => setTimeout(resolve, 2000, 'unavailable'))]).catch(() => 'unavailable' as const);

/**
 * Alive and ready told apart: `/api/health/live` answers while the process serves
 * (restart it when not); `/api/health` (and `/api/health/ready`) only while the database and the
 * file storage answer too (send it traffic only then: the proxy's health check, compose's gate).
 * None of them is shed for load (docs/decisions/350): a supervisor must hear that a busy api is alive.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  // Never shed; the config keeps the declaration beside it.
  const live = routeOf(ops.live);
  api.route({ ...live, config: { ...live.config, ...NEVER_SHED }, handler: async () => ({ status: 'ok' as const }) });

  const ready = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    const [database, storage] = await Promise.all([probe(() => pingDatabase(api.ctx.db)), probe(() => api.ctx.storage.check())]);
    const status = database === 'ok' && storage === 'ok' ? 'ok' : 'unavailable';
    return reply.status(status === 'ok' ? 200 : 503).send({ status, database, storage });
  };
  for (const route of [routeOf(ops.health), routeOf(ops.ready)]) api.route({ ...route, config: { ...route.config, ...NEVER_SHED }, handler: ready });
};
