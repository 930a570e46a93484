import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../../contract/http.js';
import { placeRuleErrors } from '../../../contract/places.js';
import { IMAGES_MIN_MESSAGE, imageIdFromUrl } from '../../../contract/projects.js';
import { portfolioOperations as ops } from '../../../contract/showcase-operations.js';
import { routeOf } from '../../declared.js';
import type { Database } from '../../../db/connection.js';
import { badRequest, HttpError, isUniqueViolation, notFound } from '../../../errors.js';
import {
  deletePublicProject,
  findImagesByIds,
  findOwnPublicProject,
  insertPublicProject,
  isImageInAProject,
  listPublicProjects,
  projectsJson,
  publicProjectValues,
  updatePublicProject,
  ImageTakenError,
  type NewImage,
  type ProjectRow,
} from '../../../queries/public-projects.js';
import { userJson } from '../../../queries/users.js';
import { BODY_LIMITS } from '../../../body-limits.js';
import { withReceivedFiles } from '../../../files/receive-files.js';
import { PROJECT_IMAGES } from '../../../files/upload-kinds.js';
import { deleteImageFiles, findPendingImages, PENDING_IMAGE_ID } from '../../../services/images.js';
import { storeProjectImages } from '../../../files/project-image-uploads.js';
import { discardUploads } from '../../../services/pending-uploads.js';
import { moderationNotesOfFirm } from '../../../queries/moderation.js';

const NOT_FOUND = 'Project not found';

/**
 * The images a body lists, in its order: pending uploads of `ownerId` (decision 078) and, on
 * update, images already in `projectId`. Answers 400 with the index of each unknown id.
 */
