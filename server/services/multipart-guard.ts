import { createRequire } from 'node:module';

type Emitter = { prototype: { emit: (event: string | symbol, ...args: unknown[]) => boolean } };

/**
 * Works around a bug of @fastify/busboy (3.x): when a multipart body ends inside a file part, the
 * parser forwards an error to that file's stream before any reader has attached to it, so Node
 * throws an uncaught exception and the whole api process stops. Every file stream busboy hands out
 * gets a no-op error listener; the same error also reaches the request's parser, which fails the
 * request (answered 400), so nothing is lost.
 */
export function guardMultipartParser() {
  const require = createRequire(import.meta.url);
  const busboyEntry = createRequire(require.resolve('@fastify/multipart')).resolve('@fastify/busboy');
  const Busboy = createRequire(busboyEntry)(busboyEntry) as Emitter & { __guarded?: boolean };
  if (Busboy.__guarded) return;
  const emit = Busboy.prototype.emit;
  Busboy.prototype.emit = function (event, ...args) {
    if (event === 'file') (args[1] as { on: (e: string, f: () => void) => void }).on('error', () => {});
    return emit.call(this, event, ...args);
  };
  Busboy.__guarded = true;
}
