import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { firmOf } from '../auth/firm.js';
import { STORAGE_MESSAGES } from '../contract/storage-rules.js';
import { HttpError } from '../errors.js';
import { firmStorageUsed } from '../queries/storage.js';
import { detectFileType, type DetectedType } from '../services/file-types.js';
import { headerFileName } from './send-stored-file.js';

/**
 * Multipart uploads without holding files in memory (docs/decisions/077): each
 * file part is checked by its first bytes while it arrives (refused with 415 before the rest is
 * read), counted against its size limit (413), and streamed to a temporary file. The handler gets
 * the files checked and on disk; the temporary files are removed when it returns or fails, and the
 * account's upload slot (at most UPLOADS_PER_ACCOUNT at once, else 429) is given back.
 */

/** Bytes sniffed before a file's type is decided: file-type needs about 4 KB; a Word document's zip directory entries may sit a little further. */
const SNIFF_BYTES = 64 * 1024;

export type ReceivedFile = {
  /** The form field it came in. */
  field: string;
  /** Its position among the request's accepted files (0-based), as in error paths `files.<index>`. */
  index: number;
  /** The client's name, cleaned (no folders, no control characters); never used as a storage key. */
  fileName: string;
  /** The temporary file (removed after the handler). */
  path: string;
  size: number;
  /** The type by content, when it has a signature. */
  type: DetectedType | undefined;
  /** The type by content, or application/octet-stream (text, unknown). */
  contentType: string;
};

export type ReceivedUpload = {
  files: ReceivedFile[];
  /** Text fields, every value in order (a repeated field such as designTeam has several). */
  fields: Record<string, string[]>;
};

export type ReceiveFilesOptions = {
  /** The account whose upload slot this takes. */
  accountId: string;
  /** Names of the file fields taken; files in other fields are read and dropped. */
  fileFields: readonly string[];
  /** Extensions accepted by content (file-type's names: jpg, png, pdf, docx…), or 'any' type. */
  accept: readonly string[] | 'any';
  maxFiles: number;
  /** Per file. */
  maxBytes: number;
  /** False for a file only read, never kept (a Form 26AS to match): the firm's storage quota is not asked. Default true. */
  stored?: boolean;
  /** Text fields at most (beyond: 413). Default 20. */
  maxFields?: number;
  messages: {
    /** A file whose content is not of an accepted type (415). */
    type: string;
    /** A file over maxBytes (413). */
    tooLarge: string;
    /** More than maxFiles files (413). */
    count: string;
  };
};

/** The first value of a text field. */
export const firstField = (upload: ReceivedUpload, name: string): string | undefined => upload.fields[name]?.[0];

const fileError = (status: number, message: string, file: { index: number; fileName: string }, topMessage = message) =>
  new HttpError(status, topMessage, [{ path: `files.${file.index}`, message: `${file.fileName}: ${message}` }]);

/** A part's stream that ended before the part did: the body was cut off (or the client went away). */
function isCutOff(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === 'ERR_STREAM_PREMATURE_CLOSE' || /unexpected end|premature|aborted|part terminated/i.test(e?.message ?? '');
}

/** Multipart errors of @fastify/multipart as the api's error shape. */
function multipartError(error: unknown, messages: ReceiveFilesOptions['messages']): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string })?.code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(413, messages.count);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, messages.tooLarge);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'The form has too many fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, 'Send the files as multipart/form-data');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, 'The multipart body could not be read');
  }
  // A malformed body (cut off, wrong boundary) is the client's fault, not a server failure.
  if (isCutOff(error) || (error instanceof Error && /multipart|boundary|malformed/i.test(error.message))) {
    return new HttpError(400, 'The multipart body could not be read');
  }
  return error;
}

/**
 * Stops parsing a request whose upload was refused before its end. The rest of the body is read
 * and dropped rather than left unread: a browser still sending would otherwise see a reset
 * connection instead of the answer. Past what a request of this kind may carry (`limit` bytes),
 * the connection is closed.
 */
function discardRestOfBody(request: FastifyRequest, limit: number) {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) raw.socket.destroy();
  });
  raw.resume();
}

