import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { isId } from '../../contract/http.js';
import { TASK_FORM_FIELDS as F, TASK_LIMITS, TASK_MESSAGES as M, TaskFields, taskOperations as ops } from '../../contract/tasks.js';
import { routeOf } from '../declared.js';
import { newId } from '../../db/ids.js';
import { HttpError } from '../../errors.js';
import { withReceivedFiles, type ReceivedUpload } from '../../files/receive-files.js';
import { workspaceFiles } from '../../files/upload-kinds.js';
import { recordAudit } from '../../queries/audit.js';
import { activeEmployeesAmong } from '../../queries/employees.js';
import { assigneesOutsideProject, insertTask, taskFileKey, taskJson } from '../../queries/tasks.js';
import { claimUploads, findUploads } from '../../queries/pending-uploads.js';
import { storeUpload } from '../../services/pending-uploads.js';
import { contentTypeOfUpload } from '../../services/project-files.js';

const TASK_FILE_UPLOAD = 'task-file' as const;
/** Where a kept file waits for its task; the task's row names this key once it takes it. */
const taskDraftKey = (id: string) => `tasks/drafts/${id}`;
import { mailTaskChange } from './mail.js';

/** The ids of the files kept from an earlier try (decision 218), each once. */
const draftIdsOf = (upload: ReceivedUpload) => [...new Set((upload.fields[F.fileDrafts] ?? []).filter((id) => id !== ''))];

/** The form's text fields and files checked together, so every missing one is named at once (spec, section 5). */
function checkForm(upload: ReceivedUpload) {
  const parsed = TaskFields.safeParse({
    projectId: upload.fields[F.project]?.[0] ?? '',
    employees: upload.fields[F.employees] ?? [],
    title: upload.fields[F.title]?.[0],
    description: upload.fields[F.description]?.[0] ?? '',
    dueDate: upload.fields[F.dueDate]?.[0],
  });
  const details = parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: String(issue.path[0] ?? ''), message: issue.message }));
  const count = upload.files.length + draftIdsOf(upload).length;
  if (!count) details.push({ path: F.files, message: M.filesRequired });
  else if (count > TASK_LIMITS.files) details.push({ path: F.files, message: M.filesMax });
  if (!parsed.success || details.length) throw new HttpError(400, details[0]!.message, details);
  return parsed.data;
}

/**
 * POST /api/tasks (multipart: projectId, employees (repeated), description, dueDate, files): the
 * Add Task panel (screen 10). The caller works on the project; the assignees are active employees
 * of its firm; the files are stored privately under the task and read only through its access.
 */
export const createTaskRoute: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.ctx;
  const receiving = (accountId: string) => ({ accountId, fileFields: [F.files], maxFields: 40, ...workspaceFiles(config, TASK_LIMITS.files) });

  /** The caller's kept files among `ids`, as task file rows; 409 on the files when one is not (any more) theirs. */
  async function keptFiles(ownerId: string, ids: string[]) {
    const found = await findUploads(db, ownerId, TASK_FILE_UPLOAD, ids.filter(isId));
    if (found.size !== ids.length) throw new HttpError(409, M.fileDraftGone, [{ path: F.files, message: M.fileDraftGone }]);
    return [...found.values()].map((d) => ({ id: newId(), fileName: d.fileName ?? 'file', storageKey: d.keys[0]!, contentType: d.contentType ?? 'application/octet-stream', size: d.size ?? 0 }));
  }

  app.route({
    ...routeOf(ops.keepFiles),
    handler: async (request, reply) => {
      const { user } = request.session;
      requireFirmAccess(user, 'work');
      const kept = await withReceivedFiles(request, receiving(user.id), async (upload) => {
        if (!upload.files.length) throw new HttpError(400, M.filesRequired, [{ path: F.files, message: M.filesRequired }]);
        const drafts = [];
        for (const file of upload.files) {
          const id = newId();
          const contentType = await contentTypeOfUpload(file.path, file.type);
          const row = { id, ownerId: user.id, kind: TASK_FILE_UPLOAD, area: 'private' as const, keys: [taskDraftKey(id)], fileName: file.fileName, contentType, size: file.size };
          await storeUpload(db, storage, row, () => storage.put('private', taskDraftKey(id), fs.createReadStream(file.path), { contentType }));
          drafts.push({ id, fileName: file.fileName, size: file.size });
        }
        return drafts;
      });
      return reply.status(201).send({ data: kept });
    },
  });

  app.route({
    ...routeOf(ops.create),
    handler: async (request, reply) => {
      const { session } = request;
      const { user } = session;
      const firm = requireFirmAccess(user, 'work');
      const taskId = newId();
      const stored: string[] = [];
      try {
        await withReceivedFiles(
          request,
          receiving(user.id),
          async (upload) => {
            const form = checkForm(upload);
            const draftIds = draftIdsOf(upload);
            const kept = await keptFiles(user.id, draftIds);
            const { project } = await requireProjectAccess(db, session, form.projectId, 'work');
            const assignees = await activeEmployeesAmong(db, firm.firmId, form.employees);
            if (assignees.length !== form.employees.length) throw new HttpError(400, M.employeeUnknown, [{ path: F.employees, message: M.employeeUnknown }]);
            // Each assignee must be able to open the project (decision 260): a plain employee only through its members list.
            const outside = await assigneesOutsideProject(db, project.id, assignees);
            if (outside.length) {
              const message = M.notAMember(outside.map((person) => person.userName).join(', '));
              throw new HttpError(400, message, [{ path: F.employees, message }]);
            }
            const files: Array<{ id: string; fileName: string; storageKey: string; contentType: string; size: number }> = [];
            for (const file of upload.files) {
              const id = newId();
              const key = taskFileKey(taskId, id);
              const contentType = await contentTypeOfUpload(file.path, file.type);
              await storage.put('private', key, fs.createReadStream(file.path), { contentType });
              stored.push(key);
              files.push({ id, fileName: file.fileName, storageKey: key, contentType, size: file.size });
            }
            files.push(...kept);
            await db.transaction(async (tx) => {
              if ((await claimUploads(tx, user.id, TASK_FILE_UPLOAD, draftIds)).length !== draftIds.length) {
                throw new HttpError(409, M.fileDraftGone, [{ path: F.files, message: M.fileDraftGone }]);
              }
              await insertTask(
                tx,
                { id: taskId, firmId: firm.firmId, projectId: project.id, creatorId: user.id, title: form.title ?? null, description: form.description, dueDate: form.dueDate ?? null },
                form.employees,
                files,
              );
              await recordAudit(tx, {
                actorId: user.id,
                firmId: firm.firmId,
                action: 'task.created',
                targetType: 'task',
                targetId: taskId,
                details: { projectId: project.id, assignees: form.employees, files: files.length, dueDate: form.dueDate ?? null },
              });
            });
          },
        );
      } catch (error) {
        // Nothing of a task that was not written stays in storage.
        if (stored.length) await storage.delete('private', stored).catch((cleanup: unknown) => request.log.error({ err: cleanup }, 'removing task files'));
        throw error;
      }
      const task = await taskJson(db, taskId, user.id);
      mailTaskChange(app.ctx, firm.firmId, 'created', task, user);
      return reply.status(201).send({ data: task });
    },
  });
};
