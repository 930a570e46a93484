import crypto from 'node:crypto';
import type { ScheduleImage } from '../contract/schedules.js';
import { SCHEDULE_IMAGE_ID, SCHEDULE_IMAGE_SIZES, type ScheduleImageSize } from '../contract/schedules-rules.js';
import { VARIANT_WIDTHS } from '../contract/projects-rules.js';
import type { Database } from '../db/connection.js';
import { processProjectImage, storedBytes, variantKeys, type EncodeOptions, type ImageInput } from './images.js';
import { findUploads, type PendingUpload, type UploadKind } from '../queries/pending-uploads.js';
import { storeUpload } from './pending-uploads.js';
import type { Storage } from './storage/storage.js';

/**
 * Schedule images (DESIGN.md section 3; docs/decisions/088): private files, never public urls.
 * Each is re-encoded like a portfolio image (sharp, metadata dropped, WebP variants of 480, 960
 * and 1600 px) and stored in the private area under its project:
 * `schedules/<projectId>/<imageId>/w480.webp` …, where the image id is `<24-hex>_<w>x<h>`. A
 * schedule row lists its images by that folder (`schedules.images`); an image uploaded for no
 * schedule yet is a pending upload (decision 078) that the schedule saving it claims.
 */

export const SCHEDULE_IMAGE_KIND = 'schedule-image' satisfies UploadKind;

type VariantName = keyof typeof VARIANT_WIDTHS;
const VARIANT_BY_SIZE: Record<ScheduleImageSize, VariantName> = { 480: 'w480', 960: 'w960', 1600: 'w1600' };

/** The storage folder of an image of `projectId` (its variants are files inside). */
export const scheduleImageFolder = (projectId: string, imageId: string) => `schedules/${projectId}/${imageId}`;

/** Every stored file of these image folders (for deleting them). */
export const scheduleImageKeys = (folders: readonly string[]) => folders.flatMap(variantKeys);

/** The stored file of one variant. */
export const scheduleVariantKey = (folder: string, size: ScheduleImageSize) => `${folder}/${VARIANT_BY_SIZE[size]}.webp`;

/** The image id of a stored folder (its last segment). */
export const imageIdOfFolder = (folder: string) => folder.slice(folder.lastIndexOf('/') + 1);

/** The authorized api url of an image's variant (960 px when no size is given). */
export function scheduleImageUrl(projectId: string, imageId: string, size?: ScheduleImageSize): string {
  const base = `/api/projects/schedules/images/${projectId}/${imageId}`;
  return size ? `${base}?size=${size}` : base;
}

/** The reply shape of a stored image folder. */
export function scheduleImageJson(projectId: string, folder: string): ScheduleImage {
  const imageId = imageIdOfFolder(folder);
  const [, , w, h] = SCHEDULE_IMAGE_ID.exec(imageId) ?? [];
  return {
    id: imageId,
    url: scheduleImageUrl(projectId, imageId),
    w480: scheduleImageUrl(projectId, imageId, 480),
    w960: scheduleImageUrl(projectId, imageId, 960),
    w1600: scheduleImageUrl(projectId, imageId, 1600),
    width: Number(w ?? 0),
    height: Number(h ?? 0),
  };
}

/**
 * The image id a `schedulesFiles` entry names: an id as the upload call answered it, or one of
 * the urls it answered (`/api/projects/schedules/images/<projectId>/<id>`, with or without
 * `?size=` and the origin). A url of another project names nothing here (null), nor does anything else.
 */
export function imageIdOfRef(ref: string, projectId: string): string | null {
  if (SCHEDULE_IMAGE_ID.test(ref)) return ref;
  const match = /^(?:https?:\/\/[^/]+)?\/api\/projects\/schedules\/images\/([0-9a-f]{24})\/([^/?#]+)(?:\?size=\d+)?$/.exec(ref);
  if (!match || match[1] !== projectId || !SCHEDULE_IMAGE_ID.test(match[2]!)) return null;
  return match[2]!;
}

export type UploadedScheduleImage = { imageId: string; folder: string; upload: PendingUpload };

const putVariants = (storage: Storage, folder: string, variants: Record<VariantName, Buffer>) =>
  Promise.all(
    SCHEDULE_IMAGE_SIZES.map((size) => storage.put('private', scheduleVariantKey(folder, size), variants[VARIANT_BY_SIZE[size]], { contentType: 'image/webp' })),
  );

/**
 * An image for a schedule of `projectId`, uploaded by `ownerId` (a file on disk, or bytes for the
 * seed): processed, recorded as a pending upload (so the clean-up removes it if no schedule ever
 * claims it), its variants stored. A failure stores nothing.
 */
export async function uploadScheduleImage(
  ctx: { db: Database; storage: Storage },
  ownerId: string,
  projectId: string,
  input: ImageInput,
  options: EncodeOptions = {},
): Promise<UploadedScheduleImage> {
  const processed = await processProjectImage(input, options);
  const hex = crypto.randomBytes(12).toString('hex');
  const imageId = `${hex}_${processed.width}x${processed.height}`;
  const folder = scheduleImageFolder(projectId, imageId);
  const upload = await storeUpload(
    ctx.db,
    ctx.storage,
    {
      id: hex,
      ownerId,
      kind: SCHEDULE_IMAGE_KIND,
      area: 'private',
      keys: variantKeys(folder),
      contentType: 'image/webp',
      size: storedBytes(processed),
      details: { projectId, imageId },
    },
    () => putVariants(ctx.storage, folder, processed.variants).then(() => undefined),
  );
  return { imageId, folder, upload };
}

/**
 * The pending uploads of `ownerId` for `projectId` that these image ids name, by image id;
 * another owner's, another project's, unknown and already claimed ones are absent.
 */
export async function findPendingScheduleImages(db: Database, ownerId: string, projectId: string, imageIds: string[]) {
  const hexes = imageIds.map((id) => SCHEDULE_IMAGE_ID.exec(id)?.[1]).filter((hex): hex is string => !!hex);
  const uploads = await findUploads(db, ownerId, SCHEDULE_IMAGE_KIND, hexes);
  const found = new Map<string, PendingUpload>();
  for (const imageId of imageIds) {
    const upload = uploads.get(SCHEDULE_IMAGE_ID.exec(imageId)?.[1] ?? '');
    if (upload && upload.details.projectId === projectId && upload.details.imageId === imageId) found.set(imageId, upload);
  }
  return found;
}

/** Removes stored image folders (after the transaction that dropped them committed). */
export async function deleteScheduleImages(storage: Storage, folders: readonly string[]) {
  if (folders.length) await storage.delete('private', scheduleImageKeys(folders));
}

/**
 * Stored files of images a committed change dropped (a schedule's or a summary's): a failure is
 * logged and leaves files nobody lists, never a broken schedule or summary.
 */
export async function removeImagesLater(storage: Storage, folders: readonly string[], log: { error: (obj: object, msg: string) => void }) {
  try {
    await deleteScheduleImages(storage, folders);
  } catch (error) {
    log.error({ err: error, folders }, 'schedule images could not be deleted from storage');
  }
}
