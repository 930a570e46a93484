import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { CHAT_MESSAGES, ChatUnreadReply } from '../../contract/chat.js';
import { FileContentQuery } from '../../contract/files.js';
import { ErrorReply, IdParams, isId } from '../../contract/http.js';
import { HttpError, notFound } from '../../errors.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { findChatAttachment, unreadCounts } from '../../queries/chat.js';

const errors = { 404: ErrorReply };

/** Across the projects: the caller's unread counts (`/chat/unread`) and a chat file's bytes (`/chat/attachments/…`). */
export const chatReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/chat/unread',
    {
      schema: {
        tags: ['chat'],
        summary: "The caller's unread Group Chat messages per project it works on (one statement; projects with none left out)",
        response: { 200: ChatUnreadReply, ...errors },
      },
    },
    async (request) => {
      const { user } = request.session;
      return { data: await unreadCounts(db, user, requireFirmAccess(user, 'work')) };
    },
  );

  app.get(
    '/chat/attachments/:id/content',
    {
      schema: {
        tags: ['chat'],
        summary: 'A chat file’s bytes (same rules as project files: ranges, safe inline types only)',
        params: IdParams,
        querystring: FileContentQuery,
        response: { ...errors, 416: ErrorReply },
      },
    },
    async (request, reply) => {
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
  );
};