/** Streams one file part to `target`, checking its type on the first bytes and its size as it goes. */
async function receiveFile(part: MultipartFile, target: string, index: number, options: ReceiveFilesOptions): Promise<ReceivedFile | null> {
  const fileName = headerFileName(part.filename ?? '', 'file');
  const where = { index, fileName };
  let size = 0;
  let type: DetectedType | undefined;
  let decided = false;
  const head: Buffer[] = [];

  const decide = async () => {
    decided = true;
    type = await detectFileType(Buffer.concat(head), part.filename);
    if (options.accept !== 'any' && !(type && options.accept.includes(type.ext))) throw fileError(415, options.messages.type, where);
  };
  async function* checked(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > options.maxBytes) throw fileError(413, options.messages.tooLarge, where);
      if (decided) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      if (size < SNIFF_BYTES) continue;
      await decide();
      yield* head.splice(0);
    }
    if (!decided && size > 0) {
      await decide();
      yield* head.splice(0);
    }
  }

  try {
    await pipeline(part.file, checked, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isCutOff(error)) {
      const rest = 'was cut off; nothing of this request was stored. Please try again.';
      throw fileError(400, `The upload ${rest}`, where, `The upload of ${fileName} ${rest}`);
    }
    throw error;
  }
  if (size === 0) {
    // An empty file input of a browser form sends an empty part without a name: no file chosen.
    if (!part.filename) return null;
    throw fileError(400, 'The file is empty', where);
  }
  return { field: part.fieldname, index, fileName, path: target, size, type, contentType: type?.mime ?? 'application/octet-stream' };
}

async function receive(request: FastifyRequest, folder: string, options: ReceiveFilesOptions): Promise<ReceivedUpload> {
  const files: ReceivedFile[] = [];
  const fields: Record<string, string[]> = Object.create(null);
  const maxFields = options.maxFields ?? 20;
  const parts = request.parts({
    // One more byte than allowed, so the count in receiveFile sees an oversized file and says so.
    limits: { fileSize: options.maxBytes + 1, files: options.maxFiles, fields: maxFields, parts: options.maxFiles + maxFields },
  });
  // Every file part gets its own temporary name: an empty part (a file input left empty) is not
  // kept in `files`, but its file exists, and the next part must not try to create it again.
  let partNumber = 0;
  for await (const part of parts) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      if (!options.fileFields.includes(file.fieldname)) {
        file.file.resume();
        continue;
      }
      const received = await receiveFile(file, path.join(folder, String(partNumber++)), files.length, options);
      if (received) files.push(received);
    } else {
      const value = (part as MultipartValue<unknown>).value;
      if (typeof value === 'string') (fields[part.fieldname] ??= []).push(value);
    }
  }
  return { files, fields };
}

const storageFull = (usedBytes: number, quotaBytes: number) => new HttpError(413, STORAGE_MESSAGES.full(usedBytes, quotaBytes));

/**
 * The caller's firm's storage quota and what it uses (docs/decisions/242): one
 * aggregate statement per upload; none for an account without a firm (an explorer's photo). Two
 * parallel uploads may each fit alone and pass together: UPLOADS_PER_ACCOUNT × MAX_FILE_MB bounds that.
 */
async function storageQuota(request: FastifyRequest): Promise<{ usedBytes: number; quotaBytes: number } | null> {
  const user = request.optionalSession?.user;
  const firm = user ? firmOf(user) : null;
  if (!firm) return null;
  const { db, config } = request.server.ctx;
  return { usedBytes: await firmStorageUsed(db, firm.firmId), quotaBytes: config.FIRM_STORAGE_QUOTA_MB * 1024 * 1024 };
}

/**
 * Receives the multipart request's files (see the top of this file), runs `handle` with them and
 * cleans up whatever happens. Errors answer with the api's shape: 415 type (the message names the
 * file in `details`), 413 size or count, 400 cut-off or malformed body, 429 too many uploads.
 */
export async function withReceivedFiles<T>(request: FastifyRequest, options: ReceiveFilesOptions, handle: (upload: ReceivedUpload) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data');
  const { uploadSlots, config } = request.server.ctx;
  const release = uploadSlots.acquire(options.accountId);
  const bodyLimit = options.maxFiles * options.maxBytes + 1024 * 1024;
  let folder: string | undefined;
  try {
    const quota = options.stored === false ? null : await storageQuota(request);
    if (quota && quota.usedBytes >= quota.quotaBytes) {
      discardRestOfBody(request, bodyLimit);
      throw storageFull(quota.usedBytes, quota.quotaBytes);
    }
    await fsp.mkdir(config.uploadTmpDir, { recursive: true, mode: 0o700 });
    folder = await fsp.mkdtemp(path.join(config.uploadTmpDir, 'upload-'));
    let upload: ReceivedUpload;
    try {
      // A client gone during the awaits above closed the request before the multipart parser
      // listened for it; the parser would wait for a body that never comes, holding the slot.
      if (request.raw.destroyed) throw new HttpError(400, 'The upload was cut off; nothing of this request was stored. Please try again.');
      upload = await receive(request, folder, options);
    } catch (error) {
      discardRestOfBody(request, bodyLimit);
      throw multipartError(error, options.messages);
    }
    const received = upload.files.reduce((sum, file) => sum + file.size, 0);
    if (quota && received > 0 && quota.usedBytes + received > quota.quotaBytes) throw storageFull(quota.usedBytes, quota.quotaBytes);
    return await handle(upload);
  } finally {
    if (folder) await fsp.rm(folder, { recursive: true, force: true });
    release();
  }
}
