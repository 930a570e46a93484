import { call, streamApiFile } from '~/utils/api.server';
import { fillPath } from '../../server/contract/operation';
import { scheduleOperations as ops } from '../../server/contract/schedule-operations';
import type { CreateScheduleInput, ScheduleImageSize, ScheduleListReply, ScheduleChangesInput } from '../../server/contract/schedules';
import { withMarginsAsZero, type ScheduleListWithSummaryReply } from '../../server/contract/summary';

/**
 * The api calls of project schedules (DESIGN.md section 4, /api/projects/schedules…), each by its
 * declaration (server/contract/schedule-operations.ts, docs/decisions/370).
 */

/** A project's schedules (newest first) and the project's name. */
export const getSchedules = (request: Request, projectId: string): Promise<ScheduleListReply> => call(request, ops.list, { params: { projectId } });

/** The same with the summary of one schedule (its id, or `first` for the newest): the summary editor's one read. */
export async function getSchedulesWithSummary(request: Request, projectId: string, schedule: string): Promise<ScheduleListWithSummaryReply> {
  // Without margins for those who may not see them (docs/decisions/258): read as 0, never shown.
  const reply = await call(request, ops.list, { params: { projectId }, query: { summary: schedule } });
  const { summary } = reply.data;
  return { ...reply, data: { ...reply.data, summary: summary ? withMarginsAsZero(summary) : summary } };
}

export const createSchedule = (request: Request, body: CreateScheduleInput) => call(request, ops.create, { json: body });

export const updateSchedule = (request: Request, id: string, body: ScheduleChangesInput) => call(request, ops.update, { params: { id }, json: body });

export const deleteSchedule = (request: Request, id: string) => call(request, ops.delete, { params: { id } });

/**
 * Images for a schedule of `projectId` (multipart `files`), before the schedule that lists them
 * is saved. The project is named in the query, so the api checks access before reading the files.
 */
export const uploadScheduleImages = (request: Request, projectId: string, body: FormData) =>
  call(request, ops.uploadImages, { query: { projectId }, body });

/** One variant of a private schedule image, streamed from the api with the visitor's session. */
export const streamScheduleImage = (request: Request, projectId: string, imageId: string, size: ScheduleImageSize) =>
  streamApiFile(request, `${fillPath(ops.image.path, { projectId, imageId })}?size=${size}`);

/** The browser's url of one variant: the web's resource route, which streams it with the session. */
export const scheduleImageWebUrl = (projectId: string, imageId: string, size: ScheduleImageSize) =>
  `/resources/schedule-images/${encodeURIComponent(projectId)}/${encodeURIComponent(imageId)}?size=${size}`;

/** An image as pages show it: its id and the browser urls of its variants (for ResponsiveImage). */
export type WebScheduleImage = { id: string; w480: string; w960: string; w1600: string; width: number; height: number };

export function toWebImage(projectId: string, image: { id: string; width: number; height: number }): WebScheduleImage {
  return {
    id: image.id,
    w480: scheduleImageWebUrl(projectId, image.id, 480),
    w960: scheduleImageWebUrl(projectId, image.id, 960),
    w1600: scheduleImageWebUrl(projectId, image.id, 1600),
    width: image.width,
    height: image.height,
  };
}
