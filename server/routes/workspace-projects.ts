import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';
import { requireFirmAccess } from '../auth/firm.js';
import { requireProjectAccess } from '../auth/project-access.js';
import { ErrorReply, IdParams, MessageReply, type ErrorDetail } from '../contract/http.js';
import {
  PhotoQuery,
  PROJECT_FORM_FIELDS,
  PROJECT_LIMITS,
  PROJECT_MESSAGES,
  WorkspaceProjectForm,
  WorkspaceProjectReply,
  WorkspaceProjectsReply,
} from '../contract/workspace-projects.js';
import { newId } from '../db/ids.js';
import { HttpError, notFound } from '../errors.js';
import { recordAudit } from '../queries/audit.js';
import {
  deleteWorkspaceProject,
  insertWorkspaceProject,
  listWorkspaceProjects,
  toWorkspaceProjectJson,
  updateWorkspaceProject,
} from '../queries/workspace-projects.js';
import { InvalidImageError, isImageOfKind } from '../services/images.js';
import { readMultipartForm } from '../services/multipart-form.js';
import { placeErrors } from '../services/places.js';
import { deleteProjectPhotos, openProjectPhoto, photoVersion, storeProjectPhoto } from '../services/workspace-photos.js';

/**
 * Workspace projects (DESIGN.md sections 4 and 9; workspace-and-admin.md screens 1 and 2), scope
 * `workspace`: list and read for the firm and its employees (a plain employee sees the projects it
 * is a member of), create, update and delete for the firm and its sub-admins. The form is
 * multipart/form-data with the spec's field names and one photo (`profileImage`), kept private.
 */

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const uploadErrors = { ...errors, 413: ErrorReply, 415: ErrorReply };
const PHOTO = PROJECT_FORM_FIELDS.photo;

/**
 * The project form of a request, validated: every field's message at once (400), or 415 when the
 * only thing wrong is the photo's type (by content, not by name). `photoRequired` on create.
 */
async function readProjectForm(request: FastifyRequest, photoRequired: boolean) {
  const { fields, files } = await readMultipartForm(request, {
    files: { [PHOTO]: PROJECT_LIMITS.photoBytes },
    maxFields: 40,
    messages: {
      perFile: PROJECT_MESSAGES.photoTooLarge,
      count: 'The form has too many fields',
      notMultipart: 'Send the project form as multipart/form-data',
    },
  });
  const details: ErrorDetail[] = [];
  const parsed = WorkspaceProjectForm.safeParse(fields);
  if (parsed.success) details.push(...placeErrors(parsed.data));
  else details.push(...parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  const photo = files[PHOTO];
  let wrongType = false;
  if (!photo && photoRequired) details.push({ path: PHOTO, message: PROJECT_MESSAGES.photoRequired });
  if (photo && !(await isImageOfKind(photo.data, 'project'))) {
    wrongType = true;
    details.push({ path: PHOTO, message: PROJECT_MESSAGES.photoType });
  }
  if (details.length || !parsed.success) {
    throw new HttpError(wrongType && details.length === 1 ? 415 : 400, details[0]!.message, details);
  }
  return { form: parsed.data, photo: photo?.data };
}

export const workspaceProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  /** Stores a checked photo; an image whose content does not decode is the wrong type (415). */
  async function storePhoto(firmId: string, projectId: string, data: Buffer) {
    try {
      return await storeProjectPhoto(storage, firmId, projectId, data);
    } catch (error) {
      if (error instanceof InvalidImageError) throw new HttpError(415, PROJECT_MESSAGES.photoType, [{ path: PHOTO, message: PROJECT_MESSAGES.photoType }]);
      throw error;
    }
  }

  /** Deletes stored bytes that no row refers to any more; a failure is logged, the answer stands. */
  async function discard(request: FastifyRequest, remove: () => Promise<void>) {
    await remove().catch((error) => request.log.error({ err: error }, 'could not delete stored project files'));
  }

  app.get(
    '/projects',
    { schema: { tags: ['workspace'], summary: "The caller's workspace projects", security: [{ bearer: [] }], response: { 200: WorkspaceProjectsReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      const rows = await listWorkspaceProjects(db, user, firm);
      const access = firm.canManage ? 'manage' : 'work';
      return { data: rows.map((row) => toWorkspaceProjectJson(row, access)), canManage: firm.canManage };
    },
  );

  app.get(
    '/projects/:id',
    { schema: { tags: ['workspace'], summary: 'One workspace project', security: [{ bearer: [] }], params: IdParams, response: { 200: WorkspaceProjectReply, ...errors } } },
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
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: PhotoQuery,
        produces: ['image/webp'],
        response: { 200: z.unknown().describe('The photo (image/webp)'), ...errors },
      },
    },
    async (request, reply) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.id, 'work');
      const file = project.photoKey ? await openProjectPhoto(storage, project.photoKey, request.query.size) : null;
      if (!file) throw notFound('This project has no photo');
      // A url naming the current version never changes: cached for a year, in the browser only.
      const current = request.query.v === photoVersion(project.photoKey!);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(file.size))
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', current ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .send(file.stream);
    },
  );

  app.post(
    '/projects',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Create a workspace project (multipart: the form fields and the photo profileImage)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: WorkspaceProjectReply, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const { form, photo } = await readProjectForm(request, true);
      const id = newId();
      const photoKey = await storePhoto(firm.firmId, id, photo!);
      try {
        const row = await db.transaction(async (tx) => {
          const created = await insertWorkspaceProject(tx, { id, firmId: firm.firmId, photoKey, form });
          await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'project.created', targetType: 'project', targetId: id, details: { projectName: form.projectName } });
          return created;
        });
        return reply.status(201).send({ data: toWorkspaceProjectJson(row, 'manage') });
      } catch (error) {
        await discard(request, () => deleteProjectPhotos(storage, [photoKey]));
        throw error;
      }
    },
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Update a workspace project (multipart; a new photo profileImage is optional)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: WorkspaceProjectReply, ...uploadErrors },
      },
    },
    async (request) => {
      const { user } = request.session;
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.id, 'manage');
      const { form, photo } = await readProjectForm(request, false);
      const photoKey = photo ? await storePhoto(firm.firmId, project.id, photo) : undefined;
      let row;
      try {
        row = await db.transaction(async (tx) => {
          const updated = await updateWorkspaceProject(tx, project.id, form, photoKey);
          await recordAudit(tx, {
            actorId: user.id,
            firmId: firm.firmId,
            action: 'project.updated',
            targetType: 'project',
            targetId: project.id,
            details: { projectName: form.projectName, photoChanged: Boolean(photoKey) },
          });
          return updated;
        });
      } catch (error) {
        if (photoKey) await discard(request, () => deleteProjectPhotos(storage, [photoKey]));
        throw error;
      }
      // The old photo goes once the row names the new one.
      if (photoKey) await discard(request, () => deleteProjectPhotos(storage, [project.photoKey]));
      return { data: toWorkspaceProjectJson(row, 'manage') };
    },
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Delete a workspace project with its schedules, folders, files and members',
        security: [{ bearer: [] }],
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
        await storage.deletePrivate([...leftovers.fileKeys, ...leftovers.scheduleImageKeys]);
        await deleteProjectPhotos(storage, leftovers.photoKeys);
      });
      return { message: 'Project deleted' };
    },
  );
};