async function resolveImages(db: Database, ownerId: string, ids: string[], projectId?: string, field = 'imageIds'): Promise<NewImage[]> {
  const existingIds = ids.filter(isId);
  const pendingHex = ids.map((id) => PENDING_IMAGE_ID.exec(id)?.[1]).filter((x): x is string => !!x);
  const lookupIds = [...existingIds, ...pendingHex];
  const rows = await findImagesByIds(db, lookupIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pendingImages = await findPendingImages(db, ownerId, ids.filter((id) => PENDING_IMAGE_ID.test(id)));
  const details: Array<{ path: string; message: string }> = [];
  const plans = ids.map((id, index): NewImage | null => {
    const existing = byId.get(PENDING_IMAGE_ID.exec(id)?.[1] ?? id);
    if (existing) {
      // Already in a project: fine on this project's update, refused anywhere else.
      const { projectId: _projectId, ...image } = existing;
      if (projectId && existing.projectId === projectId) return { ...image, pending: false };
      details.push({ path: `${field}.${index}`, message: 'This image belongs to another project; upload it again' });
      return null;
    }
    const pending = pendingImages.get(id);
    if (!pending) {
      details.push({ path: `${field}.${index}`, message: 'Image not found; upload it again' });
      return null;
    }
    return { id: pending.imageId, storageKey: pending.storageKey, variants: pending.variants, width: pending.width, height: pending.height, pending: true };
  });
  if (details.length) throw badRequest(details[0]!.message, details);
  const resolved = plans as NewImage[];
  if (new Set(resolved.map((p) => p.id)).size !== resolved.length) {
    throw badRequest('The same image is listed twice', [{ path: field, message: 'The same image is listed twice' }]);
  }
  return resolved;
}

const IMAGE_TAKEN = 'An image of this list was just saved in another project; upload it again';

/** Two simultaneous saves listing the same new upload: the second finds its image row taken. */
function imageTaken(error: unknown): never {
  if (isUniqueViolation(error) || error instanceof ImageTakenError) throw new HttpError(409, IMAGE_TAKEN, [{ path: 'imageIds', message: IMAGE_TAKEN }]);
  throw error;
}

/**
 * The body's gallery as image ids: `imageIds`, or the spec's `projectImages` urls (decision 143)
 * turned into the ids they name; answers 400 when neither (or both) is given or a url names no image of ours.
 */
function galleryIds(ownerId: string, body: { imageIds?: string[] | undefined; projectImages?: string[] | undefined }): string[] {
  if (body.imageIds && body.projectImages) {
    throw badRequest('Send imageIds or projectImages, not both', [{ path: 'projectImages', message: 'Send imageIds or projectImages, not both' }]);
  }
  if (body.imageIds) return body.imageIds;
  if (!body.projectImages) throw badRequest(IMAGES_MIN_MESSAGE, [{ path: 'imageIds', message: IMAGES_MIN_MESSAGE }]);
  const details: Array<{ path: string; message: string }> = [];
  const ids = body.projectImages.map((url, index) => {
    const id = imageIdFromUrl(url, ownerId);
    if (!id) details.push({ path: `projectImages.${index}`, message: 'Image not found; upload it again' });
    return id ?? '';
  });
  if (details.length) throw badRequest(details[0]!.message, details);
  return ids;
}

const galleryField = (body: { imageIds?: unknown }) => (body.imageIds ? 'imageIds' : 'projectImages');

function checkPlaces(body: { country: string; state: string | null; city: string | null }) {
  const details = placeRuleErrors(body);
  if (details.length) throw badRequest(details[0]!.message, details);
}

/** The signed-in firm's portfolio: its images and public projects (scope `firm`). */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  /** The signed-in firm's own public project, or 404 (another firm's id, a workspace project, an unknown id). */
  async function ownProject(ownerId: string, id: string): Promise<ProjectRow> {
    const row = isId(id) ? await findOwnPublicProject(db, ownerId, id) : undefined;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  // Images -------------------------------------------------------------------------------------

  app.route({
    ...routeOf(ops.uploadImages),
    handler: async (request, reply) => {
      const { user } = request.session;
      const images = await withReceivedFiles(request, { accountId: user.id, fileFields: ['files'], ...PROJECT_IMAGES }, ({ files }) =>
        storeProjectImages(db, storage, user.id, files, request.log),
      );
      return reply.status(201).send({ images, urls: images.map((i) => i.url) });
    },
  });

  app.route({
    ...routeOf(ops.discardImage),
    handler: async (request) => {
      const { user } = request.session;
      const pending = (await findPendingImages(db, user.id, [request.params.id])).get(request.params.id);
      if (!pending) {
        const hex = PENDING_IMAGE_ID.exec(request.params.id)?.[1];
        if (hex && (await isImageInAProject(db, hex))) throw new HttpError(409, 'This image is in a project; remove it from the project instead');
        throw notFound('Image not found');
      }
      await discardUploads(db, storage, [pending.upload]);
      return { message: 'Image deleted' };
    },
  });

  // Own portfolio ------------------------------------------------------------------------------

  app.route({
    ...routeOf(ops.portfolio),
    handler: async (request) => {
      const { user } = request.session;
      const [list, userData, hidden] = await Promise.all([
        listPublicProjects(db, user.id).then((rows) => projectsJson(db, rows)),
        userJson(db, user),
        moderationNotesOfFirm(db, user.id),
      ]);
      return { userData, projects: list, hidden };
    },
  });

  app.route({
    ...routeOf(ops.create),
    bodyLimit: BODY_LIMITS.project,
    handler: async (request, reply) => {
      const { user } = request.session;
      const body = request.body;
      checkPlaces(body);
      const images = await resolveImages(db, user.id, galleryIds(user.id, body), undefined, galleryField(body));
      const row = await insertPublicProject(db, user.id, publicProjectValues(body), images).catch(imageTaken);
      const [data] = await projectsJson(db, [row]);
      return reply.status(201).send({ data: data! });
    },
  });

  app.route({
    ...routeOf(ops.update),
    bodyLimit: BODY_LIMITS.project,
    handler: async (request) => {
      const { user } = request.session;
      const current = await ownProject(user.id, request.params.id);
      const body = request.body;
      checkPlaces(body);
      const images = await resolveImages(db, user.id, galleryIds(user.id, body), current.id, galleryField(body));
      const { row, removedKeys } = await updatePublicProject(db, user.id, current.id, publicProjectValues(body), images, body.version).catch(imageTaken);
      // Files go after the commit: a failed save never loses an image.
      await deleteImageFiles(storage, removedKeys);
      const [data] = await projectsJson(db, [row]);
      return { data: data! };
    },
  });

  app.route({
    ...routeOf(ops.remove),
    handler: async (request) => {
      const { user } = request.session;
      const current = await ownProject(user.id, request.params.id);
      await deleteImageFiles(storage, await deletePublicProject(db, current.id));
      return { message: 'Project deleted' };
    },
  });
};
