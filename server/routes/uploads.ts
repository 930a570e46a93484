import type { FastifyPluginAsync } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/**
 * Public files under /uploads/. Their keys carry random ids and never change, so they are
 * cached for a year. Private files are never served here.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    const type = CONTENT_TYPES[ext];
    const file = type ? await app.ctx.storage.openPublic(key) : null;
    if (!file) return reply.status(404).send({ message: 'File not found' });
    return reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
};
