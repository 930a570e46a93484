import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requireFirmAccess } from '../../auth/firm.js';
import { canSeeMargins } from '../../auth/margins.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { isoDay, zoneOf } from '../../contract/dates.js';
import { isId } from '../../contract/http.js';
import { addDays, formatMinutes, TIME_LIMITS as L, TIME_MESSAGES as M, timeOperations as ops, weekStartOf, type TimeEntry } from '../../contract/time.js';
import type { Database } from '../../db/connection.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { clientsOfFirm } from '../../queries/fees.js';
import {
  approveWeek,
  billedInWeek,
  dayLoad,
  deleteEntry,
  findApproval,
  findEntry,
  findNamedEntry,
  findTimer,
  insertEntry,
  insertTimer,
  isBilled,
  peopleOfFirm,
  personEntries,
  projectEntries,
  ratesOf,
  reopenWeek,
  saveRates,
  stagesOfProject,
  takeTimer,
  tasksOfProject,
  updateEntry,
  type NamedEntry,
  type TimerRow,
} from '../../queries/time.js';
import { findUserById } from '../../queries/users.js';
import { billingState, billTime } from '../../services/time.js';
import { requireProfile } from '../invoices/shared.js';
import { routeOf } from '../declared.js';

/**
 * People's time (docs/decisions/371–373), scope `workspace`. Anyone who works on a project records
 * their own time on it and sees their own; the firm and its sub-admins see everyone's, approve
 * weeks and bill; rates and what time is worth are financials (docs/decisions/258).
 */

const entryJson = (e: NamedEntry): TimeEntry => ({
  id: e.entry.id,
  projectId: e.entry.projectId,
  projectName: e.projectName,
  userId: e.entry.userId,
  person: e.person,
  workDate: e.entry.workDate,
  minutes: e.entry.minutes,
  stageId: e.entry.stageId,
  stageName: e.stageName,
  taskId: e.entry.taskId,
  taskTitle: e.taskTitle,
  billable: e.entry.billable,
  note: e.entry.note,
  approved: e.entry.approvedAt !== null,
  billed: isBilled(e),
  version: e.entry.version,
});

const timerJson = (t: (TimerRow & { projectName: string }) | undefined) =>
  t ? { projectId: t.projectId, projectName: t.projectName, stageId: t.stageId, taskId: t.taskId, billable: t.billable, note: t.note, startedAt: t.startedAt.toISOString() } : null;

/** Today in the firm's time zone (decision 265): the day a timer's time is recorded on, the last day time may be. */
const todayOf = (request: FastifyRequest) => isoDay(new Date(), zoneOf({ timeZone: request.session.employer?.timeZone ?? request.session.user.timeZone }));

/** The week a `?week=` day names (its Monday), this week when none. */
const weekOf = (request: FastifyRequest, day: string | undefined) => weekStartOf(day ?? todayOf(request));

/** The stage and task must be the project's own: an id of another project answers 400, naming nothing of it. */
async function checkRefs(db: Database, firmId: string, projectId: string, refs: { stageId: string | null; taskId: string | null }) {
  if (refs.stageId && !(await stagesOfProject(db, firmId, projectId)).some((s) => s.id === refs.stageId)) throw badRequest(M.stageNotFound, [{ path: 'stageId', message: M.stageNotFound }]);
  if (refs.taskId && !(await tasksOfProject(db, projectId)).some((t) => t.id === refs.taskId)) throw badRequest(M.taskNotFound, [{ path: 'taskId', message: M.taskNotFound }]);
}

/** The day must not be after today, its week not approved, and the person's day within 24 hours. */
async function checkDay(db: Database, request: FastifyRequest, userId: string, workDate: string, minutes: number, except: string | null = null) {
  if (workDate > todayOf(request)) throw badRequest(M.future, [{ path: 'workDate', message: M.future }]);
  if (await findApproval(db, userId, weekStartOf(workDate))) throw conflict(M.weekApproved);
  const load = await dayLoad(db, userId, workDate, except);
  if (load.minutes + minutes > L.minutesPerDay) throw badRequest(M.dayFull, [{ path: 'minutes', message: M.dayFull }]);
  if (!except && load.entries >= L.entriesPerDay) throw badRequest(M.tooManyEntries);
}

/** One's own entry of the project, still open to change. */
async function ownEntry(db: Database, request: FastifyRequest, projectId: string, entryId: string) {
  const { project, firm } = await requireProjectAccess(db, request.session, projectId, 'work');
  const entry = isId(entryId) ? await findEntry(db, project.id, entryId) : undefined;
  // Another person's entry is not found for a plain employee (nothing of it shown), refused for those who see it.
  if (!entry || (entry.userId !== request.session.user.id && !firm.canManage)) throw notFound(M.entryNotFound);
  if (entry.userId !== request.session.user.id) throw forbidden(M.notYours);
  if (entry.invoiceId) throw conflict(M.billed);
  if (entry.approvedAt) throw conflict(M.weekApproved);
  return { project, firm, entry };
}

