import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { PHOTO_SIZES, type PhotoSize } from '../contract/workspace-projects-rules.js';
import { processProjectImage, type EncodeOptions } from './images.js';
import type { Storage } from './storage.js';

/**
 * The one photo of a workspace project (DESIGN.md section 3): checked by content by the caller,
 * re-encoded with sharp as portfolio images are (EXIF orientation applied, metadata dropped, WebP
 * variants 480/960/1600 px wide) and kept in PRIVATE storage: never an /uploads url, only streamed
 * by GET /api/projects/{id}/photo after the access check. The key carries a random part, which is
 * also the photo's version in its urls.
 */

const variantKey = (photoKey: string, size: PhotoSize) => `${photoKey}/w${size}.webp`;

export const photoVariantKeys = (photoKey: string) => PHOTO_SIZES.map((size) => variantKey(photoKey, size));

/** The version of a stored photo (its random part), for cache-busting urls. */
export const photoVersion = (photoKey: string) => photoKey.slice(photoKey.lastIndexOf('/') + 1, photoKey.lastIndexOf('/') + 9);

/** Re-encodes and stores a project photo of `firmId`; answers its key (or InvalidImageError). */
export async function storeProjectPhoto(storage: Storage, firmId: string, projectId: string, data: Buffer, options: EncodeOptions = {}): Promise<string> {
  const processed = await processProjectImage(data, options);
  const photoKey = `workspace/${firmId}/projects/${projectId}/photo/${crypto.randomBytes(12).toString('hex')}`;
  const written: string[] = [];
  try {
    for (const size of PHOTO_SIZES) {
      const key = variantKey(photoKey, size);
      await storage.putPrivate(key, processed.variants[`w${size}`]);
      written.push(key);
    }
  } catch (error) {
    await storage.deletePrivate(written);
    throw error;
  }
  return photoKey;
}

export async function openProjectPhoto(storage: Storage, photoKey: string, size: PhotoSize): Promise<{ stream: Readable; size: number } | null> {
  return storage.openPrivate(variantKey(photoKey, size));
}

export async function deleteProjectPhotos(storage: Storage, photoKeys: Array<string | null | undefined>) {
  const keys = photoKeys.filter((k): k is string => !!k).flatMap(photoVariantKeys);
  if (keys.length) await storage.deletePrivate(keys);
}
