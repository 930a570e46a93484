import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply, IdParams, isId } from '../contract/http.js';
import { placeErrors } from '../contract/places.js';
import {
  DeletedReply,
  IMAGE_TYPE_MESSAGE,
  PortfolioReply,
  PROJECT_IMAGE_MAX_BYTES,
  PROJECT_IMAGES_PER_REQUEST,
  ProjectReply,
  PublicProjectBody,
  UploadImagesReply,
} from '../contract/projects.js';
import type { Database } from '../db/connection.js';
import { badRequest, HttpError, isUniqueViolation, notFound } from '../errors.js';
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
  type NewImage,
  type ProjectRow,
} from '../queries/public-projects.js';
import { userJson } from '../queries/users.js';
import {
  deleteImageFiles,
  findPendingImage,
  InvalidImageError,
  isImageOfKind,
  PENDING_IMAGE_ID,
  projectImageKey,
  storeProjectImage,
} from '../services/images.js';
import { readUploadedFiles } from '../services/multipart-files.js';
import type { Storage } from '../services/storage.js';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const NOT_FOUND = 'Project not found';

/**
 * The images a body lists, in its order: pending uploads of `ownerId` (by their files) and, on
 * update, images already in `projectId`. Answers 400 with the index of each unknown id.
 */
async function resolveImages(db: Database, storage: Storage, ownerId: string, ids: string[], projectId?: string): Promise<NewImage[]> {
  const pendingHex = ids.map((id) => PENDING_IMAGE_ID.exec(id)?.[1]).filter((x): x is string => !!x);
  const rows = await findImagesByIds(db, [...ids.filter(isId), ...pendingHex]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const details: Array<{ path: string; message: string }> = [];
  const plans = await Promise.all(
    ids.map(async (id, index): Promise<NewImage | null> => {
      const existing = byId.get(PENDING_IMAGE_ID.exec(id)?.[1] ?? id);
      if (existing) {
        // Already in a project: fine on this project's update, refused anywhere else.
        if (projectId && existing.projectId === projectId) return existing;
        details.push({ path: `imageIds.${index}`, message: 'This image belongs to another project; upload it again' });
        return null;
      }
      const pending = await findPendingImage(storage, ownerId, id);
      if (!pending) {
        details.push({ path: `imageIds.${index}`, message: 'Image not found; upload it again' });
        return null;
      }
      return { id: pending.imageId, storageKey: pending.storageKey, variants: pending.variants, width: pending.width, height: pending.height };
    }),
  );
  if (details.length) throw badRequest(details[0]!.message, details);
  const resolved = plans as NewImage[];
  if (new Set(resolved.map((p) => p.id)).size !== resolved.length) {
    throw badRequest('The same image is listed twice', [{ path: 'imageIds', message: 'The same image is listed twice' }]);
  }
  return resolved;
}

/** Two simultaneous saves listing the same new upload: the second finds its image row taken. */
function imageTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new HttpError(409, 'An image of this list was just saved in another project; upload it again', [
      { path: 'imageIds', message: 'An image of this list was just saved in another project; upload it again' },
    ]);
  }
  throw error;
}

function checkPlaces(body: { country: string; state: string; city: string }) {
  const details = placeErrors(body);
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

  app.post(
    '/projects/images',
    {
      schema: {
        tags: ['projects'],
        summary: `Upload 1 to ${PROJECT_IMAGES_PER_REQUEST} project images (multipart, field "files"; JPEG, PNG or GIF, 15 MB each)`,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: UploadImagesReply, ...errors, 413: ErrorReply, 415: ErrorReply },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const { files } = await readUploadedFiles(request, {
        fields: ['files'],
        maxFiles: PROJECT_IMAGES_PER_REQUEST,
        maxBytes: PROJECT_IMAGE_MAX_BYTES,
        messages: {
          perFile: `Each image must be at most ${PROJECT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
          count: `Upload at most ${PROJECT_IMAGES_PER_REQUEST} images at a time.`,
        },
      });
      if (files.length === 0) throw badRequest('Choose at least one image', [{ path: 'files', message: 'Choose at least one image' }]);
      // Every file is checked before any is stored: a refused request stores nothing.
      for (const [index, file] of files.entries()) {
        if (!(await isImageOfKind(file.data, 'project'))) {
          throw new HttpError(415, IMAGE_TYPE_MESSAGE, [{ path: `files.${index}`, message: IMAGE_TYPE_MESSAGE }]);
        }
      }
      const stored: Array<Awaited<ReturnType<typeof storeProjectImage>>> = [];
      try {
        // One at a time: sharp already uses several threads per image, and memory stays bounded.
        for (const file of files) stored.push(await storeProjectImage(storage, user.id, file.data));
      } catch (error) {
        await deleteImageFiles(storage, stored.map((s) => s.storageKey));
        if (error instanceof InvalidImageError) throw new HttpError(415, IMAGE_TYPE_MESSAGE);
        throw error;
      }
      const images = stored.map(({ storageKey: _key, ...image }) => image);
      return reply.status(201).send({ images, urls: images.map((i) => i.url) });
    },
  );

  app.delete(
    '/projects/images/:id',
    { schema: { tags: ['projects'], summary: 'Discard an upload not yet in a project', security: [{ bearer: [] }], params: IdParams, response: { 200: DeletedReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const pending = await findPendingImage(storage, user.id, request.params.id);
      if (!pending) throw notFound('Image not found');
      if (await isImageInAProject(db, pending.imageId)) throw new HttpError(409, 'This image is in a project; remove it from the project instead');
      await deleteImageFiles(storage, [projectImageKey(user.id, pending.imageId, pending.width, pending.height)]);
      return { message: 'Image deleted' };
    },
  );

  // Own portfolio ------------------------------------------------------------------------------

  app.get(
    '/projects/portfolio',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], response: { 200: PortfolioReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const [list, userData] = await Promise.all([listPublicProjects(db, user.id).then((rows) => projectsJson(db, rows)), userJson(db, user)]);
      return { userData, projects: list };
    },
  );

  app.post(
    '/projects/public-project',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], body: PublicProjectBody, response: { 201: ProjectReply, ...errors } } },
    async (request, reply) => {
      const { user } = request.session;
      const body = request.body;
      checkPlaces(body);
      const images = await resolveImages(db, storage, user.id, body.imageIds);
      const row = await insertPublicProject(db, user.id, publicProjectValues(body), images).catch(imageTaken);
      const [data] = await projectsJson(db, [row]);
      return reply.status(201).send({ data: data! });
    },
  );

  app.put(
    '/projects/public-project/:id',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], params: IdParams, body: PublicProjectBody, response: { 200: ProjectReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const current = await ownProject(user.id, request.params.id);
      const body = request.body;
      checkPlaces(body);
      const images = await resolveImages(db, storage, user.id, body.imageIds, current.id);
      const { row, removedKeys } = await updatePublicProject(db, current.id, publicProjectValues(body), images).catch(imageTaken);
      // Files go after the commit: a failed save never loses an image.
      await deleteImageFiles(storage, removedKeys);
      const [data] = await projectsJson(db, [row]);
      return { data: data! };
    },
  );

  app.delete(
    '/projects/public-project/:id',
    { schema: { tags: ['projects'], security: [{ bearer: [] }], params: IdParams, response: { 200: DeletedReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const current = await ownProject(user.id, request.params.id);
      await deleteImageFiles(storage, await deletePublicProject(db, current.id));
      return { message: 'Project deleted' };
    },
  );
};
