import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { json, type UploadHandler } from '@remix-run/node';
import { afterResponse } from './after-response.server';
import { env } from './env.server';
import { FORM_LIMITS, readFormData } from './form-data.server';
import { parseMultipartFormData } from './multipart.server';

/**
 * Upload forms (a no-JavaScript upload, or the same form submitted with JavaScript) with bounded
 * memory (the web's side of docs/decisions/095): every file part is streamed to a
 * temporary file as it arrives, counted against its limit on the way, and handed to the action as a
 * disk-backed File (`fs.openAsBlob`): `instanceof File`, name, type and size as usual, its bytes
 * read from disk only when it is sent on (api.server's fetchApi streams it). No whole file is ever
 * held in memory.
 *
 * The temporary files are removed: a file given to `onFile` as soon as its promise settles; the
 * files kept in the form when the answer to the request has gone (after-response.server); all of
 * them at once when the form fails. Outside a request scope (a test, remix-serve) they are removed
 * after ORPHAN_MS, and folders left by a process that died are swept when the next one starts.
 */

/** What a file part became when it was not taken: the form data holds these markers instead of a File. */
export const TOO_LARGE = '\u0000too-large';
export const TOO_MANY = '\u0000too-many';

export const FORM_UNREADABLE_MESSAGE = 'The form could not be read. Please send it again.';

type Options = {
  /** Bytes per file; a larger file is cut off at the limit, the rest of it read and dropped, and marked TOO_LARGE. */
  maxFileBytes: number;
  /** Files per request; later ones are dropped and marked TOO_MANY. */
  maxFiles: number;
  /** Bytes of all text fields together (beyond: 413). */
  maxTextBytes?: number;
  /**
   * Called for each file as soon as it is on disk (one at a time), e.g. to pass it on to the api;
   * its answer is what the form data holds for that part. The file is removed when the promise
   * settles: keep its answer, not the File.
   */
  onFile?: (file: File, field: string) => Promise<string | undefined>;
};

/** A file part that was not taken, with a message that names the file. */
export type FileProblem = { field: string; fileName: string; problem: 'too-large' | 'too-many'; message: string };

const problemsOf = new WeakMap<FormData, FileProblem[]>();

