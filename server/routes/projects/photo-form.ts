import type { FastifyRequest } from 'fastify';
import { isId, type ErrorDetail } from '../../contract/http.js';
import { placeOf, placeRuleErrors } from '../../contract/places.js';
import type { z } from 'zod/v4';
import { PROJECT_FORM_FIELDS, PROJECT_LIMITS, PROJECT_MESSAGES, PROJECT_PLACE_MESSAGES, WorkspaceProjectChangesForm, WorkspaceProjectForm } from '../../contract/workspace-projects.js';
import type { Database } from '../../db/connection.js';
import { badRequest, HttpError } from '../../errors.js';
import { withReceivedFiles, type ReceivedUpload } from '../../files/receive-files.js';
import { claimUploads, findUpload, type PendingUpload } from '../../queries/pending-uploads.js';
import { IMAGE_TYPES } from '../../services/file-types.js';
import { InvalidImageError } from '../../services/images.js';
import { discardUploads } from '../../services/pending-uploads.js';
import type { Storage } from '../../services/storage/storage.js';
import { photoKeyOf, uploadProjectPhoto } from '../../services/workspace-photos.js';

/**
 * The project form's multipart body and its one photo (`profileImage`), kept private: read through
 * the upload pipeline, stored as a pending upload, claimed by the save that names it (decision 078)
 * or kept as a draft for a form sent back with errors (decision 217).
 */

const PHOTO = PROJECT_FORM_FIELDS.photo;
const PHOTO_DRAFT = PROJECT_FORM_FIELDS.photoDraft;

/** An error about the photo part (`files.0` in the upload pipeline's words) under the form's field name. */
function asPhotoError(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.details?.some((d) => d.path.startsWith('files'))) return error;
  return new HttpError(error.statusCode, error.message, [{ path: PHOTO, message: error.message }], error.code);
}

/**
 * Runs `work` on a multipart request of the project form's shape through the upload pipeline: the
 * photo checked by its first bytes, JPG/PNG/GIF only (415), at most 15 MB (413), streamed to a
 * temporary file that is gone when it returns. Errors about the photo name the form's field.
 */
async function receivingPhoto<T>(request: FastifyRequest, work: (received: ReceivedUpload) => Promise<T>): Promise<T> {
  const options = {
    accountId: request.session.user.id,
    fileFields: [PHOTO],
    accept: IMAGE_TYPES.project,
    maxFiles: 1,
    maxBytes: PROJECT_LIMITS.photoBytes,
    maxFields: 40,
    messages: { type: PROJECT_MESSAGES.photoType, tooLarge: PROJECT_MESSAGES.photoTooLarge, count: 'Send one project photo' },
  };
  try {
    return await withReceivedFiles(request, options, work);
  } catch (error) {
    throw asPhotoError(error);
  }
}

/**
 * The project form: validates its fields with every message at once (400) and runs `handle` with
 * the form and its photo, a file or a kept draft's id (`photoRequired` on create).
 */
export function withProjectForm<T, S extends typeof WorkspaceProjectForm | typeof WorkspaceProjectChangesForm>(
  request: FastifyRequest,
  photoRequired: boolean,
  schema: S,
  handle: (form: z.output<S>, photo: { file?: string; draftId?: string }) => Promise<T>,
): Promise<T> {
  return receivingPhoto(request, async ({ fields, files }) => {
    const details: ErrorDetail[] = [];
    const parsed = schema.safeParse(fields);
    if (!parsed.success) details.push(...parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
    // The one place rule of every form (decisions 140, 157), checked with the other fields so one answer says everything.
    const place = placeRuleErrors(placeOf(fields), PROJECT_PLACE_MESSAGES);
    details.push(...place.filter((error) => !details.some((d) => d.path === error.path)));
    const file = files[0]?.path;
    const draftId = fields[PHOTO_DRAFT]?.[0] || undefined;
    if (!file && !draftId && photoRequired) details.push({ path: PHOTO, message: PROJECT_MESSAGES.photoRequired });
    if (details.length || !parsed.success) throw badRequest(details[0]!.message, details);
    return handle(parsed.data as z.output<S>, { file, draftId });
  });
}

/** A request of one photo alone (a draft's): `handle` gets its file. */
export function withReceivedPhoto<T>(request: FastifyRequest, handle: (file: string) => Promise<T>): Promise<T> {
  return receivingPhoto(request, async ({ files }) => {
    if (!files[0]) throw badRequest(PROJECT_MESSAGES.photoRequired, [{ path: PHOTO, message: PROJECT_MESSAGES.photoRequired }]);
    return handle(files[0].path);
  });
}

/** The photo's storage for the routes of `db` and `storage`: store, name, claim and discard. */
export function projectPhotos(db: Database, storage: Storage) {
  /** Stores a checked photo as a pending upload; an image whose content does not decode is the wrong type (415). */
  async function uploadPhoto(ownerId: string, firmId: string, projectId: string | null, file: string) {
    try {
      return await uploadProjectPhoto(db, storage, { ownerId, firmId, projectId }, file);
    } catch (error) {
      if (error instanceof InvalidImageError) throw new HttpError(415, PROJECT_MESSAGES.photoType, [{ path: PHOTO, message: PROJECT_MESSAGES.photoType }]);
      throw error;
    }
  }

  /**
   * The photo a save names: the file sent with it (stored now, `fresh`), or a draft kept from an
   * earlier try of the form (decision 217), which only its uploader may name.
   */
  async function photoOfSave(ownerId: string, firmId: string, projectId: string, photo: { file?: string; draftId?: string }) {
    if (photo.file) return { ...(await uploadPhoto(ownerId, firmId, projectId, photo.file)), fresh: true };
    if (!photo.draftId) return undefined;
    const upload = isId(photo.draftId) ? await findUpload(db, ownerId, 'project-photo', photo.draftId) : null;
    if (!upload) throw new HttpError(409, PROJECT_MESSAGES.photoDraftGone, [{ path: PHOTO, message: PROJECT_MESSAGES.photoDraftGone }]);
    return { photoKey: photoKeyOf(upload), upload, fresh: false };
  }

  /** A failed save removes the photo it stored; a draft stays for the next try (the clean-up takes it in a day). */
  const discardFresh = (request: FastifyRequest, stored: { upload: PendingUpload; fresh: boolean } | undefined) =>
    stored?.fresh ? discard(request, () => discardUploads(db, storage, [stored.upload])) : Promise.resolve();

  /** Claims the photo's upload in the transaction writing the row that names it (decision 078). */
  async function claimPhoto(tx: Database, ownerId: string, upload: PendingUpload) {
    const claimed = await claimUploads(tx, ownerId, 'project-photo', [upload.id]);
    if (claimed.length !== 1) throw new HttpError(409, 'The photo was removed before the project was saved; choose it again');
  }

  /** Deletes stored bytes that no row refers to any more; a failure is logged, the answer stands. */
  async function discard(request: FastifyRequest, remove: () => Promise<void>) {
    await remove().catch((error) => request.log.error({ err: error }, 'could not delete stored project files'));
  }

  return { uploadPhoto, photoOfSave, discardFresh, claimPhoto, discard };
}
