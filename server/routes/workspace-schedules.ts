import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_LIMITS } from '../body-limits.js';
import { z } from 'zod/v4';
import { requireProjectAccess, type ProjectAccess } from '../auth/project-access.js';
import { canSeeMargins, guardMargins } from '../auth/margins.js';
import { ErrorReply, IdParams, isId, MessageReply } from '../contract/http.js';
import {
  CreateScheduleBody,
  ProjectIdParams,
  SCHEDULE_IMAGE_ID,
  SCHEDULE_IMAGE_MAX_BYTES,
  SCHEDULE_IMAGES_MAX,
  SCHEDULE_MESSAGES,
  ScheduleImageParams,
  ScheduleImageQuery,
  ScheduleListQuery,
  ScheduleReply,
  SCHEDULES_PER_PROJECT_MAX,
  UpdateScheduleBody,
  UploadScheduleImagesReply,
  type ScheduleImageSize,
} from '../contract/schedules.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { badRequest, conflict, HttpError, notFound } from '../errors.js';
import { firstField, withReceivedFiles } from '../files/receive-files.js';
import { sendImageVariant } from '../files/send-stored-file.js';
import { recordAudit } from '../queries/audit.js';
import {
  countSchedules,
  deleteSchedule,
  findSchedule,
  insertSchedule,
  listSchedules,
  lockSchedule,
  projectHasScheduleImage,
  toScheduleJson,
  updateSchedule,
  type ScheduleChanges,
} from '../queries/schedules.js';
import { SeenScheduleListWithSummaryReply } from '../contract/summary.js';
import { loadSummary, projectHasSummaryImage, summaryImageFolders } from '../queries/summary.js';
import { IMAGE_TYPES } from '../services/file-types.js';
import { InvalidImageError } from '../services/images.js';
import { claimUploads } from '../queries/pending-uploads.js';
import { discardUploads } from '../services/pending-uploads.js';
import {
  deleteScheduleImages,
  findPendingScheduleImages,
  imageIdOfRef,
  SCHEDULE_IMAGE_KIND,
  scheduleImageFolder,
  scheduleImageJson,
  scheduleVariantKey,
  uploadScheduleImage,
  type UploadedScheduleImage,
} from '../services/schedule-images.js';
import type { Session } from '../auth/session.js';

/**
 * Project schedules (workspace-and-admin.md screen 3, DESIGN.md sections 4 and 9, docs/decisions/088),
 * in the `workspace` scope: everyone who may work on the project (the firm, its sub-admins, its
 * member employees) lists, adds, edits and deletes its schedules and their images.
 */

const errors = { 404: ErrorReply };
const tags = ['schedules'];

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

/**
 * The image folders a `schedulesFiles` list names, in its order, taken in transaction `tx`: images
 * already in the schedule (`current`) are kept; uploads of the caller for this project are claimed
 * (so the clean-up leaves them). Anything else answers 400 with the entry's index; an upload
 * claimed meanwhile by another save answers 409 and the transaction rolls back.
 */
async function takeImages(tx: Database, userId: string, projectId: string, refs: string[], current: readonly string[]): Promise<string[]> {
  const imageIds = refs.map((ref) => imageIdOfRef(ref, projectId));
  const pending = await findPendingScheduleImages(
    tx,
    userId,
    projectId,
    imageIds.filter((id): id is string => id !== null && !current.includes(scheduleImageFolder(projectId, id))),
  );
  const details: Array<{ path: string; message: string }> = [];
  const folders = imageIds.map((imageId, index) => {
    const folder = imageId ? scheduleImageFolder(projectId, imageId) : null;
    if (!imageId || !folder || !(current.includes(folder) || pending.has(imageId))) {
      details.push({ path: `schedulesFiles.${index}`, message: SCHEDULE_MESSAGES.imageMissing });
    }
    return folder!;
  });
  if (details.length) throw badRequest(details[0]!.message, details);
  if (new Set(folders).size !== folders.length) {
    throw badRequest('The same image is listed twice', [{ path: 'schedulesFiles', message: 'The same image is listed twice' }]);
  }
  const toClaim = [...pending.values()].map((upload) => upload.id);
  const claimed = await claimUploads(tx, userId, SCHEDULE_IMAGE_KIND, toClaim);
  if (claimed.length !== toClaim.length) {
    throw new HttpError(409, SCHEDULE_MESSAGES.imageTaken, [{ path: 'schedulesFiles', message: SCHEDULE_MESSAGES.imageTaken }]);
  }
  return folders;
}

