import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../../../body-limits.js';
import { requireProjectAccess, type ProjectAccess } from '../../../auth/project-access.js';
import { canSeeMargins } from '../../../auth/margins.js';
import type { Session } from '../../../auth/session.js';
import { isId } from '../../../contract/http.js';
import { scheduleOperations as ops } from '../../../contract/schedule-operations.js';
import { SCHEDULE_MESSAGES, SCHEDULES_PER_PROJECT_MAX } from '../../../contract/schedules.js';
import { routeOf } from '../../declared.js';
import type { Database } from '../../../db/connection.js';
import { newId } from '../../../db/ids.js';
import { conflict, HttpError, notFound } from '../../../errors.js';
import { recordAudit } from '../../../queries/audit.js';
import { countSchedules, deleteSchedule, findSchedule, insertSchedule, listSchedules, lockSchedule, toScheduleJson, updateSchedule, type ScheduleChanges } from '../../../queries/schedules.js';
import { loadSummary, summaryImageFolders } from '../../../queries/summary.js';
import { removeImagesLater } from '../../../services/schedule-images.js';
import { takeImages } from './take-images.js';

/** The schedule `id` names and the caller's access to its project (404 for a malformed, unknown or foreign id). */
async function scheduleAccess(db: Database, session: Session, id: string) {
  const schedule = isId(id) ? await findSchedule(db, id) : undefined;
  if (!schedule) throw notFound(SCHEDULE_MESSAGES.notFound);
  try {
    return { schedule, access: await requireProjectAccess(db, session, schedule.projectId, 'work') };
  } catch (error) {
    // Another firm's schedule, or one of a project the employee is not a member of: it does not exist for them.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(SCHEDULE_MESSAGES.notFound);
    throw error;
  }
}

const audit = (tx: Database, access: ProjectAccess, actorId: string, action: string, scheduleId: string, details: Record<string, unknown>) =>
  recordAudit(tx, { actorId, firmId: access.firm.firmId, action, targetType: 'schedule', targetId: scheduleId, details: { projectId: access.project.id, ...details } });

/** A project's schedules: listed (with a schedule's summary for the editor), added, changed and deleted. */
export const scheduleSaveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const rows = await listSchedules(db, project.id);
      const data = { schedules: rows.map(toScheduleJson), project: { id: project.id, projectName: project.projectName } };
      const named = request.query.summary;
      if (named === undefined) return { data };
      // The editor's page in one read: the project and its schedules once, then the summary's tables.
      const schedule = named === 'first' ? rows[0] : rows.find((row) => row.id === named);
      return { data: { ...data, summary: schedule ? await loadSummary(db, schedule) : null, canSeeMargins: canSeeMargins(request.session.user) } };
    },
  });

  app.route({
    ...routeOf(ops.create),
    bodyLimit: BODY_LIMITS.schedule,
    handler: async (request, reply) => {
      const { user } = request.session;
      const body = request.body;
      const access = await requireProjectAccess(db, request.session, body.projectId, 'work');
      if ((await countSchedules(db, access.project.id)) >= SCHEDULES_PER_PROJECT_MAX) throw conflict(SCHEDULE_MESSAGES.tooMany);
      const row = await db.transaction(async (tx) => {
        const images = await takeImages(tx, user.id, access.project.id, body.schedulesFiles, []);
        const created = await insertSchedule(tx, {
          id: newId(),
          projectId: access.project.id,
          userId: user.id,
          title: body.title,
          description: body.description,
          images,
        });
        await audit(tx, access, user.id, 'schedule.created', created.id, { title: created.title, images: images.length });
        return created;
      });
      return reply.status(201).send({ data: toScheduleJson(row) });
    },
  });

  app.route({
    ...routeOf(ops.update),
    bodyLimit: BODY_LIMITS.schedule,
    handler: async (request) => {
      const { user } = request.session;
      const { access } = await scheduleAccess(db, request.session, request.params.id);
      const body = request.body;
      const { row, removed } = await db.transaction(async (tx) => {
        const current = await lockSchedule(tx, request.params.id);
        if (!current) throw notFound(SCHEDULE_MESSAGES.notFound);
        const changes: ScheduleChanges = {};
        if (body.title !== undefined) changes.title = body.title;
        if (body.description !== undefined) changes.description = body.description;
        let removed: string[] = [];
        if (body.schedulesFiles !== undefined) {
          const images = await takeImages(tx, user.id, current.projectId, body.schedulesFiles, current.images);
          changes.images = images;
          removed = current.images.filter((folder) => !images.includes(folder));
        }
        const updated = await updateSchedule(tx, current.id, user.id, changes, body.version);
        await audit(tx, access, user.id, 'schedule.updated', current.id, { fields: Object.keys(changes) });
        return { row: updated, removed };
      });
      await removeImagesLater(storage, removed, request.log);
      return { data: toScheduleJson(row) };
    },
  });

  app.route({
    ...routeOf(ops.delete),
    handler: async (request) => {
      const { user } = request.session;
      const { access } = await scheduleAccess(db, request.session, request.params.id);
      const removed = await db.transaction(async (tx) => {
        // Its summary's item images go with it (the rows by cascade, the files after commit).
        const summaryFolders = await summaryImageFolders(tx, request.params.id);
        const row = await deleteSchedule(tx, request.params.id);
        if (!row) throw notFound(SCHEDULE_MESSAGES.notFound);
        await audit(tx, access, user.id, 'schedule.deleted', row.id, { title: row.title });
        return [...row.images, ...summaryFolders];
      });
      await removeImagesLater(storage, removed, request.log);
      return { message: SCHEDULE_MESSAGES.deleted };
    },
  });
};
