import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProjectAccess } from '../auth/project-access.js';
import {
  CHAT_EVENT,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  ChatEditBody,
  ChatEventsQuery,
  ChatMessageParams,
  ChatMessageReply,
  ChatPageQuery,
  ChatPageReply,
  ChatUnreadReply,
  ProjectChatParams,
  withinEditWindow,
} from '../contract/chat.js';
import { requireFirmAccess } from '../auth/firm.js';
import { FileContentQuery } from '../contract/files.js';
import { ErrorReply, IdParams, isId } from '../contract/http.js';
import { newId } from '../db/ids.js';
import { badRequest, forbidden, HttpError, notFound, serviceUnavailable } from '../errors.js';
import { withReceivedFiles } from '../files/receive-files.js';
import { sendStoredFile } from '../files/send-stored-file.js';
import { workspaceFiles } from '../files/upload-kinds.js';
import {
  chatFileKey,
  chatPage,
  chatReaders,
  editChatMessage,
  findChatAttachment,
  findChatMessage,
  insertChatMessage,
  latestSeq,
  markChatRead,
  messageHasFiles,
  messagesAfter,
  unreadCounts,
} from '../queries/chat.js';
import { usersWantingMail } from '../queries/settings.js';
import { contentTypeOfUpload } from '../services/project-files.js';

/**
 * A workspace project's Group Chat (issue 12 item 5; docs/decisions/116 and 117), scope
 * `workspace`, access 'work': the project's member employees, the firm and its sub-admins. Pages
 * of the thread by seq, a multipart post (text and files), the files through the access layer, and
 * a server-sent event stream fed by PostgreSQL LISTEN/NOTIFY, so a message posted on any api
 * replica reaches the streams held by every other one.
 */

const errors = { 404: ErrorReply };

/** Messages a stream reads at once; a longer backlog is read in several rounds. */
const STREAM_BATCH = 100;
/** A comment line keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long; the browser reconnects at once with Last-Event-ID, and the new
 * request checks the session and the project access again (a revoked token or a removed member
 * stops receiving within this time).
 */
const STREAM_MAX_MS = 5 * 60_000;

/** A message's text as posted or edited: trimmed, at most CHAT_LIMITS.body; empty only when the message has files. */
function chatBody(raw: string, hasFiles: boolean, emptyMessage: string): string {
  const body = raw.trim();
  if (body.length > CHAT_LIMITS.body) throw badRequest(CHAT_MESSAGES.tooLong, [{ path: 'body', message: CHAT_MESSAGES.tooLong }]);
  if (!body && !hasFiles) throw badRequest(emptyMessage, [{ path: 'body', message: emptyMessage }]);
  return body;
}

