import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_TYPE_MESSAGE } from '../contract/projects.js';
import type { Database } from '../db/connection.js';
import { badRequest, HttpError } from '../errors.js';
import { InvalidImageError, uploadProjectImage } from '../services/images.js';
import { discardUploads } from '../services/pending-uploads.js';
import type { Storage } from '../services/storage/storage.js';
import type { ReceivedFile } from './receive-files.js';

/**
 * Received project images re-encoded and stored as pending uploads of `ownerId` (decision 020),
 * for both upload endpoints: POST /api/projects/images and the spec's POST /api/users/upload/file
 * (decision 143). Every file was checked by type while it arrived; one that fails now
 * (undecodable, or storage down) undoes the request's earlier images: all or nothing.
 */
export async function storeProjectImages(db: Database, storage: Storage, ownerId: string, files: ReceivedFile[], log: FastifyBaseLogger) {
  if (files.length === 0) throw badRequest('Choose at least one image', [{ path: 'files', message: 'Choose at least one image' }]);
  const done: Array<Awaited<ReturnType<typeof uploadProjectImage>>> = [];
  for (const file of files) {
    try {
      // One at a time: sharp already uses several threads per image, and memory stays bounded.
      done.push(await uploadProjectImage(db, storage, ownerId, file.path));
    } catch (error) {
      await discardUploads(db, storage, done.map((d) => d.upload));
      if (error instanceof InvalidImageError) {
        throw new HttpError(415, IMAGE_TYPE_MESSAGE, [{ path: `files.${file.index}`, message: `${file.fileName}: ${IMAGE_TYPE_MESSAGE}` }]);
      }
      if (error instanceof HttpError) throw error;
      log.error({ err: error }, 'project image upload failed');
      throw new HttpError(500, `${file.fileName} could not be stored; nothing of this upload was kept. Please try again.`);
    }
  }
  return done.map(({ storageKey: _key, upload: _upload, ...image }) => image);
}
