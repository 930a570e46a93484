import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, StorageArea } from '../services/storage/storage.js';
import { downloadName } from './download-name.js';

/**
 * Streaming stored files to a client, from either storage backend, never buffered whole
 * (docs/decisions/076): single byte ranges (206, 416, `Accept-Ranges`), a `Content-Disposition`
 * that lets the browser show only what it cannot run, `nosniff` and a sandboxing CSP.
 */

/** `Range: bytes=…` against a file of `size` bytes: the range, 'unsatisfiable', or null to send the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  // One range only; a list of ranges may be answered with the whole file (RFC 9110, 14.2).
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null; // syntactically invalid: ignored
  return { start, end };
}

/** Types a browser shows without running anything: PDF, images except SVG, video, audio. */
export function isSafeInline(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return true;
  if (type === 'image/svg+xml') return false;
  return /^(image|video|audio)\/[a-z0-9.+-]+$/.test(type);
}

/** A file name for a header: no folders, no control or quote characters, bounded. */
export function headerFileName(name: string, fallback = 'file'): string {
  const base = (name.split(/[/\\]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return base || fallback;
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987 `filename*`). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const clean = headerFileName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A Content-Type value to send: the given one when it is a plain `type/subtype`, otherwise binary. */
function safeContentType(contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : 'application/octet-stream';
}

/**
 * No scripts, forms, plugins or same-origin access even if a browser renders the file. Chromium's
 * PDF viewer does not run in a sandboxed document, so an inline PDF gets no sandbox, only
 * `frame-ancestors 'self'` (only this product's pages may embed it).
 */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
const PDF_POLICY = "frame-ancestors 'self'";

export type StreamOptions = {
  area: StorageArea;
  key: string;
  /** The type to send; default: what the storage knows of the file. */
  contentType?: string;
  /** Headers to add (caching, disposition). */
  headers?: Record<string, string>;
};

/**
 * Streams one stored file with Range support; 404 (with the api's error shape) when it is missing.
 * The storage is the api's (`request.server.ctx.storage`). A Range request costs a HEAD first, to
 * know the size; a plain one is a single read.
 */
export async function streamStoredFile(request: FastifyRequest, reply: FastifyReply, options: StreamOptions & { notFoundMessage?: string }) {
  const { storage } = request.server.ctx;
  const notFound = () => reply.status(404).send({ message: options.notFoundMessage ?? 'File not found' });
  const send = (status: number, headers: Record<string, string | number>, body: unknown) =>
    reply.status(status).headers({ 'accept-ranges': 'bytes', ...options.headers, ...headers }).send(body);

  const rangeHeader = request.headers['if-range'] ? undefined : request.headers.range;
  const isHead = request.method === 'HEAD';
  if (rangeHeader || isHead) {
    const info = await storage.head(options.area, options.key);
    if (!info) return notFound();
    const type = safeContentType(options.contentType ?? info.contentType);
    const range = parseRange(rangeHeader, info.size);
    if (range === 'unsatisfiable') {
      return send(416, { 'content-range': `bytes */${info.size}`, 'content-type': 'application/json; charset=utf-8' }, { message: 'The requested range is not satisfiable' });
    }
    if (isHead) {
      const length = range ? range.end - range.start + 1 : info.size;
      // An empty stream: Fastify's HEAD handling keeps our Content-Length for a stream (it would
      // write 0 for no body, and read a real file's stream to its end).
      const headers = { 'content-type': type, 'content-length': length, ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${info.size}` } : {}) };
      return send(range ? 206 : 200, headers, Readable.from([]));
    }
    if (range) {
      const file = await storage.get(options.area, options.key, { range });
      if (!file) return notFound();
      return send(206, { 'content-type': type, 'content-length': range.end - range.start + 1, 'content-range': `bytes ${range.start}-${range.end}/${file.size}` }, file.stream);
    }
  }
  const file = await storage.get(options.area, options.key);
  if (!file) return notFound();
  return send(200, { 'content-type': safeContentType(options.contentType ?? file.contentType), 'content-length': file.size }, file.stream);
}

export type SendStoredFileOptions = {
  key: string;
  /** The name the browser saves the file under (its extension made to follow the type: downloadName). */
  fileName: string;
  /** The type recorded when the file was checked (by its content). */
  contentType: string;
  /** `inline` asks the browser to show the file, honoured only for safe types (isSafeInline). Default: attachment. */
  disposition?: 'inline' | 'attachment';
  /** Default: the private area. */
  area?: StorageArea;
  notFoundMessage?: string;
};

/**
 * A private file to an authorized client: Range requests (video seeking, resumed downloads),
 * `Content-Disposition` (inline only for types a browser cannot run: PDF, images but SVG, video,
 * audio; HTML, SVG, XML and anything unknown always as an attachment) under a name whose
 * extension follows the type (downloadName), `nosniff`, a sandboxing CSP and `Cache-Control: private, no-store`. Check access before calling it.
 */
export function sendStoredFile(reply: FastifyReply, request: FastifyRequest, options: SendStoredFileOptions) {
  const contentType = safeContentType(options.contentType);
  const inline = options.disposition === 'inline' && isSafeInline(contentType);
  return streamStoredFile(request, reply, {
    area: options.area ?? 'private',
    key: options.key,
    contentType,
    notFoundMessage: options.notFoundMessage,
    headers: {
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', downloadName(headerFileName(options.fileName), contentType)),
      'x-content-type-options': 'nosniff',
      'content-security-policy': inline && contentType === 'application/pdf' ? PDF_POLICY : SANDBOX,
      'cache-control': 'private, no-store',
    },
  });
}

/** One WebP variant of a stored image folder (schedule and library images), shown inline. */
export function sendImageVariant(reply: FastifyReply, request: FastifyRequest, image: { key: string; name: string; notFoundMessage: string }) {
  return sendStoredFile(reply, request, { key: image.key, fileName: `${image.name}.webp`, contentType: 'image/webp', disposition: 'inline', notFoundMessage: image.notFoundMessage });
}
