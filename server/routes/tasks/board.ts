import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { ErrorReply, IdParams, isId } from '../../contract/http.js';
import { AssigneesReply, BoardQuery, BoardReply, TASK_MESSAGES as M } from '../../contract/tasks.js';
import { FileContentQuery } from '../../contract/files.js';
import { notFound } from '../../errors.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { listActiveEmployees } from '../../queries/employees.js';
import { canSeeTask, findTask, findTaskFile, loadBoard } from '../../queries/tasks.js';

const errors = { 404: ErrorReply };

/** The viewer's board, the people a task may be given to, and a task file's bytes (docs/decisions/111). */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: "The viewer's task board: To Do, Given, In Review (every open task), Done (the newest `done` finished ones, with their total)",
        querystring: BoardQuery,
        response: { 200: BoardReply, ...errors },
      },
    },
    async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      return { data: await loadBoard(db, user.id, firm.firmId, request.query.done) };
    },
  );

  app.get(
    '/tasks/assignees',
    { schema: { tags: ['tasks'], summary: "The firm's active employees, for the Add Task panel", response: { 200: AssigneesReply, ...errors } } },
    async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      const rows = await listActiveEmployees(db, firm.firmId);
      return { data: rows.map((r) => ({ id: r.id, name: r.userName, designation: r.designation ?? '' })) };
    },
  );

  app.get(
    '/tasks/files/:id/content',
    {
      schema: {
        tags: ['tasks'],
        summary: "A task file's bytes, to the task's creator, its assignees and the firm's managers (Range, nosniff, attachment unless safe)",
        params: IdParams,
        querystring: FileContentQuery,
        response: { ...errors, 416: ErrorReply },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      const file = isId(request.params.id) ? await findTaskFile(db, request.params.id) : undefined;
      const task = file ? await findTask(db, file.taskId) : undefined;
      if (!file || !task || !canSeeTask(task, user.id, firm)) throw notFound(M.fileNotFound);
      return sendStoredFile(reply, request, {
        key: file.storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        disposition: request.query.disposition,
        notFoundMessage: M.fileNotFound,
      });
    },
  );
};
