import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import type { Session } from '../../auth/session.js';
import { isId } from '../../contract/http.js';
import { SUBMIT_FORM_FIELDS as S, SubmitTaskFields, TASK_LIMITS, TASK_MESSAGES as M, TASK_MOVES, taskOperations as ops, type TaskMove, type TaskStatus } from '../../contract/tasks.js';
import { routeOf } from '../declared.js';
import { newId } from '../../db/ids.js';
import { conflict, forbidden, HttpError, notFound } from '../../errors.js';
import { firstField, withReceivedFiles, type ReceivedUpload } from '../../files/receive-files.js';
import { workspaceFiles } from '../../files/upload-kinds.js';
import { recordAudit } from '../../queries/audit.js';
import { canSeeTask, findTask, insertDeliverables, moveTask, taskFileKey, taskJson } from '../../queries/tasks.js';
import { contentTypeOfUpload } from '../../services/project-files.js';
import { mailTaskChange, type TaskChange } from './mail.js';

const CHANGE: Record<TaskMove, TaskChange> = { submit: 'submitted', approve: 'approved', reject: 'rejected' };

type Deliverable = { id: string; fileName: string; storageKey: string; contentType: string; size: number };

/** What a move carries besides itself: a rejection's reason, a submission's note and files. */
type MoveExtras = { reason?: string; note?: string; deliverables?: Deliverable[] };

function submitNoteOf(upload: ReceivedUpload): string | undefined {
  const parsed = SubmitTaskFields.safeParse({ note: firstField(upload, S.note) });
  if (!parsed.success) throw new HttpError(400, M.noteMax, [{ path: S.note, message: M.noteMax }]);
  return parsed.data.note;
}

/**
 * The task's moves (DESIGN.md section 9): Submit (an assignee, with an optional note and files)
 * To Do → In Review; Approve (its creator) In Review → Done; Reject (its creator, with a reason)
 * In Review → To Do. A task the caller cannot see is 404; a move the caller may not make is 403; a
 * move its status does not allow (To Do straight to Done, twice the same) is 409. Each move is
 * audited and mailed to the other side.
 */
export const moveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.ctx;

  /** The task and the caller's firm, once the caller may make `name` on it now. */
  async function allowedMove(session: Session, id: string, name: TaskMove) {
    const { user } = session;
    const firm = requireFirmAccess(user, 'work');
    const task = isId(id) ? await findTask(db, id) : undefined;
    if (!task || !canSeeTask(task, user.id, firm)) throw notFound(M.notFound);
    const rule = TASK_MOVES[name];
    if (rule.by === 'assignee' && !task.assigneeIds.includes(user.id)) throw forbidden(M.onlyAssignee);
    if (rule.by === 'creator' && task.creatorId !== user.id) throw forbidden(M.onlyCreator);
    if (task.status !== rule.from) throw conflict(M.wrongState(name, task.status as TaskStatus));
    return { task, firm };
  }

  async function move(session: Session, id: string, name: TaskMove, extras: MoveExtras = {}) {
    const { user } = session;
    const { task, firm } = await allowedMove(session, id, name);
    const rule = TASK_MOVES[name];
    const now = new Date();
    const set =
      name === 'submit'
        ? { status: rule.to, submittedAt: now, rejectReason: null, submitNote: extras.note ?? null }
        : name === 'approve'
          ? { status: rule.to, doneAt: now }
          : { status: rule.to, rejectReason: extras.reason ?? null };
    const deliverables = extras.deliverables ?? [];
    await db.transaction(async (tx) => {
      const moved = await moveTask(tx, task.id, rule.from, set);
      // Another request moved it since it was read.
      if (!moved) throw conflict(M.wrongState(name, rule.to));
      await insertDeliverables(tx, task.id, deliverables);
      await recordAudit(tx, {
        actorId: user.id,
        firmId: firm.firmId,
        action: `task.${CHANGE[name]}`,
        targetType: 'task',
        targetId: task.id,
        details: { from: rule.from, to: rule.to, ...(extras.reason ? { reason: extras.reason } : {}), ...(deliverables.length ? { files: deliverables.length } : {}) },
      });
    });
    const json = await taskJson(db, task.id, user.id);
    mailTaskChange(app.ctx, firm.firmId, CHANGE[name], json, user);
    return { data: json };
  }

  /** Submit with a multipart body: the note and the files, stored under the task before it moves (and removed if it does not). */
  async function submitWithFiles(session: Session, id: string, upload: ReceivedUpload) {
    const note = submitNoteOf(upload);
    const { task } = await allowedMove(session, id, 'submit');
    const deliverables: Deliverable[] = [];
    try {
      for (const file of upload.files) {
        const fileId = newId();
        const key = taskFileKey(task.id, fileId);
        const contentType = await contentTypeOfUpload(file.path, file.type);
        await storage.put('private', key, fs.createReadStream(file.path), { contentType });
        deliverables.push({ id: fileId, fileName: file.fileName, storageKey: key, contentType, size: file.size });
      }
      return await move(session, id, 'submit', { note, deliverables });
    } catch (error) {
      if (deliverables.length) await storage.delete('private', deliverables.map((d) => d.storageKey)).catch(() => undefined);
      throw error;
    }
  }

  app.route({
    ...routeOf(ops.submit),
    // The parts are optional: a Submit without a body (or with a JSON one) moves the task with no note or files.
    handler: (request) => {
      if (!request.isMultipart()) return move(request.session, request.params.id, 'submit');
      const receiving = { accountId: request.session.user.id, fileFields: [S.files], maxFields: 4, ...workspaceFiles(config, TASK_LIMITS.files) };
      return withReceivedFiles(request, receiving, (upload) => submitWithFiles(request.session, request.params.id, upload));
    },
  });
  app.route({ ...routeOf(ops.approve), handler: (request) => move(request.session, request.params.id, 'approve') });
  app.route({ ...routeOf(ops.reject), handler: (request) => move(request.session, request.params.id, 'reject', { reason: request.body.reason }) });
};
