import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import type { Session } from '../../auth/session.js';
import { ErrorReply, IdParams, isId } from '../../contract/http.js';
import { RejectTaskBody, TASK_MESSAGES as M, TASK_MOVES, TaskReply, type TaskMove, type TaskStatus } from '../../contract/tasks.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { canSeeTask, findTask, moveTask, taskJson } from '../../queries/tasks.js';
import { mailTaskChange, type TaskChange } from './mail.js';

const errors = { 404: ErrorReply, 409: ErrorReply };

const CHANGE: Record<TaskMove, TaskChange> = { submit: 'submitted', approve: 'approved', reject: 'rejected' };

/**
 * The task's moves (DESIGN.md section 9): Submit (an assignee) To Do → In Review; Approve (its
 * creator) In Review → Done; Reject (its creator, with a reason) In Review → To Do. A task the
 * caller cannot see is 404; a move the caller may not make is 403; a move its status does not allow
 * (To Do straight to Done, twice the same) is 409. Each move is audited and mailed to the other side.
 */
export const moveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  async function move(session: Session, id: string, name: TaskMove, reason?: string) {
    const { user } = session;
    const firm = requireFirmAccess(user, 'work');
    const task = isId(id) ? await findTask(db, id) : undefined;
    if (!task || !canSeeTask(task, user.id, firm)) throw notFound(M.notFound);
    const rule = TASK_MOVES[name];
    if (rule.by === 'assignee' && !task.assigneeIds.includes(user.id)) throw forbidden(M.onlyAssignee);
    if (rule.by === 'creator' && task.creatorId !== user.id) throw forbidden(M.onlyCreator);
    if (task.status !== rule.from) throw conflict(M.wrongState(name, task.status as TaskStatus));
    const now = new Date();
    const set =
      name === 'submit'
        ? { status: rule.to, submittedAt: now, rejectReason: null }
        : name === 'approve'
          ? { status: rule.to, doneAt: now }
          : { status: rule.to, rejectReason: reason ?? null };
    await db.transaction(async (tx) => {
      const moved = await moveTask(tx, task.id, rule.from, set);
      // Another request moved it since it was read.
      if (!moved) throw conflict(M.wrongState(name, rule.to));
      await recordAudit(tx, {
        actorId: user.id,
        firmId: firm.firmId,
        action: `task.${CHANGE[name]}`,
        targetType: 'task',
        targetId: task.id,
        details: { from: rule.from, to: rule.to, ...(reason ? { reason } : {}) },
      });
    });
    const json = await taskJson(db, task.id, user.id);
    mailTaskChange(app.ctx, firm.firmId, CHANGE[name], json, user);
    return { data: json };
  }

  const schema = (summary: string) => ({ tags: ['tasks'], summary, params: IdParams, response: { 200: TaskReply, ...errors } });

  app.post('/tasks/:id/submit', { schema: schema('Submit a task for review (an assignee): To Do → In Review') }, (request) => move(request.session, request.params.id, 'submit'));
  app.post('/tasks/:id/approve', { schema: schema('Approve a task (its creator): In Review → Done') }, (request) => move(request.session, request.params.id, 'approve'));
  app.post(
    '/tasks/:id/reject',
    { schema: { ...schema('Reject a task with a reason (its creator): In Review → To Do'), body: RejectTaskBody } },
    (request) => move(request.session, request.params.id, 'reject', request.body.reason),
  );
};
