import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProjectAccess } from '../../auth/project-access.js';
import { CHAT_LIMITS, CHAT_MESSAGES, chatOperations as ops, withinEditWindow } from '../../contract/chat.js';
import { isId } from '../../contract/http.js';
import { routeOf } from '../declared.js';
import { newId } from '../../db/ids.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { withReceivedFiles } from '../../files/receive-files.js';
import { workspaceFiles } from '../../files/upload-kinds.js';
import { chatFileKey, chatPage, chatReaders, editChatMessage, findChatMessage, insertChatMessage, latestSeq, markChatRead, messageHasFiles } from '../../queries/chat.js';
import { usersWantingMail } from '../../queries/settings.js';
import { contentTypeOfUpload } from '../../services/project-files.js';

/** A message's text as posted or edited: trimmed, at most CHAT_LIMITS.body; empty only when the message has files. */
function chatBody(raw: string, hasFiles: boolean, emptyMessage: string): string {
  const body = raw.trim();
  if (body.length > CHAT_LIMITS.body) throw badRequest(CHAT_MESSAGES.tooLong, [{ path: 'body', message: CHAT_MESSAGES.tooLong }]);
  if (!body && !hasFiles) throw badRequest(emptyMessage, [{ path: 'body', message: emptyMessage }]);
  return body;
}

/** A project's thread: a page of it, a new message (text and files, mailed to the others after the answer), an edit. */
export const chatThreadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config, firmMail, background } = app.ctx;
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

  app.route({
    ...routeOf(ops.page),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(ops.post),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routeOf(ops.edit),
    handler: async (request) => {
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
  });
};
