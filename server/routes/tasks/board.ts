import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { isId } from '../../contract/http.js';
import { TASK_MESSAGES as M, taskOperations as ops } from '../../contract/tasks.js';
import { routeOf } from '../declared.js';
import { notFound } from '../../errors.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { listActiveEmployees } from '../../queries/employees.js';
import { canSeeTask, findTask, findTaskFile, loadBoard } from '../../queries/tasks.js';

/** The viewer's board, the people a task may be given to, and a task file's bytes (docs/decisions/111). */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.board),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      return { data: await loadBoard(db, user.id, firm.firmId, request.query.done) };
    },
  });

  app.route({
    ...routeOf(ops.assignees),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      const rows = await listActiveEmployees(db, firm.firmId);
      return { data: rows.map((r) => ({ id: r.id, name: r.userName, designation: r.designation ?? '' })) };
    },
  });

  app.route({
    ...routeOf(ops.fileContent),
    handler: async (request, reply) => {
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
  });
};
