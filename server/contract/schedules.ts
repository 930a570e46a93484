import { z } from 'zod/v4';
import { requiredText, titleText } from './text-fields.js';
import { StaleReply, withVersion } from './http.js';
import {
  SCHEDULE_DESCRIPTION_MAX,
  SCHEDULE_IMAGE_SIZES,
  SCHEDULE_IMAGES_MAX,
  SCHEDULE_MESSAGES,
  SCHEDULE_TITLE_MAX,
} from './schedules-rules.js';

/**
 * Project schedules (DESIGN.md sections 4 and 9; workspace-and-admin.md screen 3 and section 7):
 * the bodies the api validates and the shapes it answers. The plain values (limits, messages) are
 * in schedules-rules.ts for browser code, re-exported here for the api.
 */
export * from './schedules-rules.js';

/**
 * One entry of `schedulesFiles`: the `id` of an image the upload call returned (an upload of the
 * caller for this project, not yet in a schedule, or on PUT an image already in this schedule),
 * or its url as the upload call answered it. The list's order is the order of the images.
 */
export const ScheduleImageRef = z.string({ error: SCHEDULE_MESSAGES.imageMissing }).trim().min(1, SCHEDULE_MESSAGES.imageMissing).max(300, SCHEDULE_MESSAGES.imageMissing);

const schedulesFiles = z
  .array(ScheduleImageRef, { error: 'schedulesFiles must be a list of image ids' })
  .max(SCHEDULE_IMAGES_MAX, SCHEDULE_MESSAGES.imagesMax);

const title = titleText(SCHEDULE_MESSAGES.titleRequired, SCHEDULE_TITLE_MAX);
const description = requiredText(SCHEDULE_MESSAGES.descriptionRequired, SCHEDULE_DESCRIPTION_MAX);

/** POST /api/projects/schedules. The spec's payload also carries `userId`: ignored, the session says who creates it. */
export const CreateScheduleBody = z.object({
  /** Any short string: a malformed or unknown id answers 404, as another firm's does. */
  projectId: z.string({ error: 'projectId is required' }).max(64),
  title,
  description,
  schedulesFiles: schedulesFiles.default([]),
});
export type CreateScheduleInput = z.input<typeof CreateScheduleBody>;
export type CreateScheduleBody = z.infer<typeof CreateScheduleBody>;

/** PUT /api/projects/schedules/{id}: one or more of the fields; a blank title or description is refused. */
export const UpdateScheduleBody = z
  .object({ title: title.optional(), description: description.optional(), schedulesFiles: schedulesFiles.optional() })
  .refine((body) => body.title !== undefined || body.description !== undefined || body.schedulesFiles !== undefined, {
    message: SCHEDULE_MESSAGES.nothingToUpdate,
    // Only a body whose fields are valid can be empty; a blank title answers with its own message alone.
    when: (payload) => payload.issues.length === 0,
  });
/** PUT: the changes and the version of the schedule they were made from (docs/decisions/320). */
export const ScheduleChangesBody = withVersion(UpdateScheduleBody);
export type ScheduleChangesInput = z.input<typeof ScheduleChangesBody>;
export type UpdateScheduleInput = z.input<typeof UpdateScheduleBody>;
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBody>;

export const ProjectIdParams = z.object({ projectId: z.string().max(64) });

/** GET /api/projects/schedules/images/{projectId}/{imageId}?size= */
export const ScheduleImageParams = z.object({ projectId: z.string().max(64), imageId: z.string().max(80) });
export const ScheduleImageQuery = z.object({
  size: z.coerce
    .number({ error: `size is one of ${SCHEDULE_IMAGE_SIZES.join(', ')}` })
    .refine((n) => (SCHEDULE_IMAGE_SIZES as readonly number[]).includes(n), `size is one of ${SCHEDULE_IMAGE_SIZES.join(', ')}`)
    .default(960)
    .meta({ enum: [...SCHEDULE_IMAGE_SIZES] }),
});

/**
 * An image of a schedule: its id (what `schedulesFiles` names) and the api urls of its WebP
 * variants. The urls are authorized endpoints (the caller's token is needed); the web streams
 * them to the browser with the session.
 */
export const ScheduleImage = z.object({
  id: z.string(),
  /** The 960 px variant. */
  url: z.string(),
  w480: z.string(),
  w960: z.string(),
  w1600: z.string(),
  /** The original's size after EXIF rotation; variant n is min(n, width) px wide. */
  width: z.number().int(),
  height: z.number().int(),
});
export type ScheduleImage = z.infer<typeof ScheduleImage>;

export const Schedule = z.object({
  id: z.string(),
  projectId: z.string(),
  /** Who created it; null once that account is gone. */
  userId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  images: z.array(ScheduleImage),
  /** The images' 960 px urls, in order (the spec's schedulesFiles). */
  schedulesFiles: z.array(z.string()),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof Schedule>;
export const ScheduleStaleReply = StaleReply(Schedule);

/**
 * `GET /projects/schedules/{projectId}?summary=…`: also one schedule's summary, for the summary
 * editor's page in one read: a schedule id of the project, or `first` for the newest.
 */
export const ScheduleListQuery = z.object({ summary: z.string().max(64).optional() });

export const ScheduleListReply = z.object({
  data: z.object({
    schedules: z.array(Schedule),
    /** The project they belong to (its page's title). */
    project: z.object({ id: z.string(), projectName: z.string() }),
  }),
});
export type ScheduleListReply = z.infer<typeof ScheduleListReply>;

export const ScheduleReply = z.object({ data: Schedule });
export type ScheduleReply = z.infer<typeof ScheduleReply>;

/** POST /api/projects/schedules/upload-file: the spec's `{ urls }`, with each image's id and variants. */
export const UploadScheduleImagesReply = z.object({ urls: z.array(z.string()), images: z.array(ScheduleImage) });
export type UploadScheduleImagesReply = z.infer<typeof UploadScheduleImagesReply>;