/** A person of the caller's firm (404 for anyone else's). */
async function personOfFirm(db: Database, firmId: string, userId: string) {
  const person = isId(userId) ? (await peopleOfFirm(db, firmId)).find((p) => p.id === userId) : undefined;
  if (!person) throw notFound(M.personNotFound);
  return person;
}

export const timeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.project),
    handler: async (request) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const user = request.session.user;
      const week = weekOf(request, request.query.week);
      const entries = await projectEntries(db, project.id, week, addDays(week, 6), firm.canManage ? null : user.id);
      const stages = await stagesOfProject(db, firm.firmId, project.id);
      const tasks = await tasksOfProject(db, project.id);
      const timer = await findTimer(db, user.id);
      const approval = await findApproval(db, user.id, week);
      let billing = null;
      if (firm.canManage && canSeeMargins(user)) {
        const state = await billingState(db, firm.firmId, project.id);
        const clients = await clientsOfFirm(db, firm.firmId);
        billing = {
          ready: state.ready,
          readyMinutes: state.readyMinutes,
          readyAmount: state.readyAmount,
          billedAmount: state.billedAmount,
          cap: state.cap,
          capWarning: state.capWarning,
          clients: clients.map((c) => ({ id: c.id, name: c.company ? `${c.name} (${c.company})` : c.name })),
          contactId: state.agreement?.contactId ?? null,
        };
      }
      return {
        data: { project: { id: project.id, projectName: project.projectName }, viewerId: user.id, week, today: todayOf(request), stages, tasks, entries: entries.map(entryJson), approvedWeek: approval !== undefined, timer: timerJson(timer), canManage: firm.canManage, billing },
      };
    },
  });

  app.route({
    ...routeOf(ops.record),
    handler: async (request, reply) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const body = request.body;
      const userId = request.session.user.id;
      await checkRefs(db, firm.firmId, project.id, { stageId: body.stageId ?? null, taskId: body.taskId ?? null });
      await checkDay(db, request, userId, body.workDate, body.minutes);
      const row = await insertEntry(db, { firmId: firm.firmId, projectId: project.id, userId, workDate: body.workDate, minutes: body.minutes, stageId: body.stageId ?? null, taskId: body.taskId ?? null, billable: body.billable ?? true, note: body.note ?? '' });
      return reply.status(201).send({ message: M.recorded, data: entryJson(await findNamedEntry(db, row.id)) });
    },
  });

  app.route({
    ...routeOf(ops.change),
    handler: async (request) => {
      const { project, firm, entry } = await ownEntry(db, request, request.params.projectId, request.params.entryId);
      const body = request.body;
      await checkRefs(db, firm.firmId, project.id, { stageId: body.stageId ?? null, taskId: body.taskId ?? null });
      await checkDay(db, request, entry.userId, body.workDate, body.minutes, entry.id);
      const row = await updateEntry(db, entry.id, body.version, { workDate: body.workDate, minutes: body.minutes, stageId: body.stageId ?? null, taskId: body.taskId ?? null, billable: body.billable ?? true, note: body.note ?? '' });
      if (!row) throw conflict(M.stale);
      return { message: M.saved, data: entryJson(await findNamedEntry(db, row.id)) };
    },
  });

  app.route({
    ...routeOf(ops.remove),
    handler: async (request) => {
      const { entry } = await ownEntry(db, request, request.params.projectId, request.params.entryId);
      if (!(await deleteEntry(db, entry.id))) throw conflict(M.weekApproved);
      return { message: M.removed };
    },
  });

  app.route({
    ...routeOf(ops.startTimer),
    handler: async (request, reply) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const body = request.body;
      await checkRefs(db, firm.firmId, project.id, { stageId: body.stageId ?? null, taskId: body.taskId ?? null });
      const userId = request.session.user.id;
      const started = await insertTimer(db, { userId, firmId: firm.firmId, projectId: project.id, stageId: body.stageId ?? null, taskId: body.taskId ?? null, billable: body.billable ?? true, note: body.note ?? '' });
      if (!started) throw conflict(M.timerRunning((await findTimer(db, userId))?.projectName ?? 'another project'));
      return reply.status(201).send({ message: M.timerStarted });
    },
  });

  app.route({
    ...routeOf(ops.stopTimer),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      const userId = request.session.user.id;
      const today = todayOf(request);
      const row = await db.transaction(async (tx) => {
        const timer = await takeTimer(tx, userId);
        if (!timer) throw conflict(M.noTimer);
        // Whole minutes, to the nearest; a timer left running past midnight still records on today, capped at a day.
        const minutes = Math.min(Math.round((Date.now() - timer.startedAt.getTime()) / 60_000), L.minutesPerEntry);
        // Stopped all the same (what the person asked), with nothing to record: answered after the commit.
        if (minutes < 1) return null;
        if (await findApproval(tx, userId, weekStartOf(today))) throw conflict(M.weekApproved);
        const load = await dayLoad(tx, userId, today);
        if (load.minutes + minutes > L.minutesPerDay) throw conflict(M.dayFull);
        return insertEntry(tx, { firmId: firm.firmId, projectId: timer.projectId, userId, workDate: today, minutes, stageId: timer.stageId, taskId: timer.taskId, billable: timer.billable, note: timer.note });
      });
      if (!row) throw conflict(M.timerTooShort);
      return { message: M.timerStopped(formatMinutes(row.minutes)), data: entryJson(await findNamedEntry(db, row.id)) };
    },
  });

  app.route({
    ...routeOf(ops.bill),
    handler: async (request, reply) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'manage');
      const profile = await requireProfile(db, firm.firmId);
      const firmUser = await findUserById(db, firm.firmId);
      const actor = { id: request.session.user.id, firmId: firm.firmId, firmType: firmUser?.firmType ?? null };
      const body = { groupBy: request.body.groupBy, contactId: request.body.contactId ?? null, aboveCap: request.body.aboveCap ?? false };
      if (body.contactId && !isId(body.contactId)) throw badRequest(M.notAClient, [{ path: 'contactId', message: M.notAClient }]);
      const result = await db.transaction((tx) => billTime(tx, actor, project.id, body, profile));
      return reply.status(201).send({ message: M.billed_, data: result });
    },
  });

  app.route({
    ...routeOf(ops.timesheet),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      const user = request.session.user;
      const week = weekOf(request, request.query.week);
      const people = firm.canManage ? await peopleOfFirm(db, firm.firmId) : [{ id: user.id, name: user.userName }];
      const wanted = request.query.userId ?? user.id;
      const person = people.find((p) => p.id === wanted);
      if (!person) throw notFound(M.personNotFound);
      const entries = await personEntries(db, firm.firmId, person.id, week, addDays(week, 6));
      const dayMinutes = Array.from({ length: 7 }, (_, i) => entries.filter((e) => e.entry.workDate === addDays(week, i)).reduce((sum, e) => sum + e.entry.minutes, 0));
      const approval = await findApproval(db, person.id, week);
      return {
        data: {
          person,
          people,
          week,
          today: todayOf(request),
          entries: entries.map(entryJson),
          dayMinutes,
          totalMinutes: dayMinutes.reduce((a, b) => a + b, 0),
          billableMinutes: entries.filter((e) => e.entry.billable).reduce((sum, e) => sum + e.entry.minutes, 0),
          approval: approval ? { approvedAt: approval.approvedAt.toISOString(), approvedBy: approval.approvedBy } : null,
          canApprove: firm.canManage,
          timer: person.id === user.id ? timerJson(await findTimer(db, user.id)) : null,
          rates: canSeeMargins(user) ? await ratesOf(db, person.id) : null,
        },
      };
    },
  });

  async function weekAction(request: FastifyRequest, body: { userId: string; week: string }) {
    const firm = requireFirmAccess(request.session.user, 'manage');
    const person = await personOfFirm(db, firm.firmId, body.userId);
    const week = weekStartOf(body.week);
    return { firm, person, week, weekEnd: addDays(week, 6), actorId: request.session.user.id };
  }

  app.route({
    ...routeOf(ops.approve),
    handler: async (request) => {
      const { firm, person, week, weekEnd, actorId } = await weekAction(request, request.body);
      await db.transaction(async (tx) => {
        if ((await personEntries(tx, firm.firmId, person.id, week, weekEnd)).length === 0) throw conflict(M.nothingToApprove);
        const rates = await ratesOf(tx, person.id);
        if (!(await approveWeek(tx, firm.firmId, person.id, week, weekEnd, actorId, rates))) throw conflict(M.alreadyApproved);
        await recordAudit(tx, { actorId, firmId: firm.firmId, action: 'time.week-approved', targetType: 'user', targetId: person.id, details: { week } });
      });
      return { message: M.approved };
    },
  });

  app.route({
    ...routeOf(ops.reopen),
    handler: async (request) => {
      const { firm, person, week, weekEnd, actorId } = await weekAction(request, request.body);
      await db.transaction(async (tx) => {
        if (await billedInWeek(tx, person.id, week, weekEnd)) throw conflict(M.reopenBilled);
        if (!(await reopenWeek(tx, firm.firmId, person.id, week, weekEnd))) throw conflict(M.notApproved);
        await recordAudit(tx, { actorId, firmId: firm.firmId, action: 'time.week-reopened', targetType: 'user', targetId: person.id, details: { week } });
      });
      return { message: M.reopened };
    },
  });

  app.route({
    ...routeOf(ops.rates),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const person = await personOfFirm(db, firm.firmId, request.params.userId);
      await saveRates(db, firm.firmId, person.id, request.body);
      await recordAudit(db, { actorId: request.session.user.id, firmId: firm.firmId, action: 'time.rates-set', targetType: 'user', targetId: person.id, details: request.body });
      return { message: M.ratesSaved };
    },
  });
};
