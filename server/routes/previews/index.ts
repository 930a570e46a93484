import { buffer } from 'node:stream/consumers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewOperation } from '../../contract/showcase-operations.js';
import { PREVIEW_SIZE, previewKeyOf, type PreviewSource } from '../../contract/showcase-rules.js';
import { notFound } from '../../errors.js';
import { streamStoredFile } from '../../files/send-stored-file.js';
import { processPreview } from '../../services/images.js';
import type { Storage } from '../../services/storage/storage.js';
import { routeOf } from '../declared.js';

/** Where a preview is kept: beside the variants it was made from. */
const previewKey = (source: PreviewSource) => `${source.key}/og.jpg`;
const sourceKey = (source: PreviewSource) => `${source.key}/${source.kind === 'project' ? 'w1600' : '512'}.webp`;

/**
 * Makes the preview of `source` unless it is stored already; false when the image it comes from is
 * gone. Two first requests at once both make it: the same bytes, and a put replaces whole.
 */
async function ensurePreview(storage: Storage, source: PreviewSource): Promise<boolean> {
  if (await storage.head('public', previewKey(source))) return true;
  const file = await storage.get('public', sourceKey(source));
  if (!file) return false;
  const jpeg = await processPreview(await buffer(file.stream), source.kind, PREVIEW_SIZE);
  await storage.put('public', previewKey(source), jpeg, { contentType: 'image/jpeg' });
  return true;
}

/**
 * Link previews of public images (docs/decisions/386), scope `public`: a stored project image or
 * profile photo (already public under /uploads) as a 1200 × 630 JPEG, made once with sharp from its
 * largest WebP variant and kept beside it. Its key carries random ids and never changes.
 */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(previewOperation),
    handler: async (request, reply) => {
      const source = previewKeyOf(request.params['*']);
      if (!source || !(await ensurePreview(app.ctx.storage, source))) throw notFound('Preview not found');
      return streamStoredFile(request, reply, {
        area: 'public',
        key: previewKey(source),
        contentType: 'image/jpeg',
        headers: { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
      });
    },
  });
};
