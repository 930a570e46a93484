import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardRoutes } from './board.js';
import { createTaskRoute } from './create.js';
import { moveRoutes } from './moves.js';

/** The task board's api (scope `workspace`; docs/decisions/111). */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(boardRoutes);
  await app.register(createTaskRoute);
  await app.register(moveRoutes);
};
