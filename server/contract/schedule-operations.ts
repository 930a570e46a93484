import { z } from 'zod/v4';
import { ErrorReply, IdParams, MessageReply } from './http.js';
import { binary, operationsOf } from './operation.js';
import {
  CreateScheduleBody,
  ProjectIdParams,
  SCHEDULE_IMAGE_MAX_BYTES,
  SCHEDULE_IMAGES_MAX,
  ScheduleChangesBody,
  ScheduleImageParams,
  ScheduleImageQuery,
  ScheduleListQuery,
  ScheduleReply,
  ScheduleStaleReply,
  UploadScheduleImagesReply,
} from './schedules.js';
import { SeenScheduleListWithSummaryReply } from './summary.js';

/**
 * A project's schedules' operations (docs/decisions/370), scope `workspace`, access `work`: the api
 * registers them (server/routes/projects/schedules/) and the web calls them
 * (app/models/workspace-schedules.server.ts). Apart from schedules.ts, which summary.ts imports:
 * the list's reply carries a summary.
 */

/** The project of an upload, named in the query (as the web does) so it is checked before a byte of the files is read. */
export const ScheduleImagesQuery = z.object({ projectId: z.string().max(64).optional() });

export const ScheduleImagesParts = z.object({
  projectId: z.string().max(64).optional().describe('The project, when the query does not name it'),
  files: z
    .array(z.file())
    .min(1)
    .max(SCHEDULE_IMAGES_MAX)
    .describe(`JPEG, PNG or GIF by content, ${SCHEDULE_IMAGE_MAX_BYTES / 1024 / 1024} MB each`),
});

const op = operationsOf('workspace', ['schedules']);

export const scheduleOperations = {
  list: op({
    method: 'GET',
    path: '/projects/schedules/:projectId',
    summary: "A project's schedules, newest first; with `?summary=` a schedule's id (or `first`), that schedule's summary too",
    params: ProjectIdParams,
    query: ScheduleListQuery,
    replies: { 200: SeenScheduleListWithSummaryReply, 404: ErrorReply },
  }),
  // 413: a body past BODY_LIMITS.schedule.
  create: op({ method: 'POST', path: '/projects/schedules', summary: 'Add a schedule to a project', body: CreateScheduleBody, replies: { 201: ScheduleReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply } }),
  update: op({
    method: 'PUT',
    path: '/projects/schedules/:id',
    summary:
      'Change one or more of title, description and schedulesFiles (the images, in order) from the `version` read; 409 with the current schedule when someone changed it meanwhile',
    params: IdParams,
    body: ScheduleChangesBody,
    replies: { 200: ScheduleReply, 404: ErrorReply, 409: ScheduleStaleReply, 413: ErrorReply },
  }),
  delete: op({ method: 'DELETE', path: '/projects/schedules/:id', summary: 'Delete a schedule and its images', params: IdParams, replies: { 200: MessageReply, 404: ErrorReply } }),
  uploadImages: op({
    method: 'POST',
    path: '/projects/schedules/upload-file',
    summary: `Upload 1 to ${SCHEDULE_IMAGES_MAX} schedule images ("projectId" in the query or as a part)`,
    query: ScheduleImagesQuery,
    body: { multipart: ScheduleImagesParts },
    replies: { 201: UploadScheduleImagesReply, 404: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
  }),
  image: op({
    method: 'GET',
    path: '/projects/schedules/images/:projectId/:imageId',
    summary: 'One variant of a schedule image (WebP; ?size=480, 960 or 1600), for those who may work on the project',
    params: ScheduleImageParams,
    query: ScheduleImageQuery,
    replies: { 200: binary('image/webp'), 206: binary('image/webp'), 404: ErrorReply, 416: ErrorReply },
  }),
} as const;
