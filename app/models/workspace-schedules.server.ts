import type { z } from 'zod/v4';
import { api, streamApiFile } from '~/utils/api.server';
import type { MessageReply } from '../../server/contract/http';
import type {
  CreateScheduleInput,
  ScheduleImageSize,
  ScheduleListReply,
  ScheduleReply,
  ScheduleChangesInput,
  UploadScheduleImagesReply,
} from '../../server/contract/schedules';
import { withMarginsAsZero, type ScheduleListWithSummaryReply, type SeenScheduleListWithSummaryReply } from '../../server/contract/summary';

/**
 * The api calls of project schedules (DESIGN.md section 4, /api/projects/schedules…): the only
 * place the web writes their paths and reply types.
 */

const schedulePath = (id: string) => `/projects/schedules/${encodeURIComponent(id)}`;

/** A project's schedules (newest first) and the project's name. */
export const getSchedules = (request: Request, projectId: string) => api<ScheduleListReply>(request, schedulePath(projectId));

/** The same with the summary of one schedule (its id, or `first` for the newest): the summary editor's one read. */
export async function getSchedulesWithSummary(request: Request, projectId: string, schedule: string): Promise<ScheduleListWithSummaryReply> {
  // Without margins for those who may not see them (docs/decisions/258): read as 0, never shown.
  const reply = await api<z.infer<typeof SeenScheduleListWithSummaryReply>>(request, `${schedulePath(projectId)}?summary=${encodeURIComponent(schedule)}`);
  const { summary } = reply.data;
  return { ...reply, data: { ...reply.data, summary: summary ? withMarginsAsZero(summary) : summary } };
}

export const createSchedule = (request: Request, body: CreateScheduleInput) =>
  api<ScheduleReply>(request, '/projects/schedules', { method: 'POST', json: body });

export const updateSchedule = (request: Request, id: string, body: ScheduleChangesInput) =>
  api<ScheduleReply>(request, schedulePath(id), { method: 'PUT', json: body });

export const deleteSchedule = (request: Request, id: string) => api<MessageReply>(request, schedulePath(id), { method: 'DELETE' });

/**
 * Images for a schedule of `projectId` (multipart `files`), before the schedule that lists them
 * is saved. The project is named in the query, so the api checks access before reading the files.
 */
export const uploadScheduleImages = (request: Request, projectId: string, body: FormData) =>
  api<UploadScheduleImagesReply>(request, '/projects/schedules/upload-file', { method: 'POST', query: { projectId }, body });

/** One variant of a private schedule image, streamed from the api with the visitor's session. */
export const streamScheduleImage = (request: Request, projectId: string, imageId: string, size: ScheduleImageSize) =>
  streamApiFile(request, `/projects/schedules/images/${encodeURIComponent(projectId)}/${encodeURIComponent(imageId)}?size=${size}`);

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
