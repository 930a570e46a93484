import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/v4';
import { requireFirmAccess } from '../../auth/firm.js';
import { ErrorReply, IdParams } from '../../contract/http.js';
import { PhotoDraftReply, PROJECT_MESSAGES } from '../../contract/workspace-projects.js';
import { notFound } from '../../errors.js';
import { streamStoredFile } from '../../files/send-stored-file.js';
import { findUpload } from '../../queries/pending-uploads.js';
import { photoFileKey, photoKeyOf } from '../../services/workspace-photos.js';
import { projectPhotos, withReceivedPhoto } from './photo-form.js';

const errors = { 404: ErrorReply };
const uploadErrors = { ...errors, 409: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply };

/** A photo kept for a project form sent back with errors (decision 217), and its preview, to its uploader only. */
export const photoDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  const { uploadPhoto } = projectPhotos(db, storage);

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
};
