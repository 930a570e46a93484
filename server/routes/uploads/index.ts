import type { FastifyPluginAsync } from 'fastify';
import { streamStoredFile } from '../../files/send-stored-file.js';
import { isSafeKey } from '../../services/storage/storage.js';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/**
 * Public files under /uploads/, streamed from the storage (local disk or the bucket) at the same
 * urls on both backends. Only image types are served; their keys carry random ids and never
 * change, so they are cached for a year. Private files are never served here.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const type = CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
    if (!type || !isSafeKey(key)) return reply.status(404).send({ message: 'File not found' });
    return streamStoredFile(request, reply, {
      area: 'public',
      key,
      contentType: type,
      headers: {
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
      },
    });
  });
};