/** A Last-Event-ID header as a seq, or undefined (absent or not a number: the query or the thread's end decides). */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export const workspaceChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config, chatHub, firmMail, background } = app.ctx;
  // A project's files, with the chat's own words for too many of them.
  const projectFiles = workspaceFiles(config, CHAT_LIMITS.filesPerMessage);
  const chatFiles = { ...projectFiles, messages: { ...projectFiles.messages, count: CHAT_MESSAGES.tooManyFiles } };

  /** A short mail to the project's other readers who keep chat mails on (docs/decisions/118), after the answer. */
  function mailChatMessage(project: { id: string; userId: string; projectName: string }, author: { id: string; userName: string }, body: string, fileCount: number) {
    background.defer('chat mail', async () => {
      const readers = await chatReaders(db, project.userId, project.id, author.id);
      const wanting = await usersWantingMail(db, readers.map((r) => r.id), 'chat');
      const preview = body ? (body.length > 140 ? `${body.slice(0, 137)}…` : body) : `${fileCount} file${fileCount === 1 ? '' : 's'}`;
      for (const reader of readers) {
        if (!wanting.has(reader.id)) continue;
        await firmMail.sendIfAllowed({ firmId: project.userId, actorId: author.id, kind: 'chat', target: { type: 'project', id: project.id } }, {
          to: reader.email,
          subject: `New message in ${project.projectName}`,
          text: `Hello ${reader.userName},\n\n${author.userName} wrote in the Group Chat of ${project.projectName}:\n\n${preview}\n\nOpen the chat: ${config.PUBLIC_URL}/workspace/group-chat/${project.id}\n\nYou can turn these mails off in Setting.`,
        });
      }
    });
  }

  app.get(
    '/projects/:projectId/chat',
    {
      schema: {
        tags: ['chat'],
        summary: "A page of a project's Group Chat, oldest first (the newest page, or the one before seq `before`)",
        params: ProjectChatParams,
        querystring: ChatPageQuery,
        response: { 200: ChatPageReply, ...errors },
      },
    },
    async (request) => {
      const { session } = request;
      const { project } = await requireProjectAccess(db, session, request.params.projectId, 'work');
      // The stream's start first: a message committed in between is in the page and sent again by
      // the stream (the page merges by id), never in neither.
      const latest = await latestSeq(db, project.id);
      const page = await chatPage(db, project.id, request.query);
      // Opening the newest page reads the conversation (docs/decisions/172).
      const newest = page.messages.at(-1);
      if (request.query.before === undefined && newest) await markChatRead(db, session.user.id, project.id, newest.seq);
      return { data: { project: { id: project.id, projectName: project.projectName }, ...page, latest: latest.revision } };
    },
  );

  app.post(
    '/projects/:projectId/chat',
    {
      schema: {
        tags: ['chat'],
        summary: `Post a message (multipart: body, up to ${CHAT_LIMITS.filesPerMessage} files, MAX_FILE_MB each)`,
        consumes: ['multipart/form-data'],
        params: ProjectChatParams,
        response: { 201: ChatMessageReply, ...errors, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const { session } = request;
      // Before a byte of the files is read: nobody outside the project uploads anything.
      const { project } = await requireProjectAccess(db, session, request.params.projectId, 'work');
      const message = await withReceivedFiles(
        request,
        { accountId: session.user.id, fileFields: ['files'], maxFields: 5, ...chatFiles },
        async (upload) => {
          const body = chatBody(upload.fields.body?.[0] ?? '', upload.files.length > 0, CHAT_MESSAGES.empty);
          const files = await Promise.all(
            upload.files.map(async (file) => {
              const id = newId();
              return { id, fileName: file.fileName, size: file.size, path: file.path, storageKey: chatFileKey(project.id, id), contentType: await contentTypeOfUpload(file.path, file.type) };
            }),
          );
          const stored: string[] = [];
          try {
            for (const file of files) {
              await storage.put('private', file.storageKey, fs.createReadStream(file.path), { contentType: file.contentType });
              stored.push(file.storageKey);
            }
            return await db.transaction((tx) =>
              insertChatMessage(
                tx,
                { id: newId(), projectId: project.id, authorId: session.user.id, authorName: session.user.userName, body },
                files.map(({ path: _path, ...file }) => file),
              ),
            );
          } catch (error) {
            // Nothing of a message that was not written stays in storage.
            if (stored.length) await storage.delete('private', stored).catch((cleanup: unknown) => request.log.error({ err: cleanup }, 'removing chat files'));
            throw error;
          }
        },
      );
      mailChatMessage(project, session.user, message.body, message.attachments.length);
      return reply.status(201).send({ data: message });
    },
  );

  app.patch(
    '/projects/:projectId/chat/:messageId',
    {
      schema: {
        tags: ['chat'],
        summary: `Edit one's own message's text, within ${CHAT_LIMITS.editMinutes} minutes of sending it; open streams receive it again`,
        params: ChatMessageParams,
        body: ChatEditBody,
        response: { 200: ChatMessageReply, ...errors },
      },
    },
    async (request) => {
      const { session } = request;
      const { project } = await requireProjectAccess(db, session, request.params.projectId, 'work');
      const message = isId(request.params.messageId) ? await findChatMessage(db, project.id, request.params.messageId) : undefined;
      if (!message) throw notFound(CHAT_MESSAGES.messageNotFound);
      if (message.authorId !== session.user.id) throw forbidden(CHAT_MESSAGES.notAuthor);
      if (!withinEditWindow(message.createdAt)) throw forbidden(CHAT_MESSAGES.editWindowPassed);
      const body = chatBody(request.body.body, await messageHasFiles(db, message.id), CHAT_MESSAGES.editEmpty);
      const edited = await db.transaction((tx) => editChatMessage(tx, message, body));
      return { data: edited };
    },
  );

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

  app.get(
    '/projects/:projectId/chat/events',
    {
      schema: {
        tags: ['chat'],
        summary:
          'New messages as server-sent events (event "message", id = seq), from Last-Event-ID, else `after`, else the end of the thread; ends after 5 minutes (the browser reconnects)',
        params: ProjectChatParams,
        querystring: ChatEventsQuery,
        response: { ...errors, 503: ErrorReply },
      },
    },
    async (request, reply) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      if (!chatHub.available) throw serviceUnavailable();
      let last = lastEventId(request.headers['last-event-id']) ?? request.query.after ?? (await latestSeq(db, project.id)).revision;
      const readerId = request.session.user.id;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: the web's compression leaves the stream alone (it would hold events back).
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        // The socket goes with the stream: a kept-alive one would hold the server's shutdown for its idle timeout.
        connection: 'close',
      });
      raw.write('retry: 3000\n\n');

      let closed = false;
      let reading = false;
      let readAgain = false;
      let unsubscribe: (() => void) | undefined;
      // Reads everything after `last` and sends it; a wake-up during a read reads once more after it.
      const send = async () => {
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        try {
          do {
            readAgain = false;
            const messages = await messagesAfter(db, project.id, last, STREAM_BATCH);
            for (const message of messages) {
              if (closed) return;
              raw.write(`id: ${message.revision}\nevent: ${CHAT_EVENT}\ndata: ${JSON.stringify(message)}\n\n`);
              last = message.revision;
            }
            // An open conversation reads what it is sent (docs/decisions/172); an edit moves nothing.
            const newest = Math.max(0, ...messages.map((m) => m.seq));
            if (newest > 0) await markChatRead(db, readerId, project.id, newest);
            if (messages.length === STREAM_BATCH) readAgain = true;
          } while (readAgain && !closed);
        } catch (error) {
          request.log.error({ err: error }, 'chat stream read failed');
          end();
        } finally {
          reading = false;
        }
      };
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const maxAge = setTimeout(() => end(), STREAM_MAX_MS);
      function end() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        unsubscribe?.();
        socket.off('close', end);
        raw.end();
      }
      const socket = request.raw.socket;
      socket.once('close', end);
      raw.once('close', end);
      // A client gone during the checks above closed its socket before these listeners existed.
      if (socket.destroyed) end();
      try {
        unsubscribe = await chatHub.subscribe(project.id, readerId, () => void send(), end);
      } catch (error) {
        request.log.error({ err: error }, 'chat stream could not listen');
        end();
        return;
      }
      if (closed) unsubscribe();
      // What was committed before this stream listened (or while the browser was away).
      else await send();
    },
  );
};
