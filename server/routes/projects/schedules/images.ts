import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProjectAccess } from '../../../auth/project-access.js';
import { scheduleOperations as ops } from '../../../contract/schedule-operations.js';
import { routeOf } from '../../declared.js';
import {
  SCHEDULE_IMAGE_ID,
  SCHEDULE_IMAGE_MAX_BYTES,
  SCHEDULE_IMAGES_MAX,
  SCHEDULE_MESSAGES,
  type ScheduleImageSize,
} from '../../../contract/schedules.js';
import { badRequest, HttpError, notFound } from '../../../errors.js';
import { firstField, withReceivedFiles } from '../../../files/receive-files.js';
import { sendImageVariant } from '../../../files/send-stored-file.js';
import { projectHasScheduleImage } from '../../../queries/schedules.js';
import { projectHasSummaryImage } from '../../../queries/summary.js';
import { IMAGE_TYPES } from '../../../services/file-types.js';
import { InvalidImageError } from '../../../services/images.js';
import { discardUploads } from '../../../services/pending-uploads.js';
import {
  findPendingScheduleImages,
  scheduleImageFolder,
  scheduleImageJson,
  scheduleVariantKey,
  uploadScheduleImage,
  type UploadedScheduleImage,
} from '../../../services/schedule-images.js';

/** A schedule's images: uploaded before the save that names them, and read one variant at a time. */
export const scheduleImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(ops.uploadImages),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routeOf(ops.image),
    handler: async (request, reply) => {
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
  });
};
