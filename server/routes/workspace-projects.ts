import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';
import { requireFirmAccess } from '../auth/firm.js';
import { PROJECT_NOT_FOUND, requireProjectAccess } from '../auth/project-access.js';
import { ErrorReply, IdParams, isId, MessageReply, type ErrorDetail } from '../contract/http.js';
import { placeOf, placeRuleErrors } from '../contract/places.js';
import {
  PhotoDraftReply,
  PhotoQuery,
  PROJECT_FORM_FIELDS,
  PROJECT_LIMITS,
  PROJECT_MESSAGES,
  PROJECT_PLACE_MESSAGES,
  WorkspaceProjectForm,
  WorkspaceProjectReply,
  WorkspaceProjectsQuery,
  WorkspaceProjectsReply,
} from '../contract/workspace-projects.js';
import { newId } from '../db/ids.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import { recordAudit } from '../queries/audit.js';
import {
  deleteWorkspaceProject,
  insertWorkspaceProject,
  listWorkspaceProjects,
  toWorkspaceProjectJson,
  updateWorkspaceProject,
  workspaceProjectsPage,
} from '../queries/workspace-projects.js';
import { streamStoredFile } from '../files/send-stored-file.js';
import { withReceivedFiles, type ReceivedUpload } from '../files/receive-files.js';
import { IMAGE_TYPES } from '../services/file-types.js';
import { InvalidImageError } from '../services/images.js';
import { claimUploads, findUpload, type PendingUpload } from '../queries/pending-uploads.js';
import { discardUploads } from '../services/pending-uploads.js';
import { deleteProjectPhotos, photoFileKey, photoKeyOf, photoVersion, uploadProjectPhoto } from '../services/workspace-photos.js';

/**
 * Workspace projects (DESIGN.md sections 4 and 9; workspace-and-admin.md screens 1 and 2), scope
 * `workspace`: list and read for the firm and its employees (a plain employee sees the projects it
 * is a member of), create, update and delete for the firm and its sub-admins. The form is
 * multipart/form-data with the spec's field names and one photo (`profileImage`), kept private.
 */

