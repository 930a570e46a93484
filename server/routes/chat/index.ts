import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatEventRoutes } from './events.js';
import { chatReadRoutes } from './reads.js';
import { chatThreadRoutes } from './thread.js';

/**
 * A workspace project's Group Chat (docs/decisions/116 and 117), scope
 * `workspace`, access 'work': the project's member employees, the firm and its sub-admins. Pages
 * of the thread by seq, a multipart post (text and files), the files through the access layer, and
 * a server-sent event stream fed by PostgreSQL LISTEN/NOTIFY, so a message posted on any api
 * replica reaches the streams held by every other one.
 */
export const workspaceChatRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(chatThreadRoutes);
  await app.register(chatReadRoutes);
  await app.register(chatEventRoutes);
};
