import crypto from 'node:crypto';
import type { ScheduleImage } from '../contract/schedules.js';
import { SCHEDULE_IMAGE_ID, type ScheduleImageSize } from '../contract/schedules-rules.js';
import { deleteScheduleImages, imageIdOfFolder, scheduleImageFolder, scheduleImageKeys } from './schedule-images.js';
import type { Storage } from './storage/storage.js';

/**
 * Images of Project Library products (docs/decisions/150). A product owns copies of the stored
 * files, never references to a summary item's: "save to library" copies the item's image folders
 * (`schedules/<projectId>/<imageId>`) to `library/<firmId>/<newImageId>`, and "add from library"
 * copies the product's folders to new folders of the target project. Each side then deletes its
 * own files as it always did (an item, a section, a schedule, a project, a product), and no delete
 * on one side can break the other. The WebP variants are those of schedule images, and so is the
 * delete (`deleteScheduleImages` takes any image folders).
 */

export const libraryImageFolder = (firmId: string, imageId: string) => `library/${firmId}/${imageId}`;

/** The authorized api url of a library image's variant (960 px when no size is given). */
export function libraryImageUrl(imageId: string, size?: ScheduleImageSize): string {
  const base = `/api/projects/library/images/${imageId}`;
  return size ? `${base}?size=${size}` : base;
}

/** The reply shape of a library image folder (the same as a schedule image's). */
export function libraryImageJson(folder: string): ScheduleImage {
  const imageId = imageIdOfFolder(folder);
  const [, , w, h] = SCHEDULE_IMAGE_ID.exec(imageId) ?? [];
  return {
    id: imageId,
    url: libraryImageUrl(imageId),
    w480: libraryImageUrl(imageId, 480),
    w960: libraryImageUrl(imageId, 960),
    w1600: libraryImageUrl(imageId, 1600),
    width: Number(w ?? 0),
    height: Number(h ?? 0),
  };
}

/** A new image id with the same size suffix (`<24-hex>_<w>x<h>`), so a copy never shares a folder with its source. */
function freshImageId(folder: string): string {
  const [, , w, h] = SCHEDULE_IMAGE_ID.exec(imageIdOfFolder(folder)) ?? [];
  return `${crypto.randomBytes(12).toString('hex')}_${w ?? 1}x${h ?? 1}`;
}

/**
 * Copies image folders (every variant of each) to new folders named by `target(imageId)`, in
 * order, and answers the new folders. All or nothing: when one file cannot be copied, the copies
 * made so far are deleted and the error is thrown.
 */
export async function copyImageFolders(storage: Storage, folders: readonly string[], target: (imageId: string) => string): Promise<string[]> {
  const copies = folders.map((folder) => ({ from: folder, to: target(freshImageId(folder)) }));
  try {
    for (const { from, to } of copies) {
      const keys = scheduleImageKeys([from]);
      for (const key of keys) {
        const file = await storage.get('private', key);
        if (!file) throw new Error(`image file missing: ${key}`);
        await storage.put('private', `${to}${key.slice(from.length)}`, file.stream, { contentType: file.contentType });
      }
    }
  } catch (error) {
    await deleteScheduleImages(storage, copies.map((c) => c.to));
    throw error;
  }
  return copies.map((c) => c.to);
}

/** Copies a product's images into a project, as folders of its schedule images. */
export const copyLibraryImagesToProject = (storage: Storage, folders: readonly string[], projectId: string) =>
  copyImageFolders(storage, folders, (imageId) => scheduleImageFolder(projectId, imageId));

/** Copies an item's images into a firm's library. */
export const copyItemImagesToLibrary = (storage: Storage, folders: readonly string[], firmId: string) =>
  copyImageFolders(storage, folders, (imageId) => libraryImageFolder(firmId, imageId));