/** The file parts of a form from parseUploadForm that were not taken (of `field`, or all). */
export function fileProblems(formData: FormData, field?: string): FileProblem[] {
  return (problemsOf.get(formData) ?? []).filter((p) => field === undefined || p.field === field);
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Number.isInteger(bytes / MB) ? bytes / MB : Math.round((bytes / MB) * 10) / 10} MB`;

export const fileTooLargeMessage = (fileName: string, maxBytes: number) => `${fileName} is larger than ${megabytes(maxBytes)}`;
export const fileTooManyMessage = (fileName: string, maxFiles: number) =>
  `${fileName} was not sent: at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} at a time`;

/** Kept files of a form parsed outside a request scope are removed after this long. */
const ORPHAN_MS = 10 * 60 * 1000;
/** Folders older than this were left by a process that died: removed when the next one starts. */
const STALE_MS = 60 * 60 * 1000;

let swept = false;
/** Once per process: removes `web-*` folders that a process which died left behind. */
async function sweepStaleFolders(root: string) {
  if (swept) return;
  swept = true;
  const entries = await fsp.readdir(root, { withFileTypes: true }).catch(() => []);
  const before = Date.now() - STALE_MS;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith('web-')) continue;
    const folder = path.join(root, entry.name);
    const stat = await fsp.stat(folder).catch(() => null);
    if (stat && stat.mtimeMs < before) await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** The temporary folder of one form: made when its first file arrives, removed once. */
class UploadFolder {
  private folder: Promise<string> | null = null;
  private count = 0;

  /** The path for the next file. */
  async next(): Promise<string> {
    this.folder ??= this.create();
    const folder = await this.folder;
    this.count += 1;
    return path.join(folder, String(this.count));
  }

  private async create(): Promise<string> {
    const root = env.uploadTmpDir;
    await fsp.mkdir(root, { recursive: true, mode: 0o700 });
    await sweepStaleFolders(root);
    const folder = await fsp.mkdtemp(path.join(root, 'web-'));
    if (!afterResponse(() => this.remove())) setTimeout(() => void this.remove(), ORPHAN_MS).unref();
    return folder;
  }

  async remove() {
    const folder = this.folder;
    if (!folder) return;
    await fsp.rm(await folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** A failure to read the request's body (cut off, malformed, the visitor gone): the client's, a 400. */
class BodyReadError extends Error {}

async function* readBody(data: AsyncIterable<Uint8Array>) {
  try {
    yield* data;
  } catch (error) {
    throw new BodyReadError(error instanceof Error ? error.message : String(error));
  }
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of readBody(data)) {
    /* discard */
  }
}

/**
 * Streams a file part into `target` (with the disk's backpressure), counting its bytes. Past
 * `maxBytes` the file is removed and the rest of the part read and dropped: answers 'too-large'.
 */
async function saveFilePart(data: AsyncIterable<Uint8Array>, target: string, maxBytes: number): Promise<number | 'too-large'> {
  let size = 0;
  let over = false;
  async function* limited() {
    for await (const chunk of readBody(data)) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        over = true;
        return;
      }
      yield chunk;
    }
  }
  await pipeline(Readable.from(limited(), { objectMode: false }), fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  if (!over) return size;
  await fsp.rm(target, { force: true });
  await drain(data);
  return 'too-large';
}

/** A File whose bytes stay on disk until read. */
async function diskFile(target: string, name: string, type: string): Promise<File> {
  const blob = await fs.openAsBlob(target, { type });
  return new File([blob as unknown as Blob], name, { type });
}

/**
 * Parses a multipart form with bounded memory: text fields up to `maxTextBytes` in all (413
 * beyond), each file streamed to disk up to `maxFileBytes`, at most `maxFiles` files, empty file
 * inputs skipped, at most `maxFiles` + FORM_LIMITS.maxFields parts. A file over a limit does not
 * fail the whole form: it is marked (TOO_LARGE, TOO_MANY; fileProblems names it), so the action
 * can answer with the field's message and keep everything else that was typed. A body that
 * cannot be read answers 400. Other forms are read by readFormData (the web server bounds their size).
 */
export async function parseUploadForm(request: Request, options: Options): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return readFormData(request);
  const maxTextBytes = options.maxTextBytes ?? MB;
  const folder = new UploadFolder();
  const problems: FileProblem[] = [];
  /** Errors of the action's callback, of the disk or our own answers: passed on as they are. */
  const ours = new WeakSet<object>();
  let textBytes = 0;
  let files = 0;

  const handlePart: UploadHandler = async ({ name, filename, contentType: type, data }) => {
    if (typeof filename !== 'string') {
      const chunks: Uint8Array[] = [];
      for await (const chunk of readBody(data)) {
        textBytes += chunk.byteLength;
        if (textBytes > maxTextBytes) throw json({ message: 'The form’s text is too long.' }, { status: 413 });
        chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    if (filename === '') {
      await drain(data);
      return undefined;
    }
    files += 1;
    if (files > options.maxFiles) {
      await drain(data);
      problems.push({ field: name, fileName: filename, problem: 'too-many', message: fileTooManyMessage(filename, options.maxFiles) });
      return TOO_MANY;
    }
    const target = await folder.next();
    const saved = await saveFilePart(data, target, options.maxFileBytes);
    if (saved === 'too-large') {
      problems.push({ field: name, fileName: filename, problem: 'too-large', message: fileTooLargeMessage(filename, options.maxFileBytes) });
      return TOO_LARGE;
    }
    if (saved === 0) {
      await fsp.rm(target, { force: true });
      return undefined;
    }
    const file = await diskFile(target, filename, type || 'application/octet-stream');
    if (!options.onFile) return file;
    try {
      return await options.onFile(file, name);
    } finally {
      await fsp.rm(target, { force: true });
    }
  };

  try {
    const handler: UploadHandler = async (part) => {
      try {
        return await handlePart(part);
      } catch (error) {
        if (!(error instanceof BodyReadError) && typeof error === 'object' && error !== null) ours.add(error);
        throw error;
      }
    };
    const formData = await parseMultipartFormData(request, handler, { maxParts: options.maxFiles + FORM_LIMITS.maxFields });
    problemsOf.set(formData, problems);
    return formData;
  } catch (error) {
    await folder.remove();
    if (typeof error === 'object' && error !== null && ours.has(error)) throw error;
    // Malformed, cut off, or the visitor went away: nothing of it is kept.
    throw json({ message: FORM_UNREADABLE_MESSAGE }, { status: 400 });
  }
}