const audit = (tx: Database, access: ProjectAccess, actorId: string, action: string, scheduleId: string, details: Record<string, unknown>) =>
  recordAudit(tx, { actorId, firmId: access.firm.firmId, action, targetType: 'schedule', targetId: scheduleId, details: { projectId: access.project.id, ...details } });

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The summary in the list's reply carries margins only for those who may see them (docs/decisions/258).
  guardMargins(app);
  const { db, storage } = app.ctx;

  /** Stored files of images a committed change dropped: a failure leaves files nobody lists, never a broken schedule. */
  const removeImagesLater = async (folders: string[], log: { error: (obj: object, msg: string) => void }) => {
    try {
      await deleteScheduleImages(storage, folders);
    } catch (error) {
      log.error({ err: error, folders }, 'schedule images could not be deleted from storage');
    }
  };

  app.get(
    '/projects/schedules/:projectId',
    {
      schema: {
        tags,
        summary: "A project's schedules, newest first; with `?summary=` a schedule's id (or `first`), that schedule's summary too",
        params: ProjectIdParams,
        querystring: ScheduleListQuery,
        response: { 200: SeenScheduleListWithSummaryReply, ...errors },
      },
    },
    async (request) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const rows = await listSchedules(db, project.id);
      const data = { schedules: rows.map(toScheduleJson), project: { id: project.id, projectName: project.projectName } };
      const named = request.query.summary;
      if (named === undefined) return { data };
      // The editor's page in one read: the project and its schedules once, then the summary's tables.
      const schedule = named === 'first' ? rows[0] : rows.find((row) => row.id === named);
      return { data: { ...data, summary: schedule ? await loadSummary(db, schedule) : null, canSeeMargins: canSeeMargins(request.session.user) } };
    },
  );

  app.post(
    '/projects/schedules',
    { bodyLimit: BODY_LIMITS.schedule, schema: { tags, summary: 'Add a schedule to a project', body: CreateScheduleBody, response: { 201: ScheduleReply, ...errors, 409: ErrorReply } } },
    async (request, reply) => {
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
  );

  app.put(
    '/projects/schedules/:id',
    {
      bodyLimit: BODY_LIMITS.schedule,
      schema: {
        tags,
        summary: 'Change one or more of title, description and schedulesFiles (the images, in order)',
        params: IdParams,
        body: UpdateScheduleBody,
        response: { 200: ScheduleReply, ...errors, 409: ErrorReply },
      },
    },
    async (request) => {
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
        const updated = await updateSchedule(tx, current.id, changes);
        await audit(tx, access, user.id, 'schedule.updated', current.id, { fields: Object.keys(changes) });
        return { row: updated, removed };
      });
      await removeImagesLater(removed, request.log);
      return { data: toScheduleJson(row) };
    },
  );

  app.delete(
    '/projects/schedules/:id',
    { schema: { tags, summary: 'Delete a schedule and its images', params: IdParams, response: { 200: MessageReply, ...errors } } },
    async (request) => {
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
      await removeImagesLater(removed, request.log);
      return { message: SCHEDULE_MESSAGES.deleted };
    },
  );

  app.post(
    '/projects/schedules/upload-file',
    {
      schema: {
        tags,
        summary: `Upload 1 to ${SCHEDULE_IMAGES_MAX} schedule images (multipart: "files", and "projectId" as a field or in the query; JPEG, PNG or GIF by content, ${SCHEDULE_IMAGE_MAX_BYTES / 1024 / 1024} MB each)`,
        consumes: ['multipart/form-data'],
        querystring: z.object({ projectId: z.string().max(64).optional() }),
        response: { 201: UploadScheduleImagesReply, ...errors, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      // Named in the query (as the web does), the project is checked before a byte of the files is read.
      let access = request.query.projectId ? await requireProjectAccess(db, request.session, request.query.projectId, 'work') : null;
      const stored = await withReceivedFiles(
        request,
        {
          accountId: user.id,
          fileFields: ['files'],
          accept: IMAGE_TYPES.project,
          maxFiles: SCHEDULE_IMAGES_MAX,
          maxBytes: SCHEDULE_IMAGE_MAX_BYTES,
          messages: { type: SCHEDULE_MESSAGES.imageType, tooLarge: SCHEDULE_MESSAGES.imageTooLarge, count: SCHEDULE_MESSAGES.imagesMax },
        },
        async (upload) => {
          const named = firstField(upload, 'projectId');
          if (access && named !== undefined && named !== access.project.id) {
            throw badRequest('The form names another project than the query', [{ path: 'projectId', message: 'The form names another project than the query' }]);
          }
          if (!access) {
            if (!named) throw badRequest('projectId is required', [{ path: 'projectId', message: 'projectId is required' }]);
            access = await requireProjectAccess(db, request.session, named, 'work');
          }
          const projectId = access.project.id;
          if (upload.files.length === 0) {
            throw badRequest(SCHEDULE_MESSAGES.imagesRequiredToUpload, [{ path: 'files', message: SCHEDULE_MESSAGES.imagesRequiredToUpload }]);
          }
          // Each file's type was checked as it arrived; one that fails now (undecodable, storage
          // down) undoes the request's earlier images: an upload stores all of its files or none.
          const done: UploadedScheduleImage[] = [];
          for (const file of upload.files) {
            try {
              // One at a time: sharp already uses several threads per image, and memory stays bounded.
              done.push(await uploadScheduleImage({ db, storage }, user.id, projectId, file.path));
            } catch (error) {
              await discardUploads(db, storage, done.map((d) => d.upload));
              if (error instanceof InvalidImageError) {
                throw new HttpError(415, SCHEDULE_MESSAGES.imageType, [{ path: `files.${file.index}`, message: `${file.fileName}: ${SCHEDULE_MESSAGES.imageType}` }]);
              }
              if (error instanceof HttpError) throw error;
              request.log.error({ err: error }, 'schedule image upload failed');
              throw new HttpError(500, `${file.fileName} could not be stored; nothing of this upload was kept. Please try again.`);
            }
          }
          return done.map((d) => scheduleImageJson(projectId, d.folder));
        },
      );
      return reply.status(201).send({ urls: stored.map((image) => image.url), images: stored });
    },
  );

  app.get(
    '/projects/schedules/images/:projectId/:imageId',
    {
      schema: {
        tags,
        summary: 'One variant of a schedule image (WebP; ?size=480, 960 or 1600), for those who may work on the project',
        params: ScheduleImageParams,
        querystring: ScheduleImageQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const { imageId } = request.params;
      const folder = scheduleImageFolder(project.id, imageId);
      // An image of one of the project's schedules, or an upload of the caller not saved in one yet (the form's preview).
      const visible =
        SCHEDULE_IMAGE_ID.test(imageId) &&
        ((await projectHasScheduleImage(db, project.id, folder)) ||
          (await projectHasSummaryImage(db, project.id, folder)) ||
          (await findPendingScheduleImages(db, user.id, project.id, [imageId])).has(imageId));
      if (!visible) throw notFound(SCHEDULE_MESSAGES.imageNotFound);
      const size = request.query.size as ScheduleImageSize;
      return sendImageVariant(reply, request, { key: scheduleVariantKey(folder, size), name: `schedule-image-${size}`, notFoundMessage: SCHEDULE_MESSAGES.imageNotFound });
    },
  );
};
