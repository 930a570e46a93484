import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { CHAT_MESSAGES, chatOperations as ops } from '../../contract/chat.js';
import { isId } from '../../contract/http.js';
import { routeOf } from '../declared.js';
import { HttpError, notFound } from '../../errors.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { findChatAttachment, unreadCounts } from '../../queries/chat.js';

/** Across the projects: the caller's unread counts (`/chat/unread`) and a chat file's bytes (`/chat/attachments/…`). */
export const chatReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.unread),
    handler: async (request) => {
      const { user } = request.session;
      return { data: await unreadCounts(db, user, requireFirmAccess(user, 'work')) };
    },
  });

  app.route({
    ...routeOf(ops.attachment),
    handler: async (request, reply) => {
      const file = isId(request.params.id) ? await findChatAttachment(db, request.params.id) : undefined;
      if (!file) throw notFound(CHAT_MESSAGES.attachmentNotFound);
      try {
        await requireProjectAccess(db, request.session, file.projectId, 'work');
      } catch (error) {
        // A file of a project the caller cannot see is as unknown as a missing one.
        if (error instanceof HttpError && error.statusCode === 404) throw notFound(CHAT_MESSAGES.attachmentNotFound);
        throw error;
      }
      return sendStoredFile(reply, request, {
        key: file.storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        disposition: request.query.disposition,
        notFoundMessage: CHAT_MESSAGES.attachmentNotFound,
      });
    },
  });
};
