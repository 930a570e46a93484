import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { PROJECT_MESSAGES, workspaceProjectOperations as ops } from '../../contract/workspace-projects.js';
import { routeOf } from '../declared.js';
import { notFound } from '../../errors.js';
import { streamStoredFile } from '../../files/send-stored-file.js';
import { findUpload } from '../../queries/pending-uploads.js';
import { photoFileKey, photoKeyOf } from '../../services/workspace-photos.js';
import { projectPhotos, withReceivedPhoto } from './photo-form.js';

/** A photo kept for a project form sent back with errors (decision 217), and its preview, to its uploader only. */
export const photoDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  const { uploadPhoto } = projectPhotos(db, storage);

  app.route({
    ...routeOf(ops.keepPhoto),
    handler: async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const { upload } = await withReceivedPhoto(request, (file) => uploadPhoto(user.id, firm.firmId, null, file));
      return reply.status(201).send({ data: { id: upload.id, w480: `/api/projects/photo-drafts/${upload.id}` } });
    },
  });

  app.route({
    ...routeOf(ops.photoDraft),
    handler: async (request, reply) => {
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
  });
};
