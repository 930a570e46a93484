import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';

/** The kinds of the browser build worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|json|map|svg|txt)$/;

/**
 * The browser build, gzipped once and kept in memory (docs/decisions/173, 275). Its files are
 * fingerprinted and never change, so each is compressed on its first request rather than on every
 * one, at gzip's best level rather than `compression`'s 6, and whatever its size: `compression`
 * leaves a file under 1 KB as it is, and the first load of a page is many small chunks. A file that
 * gzip would make bigger, and a browser that takes no gzip, get the file as it is (express.static).
 */
export function precompressedBuild(directory: string): RequestHandler {
  const root = path.resolve(directory);
  const cache = new Map<string, Buffer | null>();

  const compressed = (file: string): Buffer | null | undefined => {
    if (cache.has(file)) return cache.get(file);
    let raw: Buffer;
    try {
      raw = fs.readFileSync(file);
    } catch {
      // Not a file (missing, a folder): nothing kept, so unknown paths cannot fill the cache.
      return undefined;
    }
    const gzip = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    const kept = gzip.length < raw.length ? gzip : null;
    cache.set(file, kept);
    return kept;
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    if (!req.acceptsEncodings('gzip')) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep)) return next();
    const gzip = compressed(file);
    if (!gzip) return next();
    res.type(path.extname(file));
    res.set({
      'Content-Encoding': 'gzip',
      'Content-Length': String(gzip.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : gzip);
  };
}
