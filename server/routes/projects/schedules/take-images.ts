import type { Database } from '../../../db/connection.js';
import { badRequest, HttpError } from '../../../errors.js';
import { SCHEDULE_MESSAGES } from '../../../contract/schedules.js';
import { claimUploads } from '../../../queries/pending-uploads.js';
import { findPendingScheduleImages, imageIdOfRef, SCHEDULE_IMAGE_KIND, scheduleImageFolder } from '../../../services/schedule-images.js';

/**
 * The image folders a `schedulesFiles` list names, in its order, taken in transaction `tx`: images
 * already in the schedule (`current`) are kept; uploads of the caller for this project are claimed
 * (so the clean-up leaves them). Anything else answers 400 with the entry's index; an upload
 * claimed meanwhile by another save answers 409 and the transaction rolls back.
 */
export async function takeImages(tx: Database, userId: string, projectId: string, refs: string[], current: readonly string[]): Promise<string[]> {
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
