import crypto from 'node:crypto';
import { PHOTO_SIZES, type PhotoSize } from '../contract/workspace-projects-rules.js';
import type { Database } from '../db/connection.js';
import { processProjectImage, storedBytes, type EncodeOptions, type ImageInput, type ProcessedProjectImage } from './images.js';
import type { PendingUpload } from '../queries/pending-uploads.js';
import { storeUpload } from './pending-uploads.js';
import type { Storage } from './storage/storage.js';

/**
 * The one photo of a workspace project (DESIGN.md section 3): re-encoded with sharp as portfolio
 * images are (EXIF orientation applied, metadata dropped, WebP variants 480/960/1600 px wide) and
 * kept in the PRIVATE area: never an /uploads url, only streamed by GET /api/projects/{id}/photo
 * after the access check. The key carries a random part, which is also the photo's version in its urls.
 */

const variantKey = (photoKey: string, size: PhotoSize) => `${photoKey}/w${size}.webp`;

export const photoVariantKeys = (photoKey: string) => PHOTO_SIZES.map((size) => variantKey(photoKey, size));

/** The version of a stored photo (the start of its random part), for cache-busting urls. */
export const photoVersion = (photoKey: string) => photoKey.slice(photoKey.lastIndexOf('/') + 1, photoKey.lastIndexOf('/') + 9);

/** A photo's key: under its project, or under the firm's drafts while no project names it yet (decision 217). */
const newPhotoKey = (firmId: string, projectId: string | null) =>
  `workspace/${firmId}/${projectId ? `projects/${projectId}/photo` : 'photo-drafts'}/${crypto.randomBytes(12).toString('hex')}`;

const putVariants = (storage: Storage, photoKey: string, processed: ProcessedProjectImage) =>
  Promise.all(PHOTO_SIZES.map((size) => storage.put('private', variantKey(photoKey, size), processed.variants[`w${size}`], { contentType: 'image/webp' })));

/** Re-encodes and stores a project photo (the seed's and the factories' way; the api uses uploadProjectPhoto). */
export async function storeProjectPhoto(storage: Storage, firmId: string, projectId: string, data: ImageInput, options: EncodeOptions = {}): Promise<string> {
  const processed = await processProjectImage(data, options);
  const photoKey = newPhotoKey(firmId, projectId);
  await putVariants(storage, photoKey, processed);
  return photoKey;
}

/**
 * An uploaded photo (a file on disk, already checked by type): processed (InvalidImageError when
 * it does not decode), recorded as a pending upload of `ownerId` (decision 078) and stored. The
 * project row that uses it claims the upload in its transaction; a photo nobody claims is removed
 * by the clean-up, so a failed request never leaves bytes behind.
 */
export async function uploadProjectPhoto(
  db: Database,
  storage: Storage,
  ids: { ownerId: string; firmId: string; projectId: string | null },
  file: ImageInput,
): Promise<{ photoKey: string; upload: PendingUpload }> {
  const processed = await processProjectImage(file);
  const photoKey = newPhotoKey(ids.firmId, ids.projectId);
  const upload = await storeUpload(
    db,
    storage,
    { ownerId: ids.ownerId, kind: 'project-photo', area: 'private', keys: photoVariantKeys(photoKey), contentType: 'image/webp', size: storedBytes(processed), details: { photoKey } },
    async () => {
      await putVariants(storage, photoKey, processed);
    },
  );
  return { photoKey, upload };
}

/** The stored photo a pending upload of kind 'project-photo' holds. */
export const photoKeyOf = (upload: PendingUpload) => String(upload.details.photoKey);

/** The variant file of a stored photo, for streaming. */
export const photoFileKey = variantKey;

export async function deleteProjectPhotos(storage: Storage, photoKeys: Array<string | null | undefined>) {
  const keys = photoKeys.filter((k): k is string => !!k).flatMap(photoVariantKeys);
  if (keys.length) await storage.delete('private', keys);
}