const errors = { 404: ErrorReply };
const uploadErrors = { ...errors, 409: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply };
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
function withProjectForm<T>(
  request: FastifyRequest,
  photoRequired: boolean,
  handle: (form: WorkspaceProjectForm, photo: { file?: string; draftId?: string }) => Promise<T>,
): Promise<T> {
  return receivingPhoto(request, async ({ fields, files }) => {
    const details: ErrorDetail[] = [];
    const parsed = WorkspaceProjectForm.safeParse(fields);
    if (!parsed.success) details.push(...parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
    // The one place rule of every form (decisions 140, 157), checked with the other fields so one answer says everything.
    const place = placeRuleErrors(placeOf(fields), PROJECT_PLACE_MESSAGES);
    details.push(...place.filter((error) => !details.some((d) => d.path === error.path)));
    const file = files[0]?.path;
    const draftId = fields[PHOTO_DRAFT]?.[0] || undefined;
    if (!file && !draftId && photoRequired) details.push({ path: PHOTO, message: PROJECT_MESSAGES.photoRequired });
    if (details.length || !parsed.success) throw badRequest(details[0]!.message, details);
    return handle(parsed.data, { file, draftId });
  });
}

/** A request of one photo alone (a draft's): `handle` gets its file. */
function withReceivedPhoto<T>(request: FastifyRequest, handle: (file: string) => Promise<T>): Promise<T> {
  return receivingPhoto(request, async ({ files }) => {
    if (!files[0]) throw badRequest(PROJECT_MESSAGES.photoRequired, [{ path: PHOTO, message: PROJECT_MESSAGES.photoRequired }]);
    return handle(files[0].path);
  });
}

export const workspaceProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

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
  async function claimPhoto(tx: typeof db, ownerId: string, upload: PendingUpload) {
    const claimed = await claimUploads(tx, ownerId, 'project-photo', [upload.id]);
    if (claimed.length !== 1) throw new HttpError(409, 'The photo was removed before the project was saved; choose it again');
  }

  /** Deletes stored bytes that no row refers to any more; a failure is logged, the answer stands. */
  async function discard(request: FastifyRequest, remove: () => Promise<void>) {
    await remove().catch((error) => request.log.error({ err: error }, 'could not delete stored project files'));
  }

  app.get(
    '/projects',
    {
      schema: {
        tags: ['workspace'],
        summary: "The caller's workspace projects: all of them, or with ?page= one page and the count",
        querystring: WorkspaceProjectsQuery,
        response: { 200: WorkspaceProjectsReply, ...errors },
      },
    },
    async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      const access = firm.canManage ? 'manage' : 'work';
      const { page, limit, search } = request.query;
      // Without a page, the whole list as before (the pickers, the task form, the calendar read it).
      if (page === undefined) {
        const rows = await listWorkspaceProjects(db, user, firm, search);
        return { data: rows.map((row) => toWorkspaceProjectJson(row, access)), canManage: firm.canManage };
      }
      const { rows, count } = await workspaceProjectsPage(db, user, firm, { page, limit, search });
      return { data: rows.map((row) => toWorkspaceProjectJson(row, access)), canManage: firm.canManage, count, page, limit };
    },
  );

  app.get(
    '/projects/:id',
    { schema: { tags: ['workspace'], summary: 'One workspace project', params: IdParams, response: { 200: WorkspaceProjectReply, ...errors } } },
    async (request) => {
      const { project, level } = await requireProjectAccess(db, request.session, request.params.id, 'work');
      return { data: toWorkspaceProjectJson(project, level) };
    },
  );

  app.get(
    '/projects/:id/photo',
    {
      schema: {
        tags: ['workspace'],
        summary: "A project's photo (WebP, 480, 960 or 1600 px wide)",
        params: IdParams,
        querystring: PhotoQuery,
        produces: ['image/webp'],
        response: { 200: z.unknown().describe('The photo (image/webp)'), ...errors },
      },
    },
    async (request, reply) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.id, 'work');
      if (!project.photoKey) throw notFound('This project has no photo');
      // A url naming the current version never changes: cached for a year, in the browser only.
      const current = request.query.v === photoVersion(project.photoKey);
      return streamStoredFile(request, reply, {
        area: 'private',
        key: photoFileKey(project.photoKey, request.query.size),
        contentType: 'image/webp',
        notFoundMessage: 'This project has no photo',
        headers: {
          'content-disposition': 'inline',
          'x-content-type-options': 'nosniff',
          'cache-control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        },
      });
    },
  );

  app.post(
    '/projects/photo-drafts',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Keep a project photo for a form sent back with errors (multipart: profileImage); its id goes in photoDraft',
        consumes: ['multipart/form-data'],
        response: { 201: PhotoDraftReply, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const { upload } = await withReceivedPhoto(request, (file) => uploadPhoto(user.id, firm.firmId, null, file));
      return reply.status(201).send({ data: { id: upload.id, w480: `/api/projects/photo-drafts/${upload.id}` } });
    },
  );

  app.get(
    '/projects/photo-drafts/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'A kept project photo (WebP, 480 px wide), to its uploader only',
        params: IdParams,
        produces: ['image/webp'],
        response: { 200: z.unknown().describe('The photo (image/webp)'), ...errors },
      },
    },
    async (request, reply) => {
      const upload = await findUpload(db, request.session.user.id, 'project-photo', request.params.id);
      if (!upload) throw notFound(PROJECT_MESSAGES.photoDraftGone);
      return streamStoredFile(request, reply, {
        area: 'private',
        key: photoFileKey(photoKeyOf(upload), '480'),
        contentType: 'image/webp',
        notFoundMessage: PROJECT_MESSAGES.photoDraftGone,
        headers: { 'content-disposition': 'inline', 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-cache' },
      });
    },
  );

  app.post(
    '/projects',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Create a workspace project (multipart: the form fields and the photo profileImage)',
        consumes: ['multipart/form-data'],
        response: { 201: WorkspaceProjectReply, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      return withProjectForm(request, true, async (form, photo) => {
        const id = newId();
        const stored = (await photoOfSave(user.id, firm.firmId, id, photo))!;
        try {
          const row = await db.transaction(async (tx) => {
            await claimPhoto(tx, user.id, stored.upload);
            const created = await insertWorkspaceProject(tx, { id, firmId: firm.firmId, photoKey: stored.photoKey, form });
            await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'project.created', targetType: 'project', targetId: id, details: { projectName: form.projectName } });
            return created;
          });
          return reply.status(201).send({ data: toWorkspaceProjectJson(row, 'manage') });
        } catch (error) {
          await discardFresh(request, stored);
          throw error;
        }
      });
    },
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Update a workspace project (multipart; a new photo profileImage is optional)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: WorkspaceProjectReply, ...uploadErrors },
      },
    },
    async (request) => {
      const { user } = request.session;
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.id, 'manage');
      return withProjectForm(request, false, async (form, photo) => {
        const stored = await photoOfSave(user.id, firm.firmId, project.id, photo);
        let row;
        try {
          row = await db.transaction(async (tx) => {
            if (stored) await claimPhoto(tx, user.id, stored.upload);
            const updated = await updateWorkspaceProject(tx, project.id, form, stored?.photoKey);
            // Deleted by another request since the access check.
            if (!updated) throw notFound(PROJECT_NOT_FOUND);
            await recordAudit(tx, {
              actorId: user.id,
              firmId: firm.firmId,
              action: 'project.updated',
              targetType: 'project',
              targetId: project.id,
              details: { projectName: form.projectName, photoChanged: Boolean(stored) },
            });
            return updated;
          });
        } catch (error) {
          await discardFresh(request, stored);
          throw error;
        }
        // The old photo goes once the row names the new one.
        if (stored) await discard(request, () => deleteProjectPhotos(storage, [project.photoKey]));
        return { data: toWorkspaceProjectJson(row, 'manage') };
      });
    },
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Delete a workspace project with its schedules, folders, files and members',
        params: IdParams,
        response: { 200: MessageReply, ...errors },
      },
    },
    async (request) => {
      const { user } = request.session;
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.id, 'manage');
      const leftovers = await db.transaction(async (tx) => {
        const stored = await deleteWorkspaceProject(tx, project.id);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'project.deleted', targetType: 'project', targetId: project.id, details: { projectName: project.projectName } });
        return stored;
      });
      // After the commit: a rolled-back delete never loses bytes.
      await discard(request, async () => {
        const keys = [...leftovers.fileKeys, ...leftovers.scheduleImageKeys];
        if (keys.length) await storage.delete('private', keys);
        await deleteProjectPhotos(storage, leftovers.photoKeys);
      });
      return { message: 'Project deleted' };
    },
  );
};
