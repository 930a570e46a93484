import type { Readable } from 'node:stream';

/**
 * File storage (docs/decisions/008 and 075): one interface, two backends — local disk under
 * `DATA_DIR` (the embedded default) and any S3-compatible bucket (`STORAGE=s3`). Every stored
 * file of the product goes through it.
 *
 * Two areas: `public` files are served by url under /uploads/ (portfolio images, profile photos);
 * `private` files only through authorized endpoints (registration documents, workspace files,
 * schedule images). Keys are built by the api from ids and fixed suffixes, never taken from a
 * request, and are checked against a safe pattern by both backends anyway.
 */
export type StorageArea = 'public' | 'private';

/** Inclusive byte positions inside the file (HTTP's `bytes=start-end`). */
export type ByteRange = { start: number; end: number };

export type StoredFileInfo = {
  /** Size of the whole file in bytes. */
  size: number;
  contentType: string;
  lastModified: Date;
};

export type StoredFileStream = StoredFileInfo & {
  /** The bytes: the whole file, or `range` when one was asked. */
  stream: Readable;
  range?: ByteRange;
};

export type ListedFile = { key: string; size: number; lastModified: Date };

export interface Storage {
  readonly backend: 'local' | 's3';
  /** Creates what the backend needs before the first request (folders; the bucket when missing). */
  prepare(): Promise<void>;
  /** Throws when the files cannot be reached now (the bucket, the folders): the api's readiness answer. */
  check(): Promise<void>;
  /**
   * Stores a file. A stream is written as it arrives (an S3 multipart upload, a temporary file
   * renamed at the end on disk): a failed put leaves nothing under `key`.
   */
  put(area: StorageArea, key: string, body: Readable | Buffer, options: { contentType: string }): Promise<void>;
  /** The file's bytes as a stream (a range of them when asked; the range must lie inside the file), or null when missing. */
  get(area: StorageArea, key: string, options?: { range?: ByteRange }): Promise<StoredFileStream | null>;
  /** Size, type and date of a file, or null when missing. */
  head(area: StorageArea, key: string): Promise<StoredFileInfo | null>;
  /** Removes files; missing ones are not an error (deletes are idempotent). */
  delete(area: StorageArea, keys: string[]): Promise<void>;
  /** The files whose key starts with `prefix` (a folder such as `projects/<id>/`), in no set order. */
  list(area: StorageArea, prefix: string): AsyncIterable<ListedFile>;
}

/** The url of a public key. */
export const publicUrl = (key: string) => `/uploads/${key}`;

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** A key both backends accept: letters, digits, `/ _ . -`, no `..` or empty segment, bounded. */
export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//') && !key.endsWith('/');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

/** A list prefix: a safe key, or a folder ending in `/`, or empty for everything. */
export function assertSafePrefix(prefix: string): void {
  if (prefix !== '' && !isSafeKey(prefix.replace(/\/$/, ''))) throw new Error(`unsafe storage prefix: ${JSON.stringify(prefix)}`);
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  json: 'application/json',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
};

/** The type of a key by its extension (the disk keeps no metadata; keys carry their type's extension). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES_BY_EXTENSION[ext] ?? 'application/octet-stream';
}
