import type { Readable } from 'node:stream';
import { DOCUMENT_REFERENCE } from '../contract/firm-registration.js';
import { newId } from '../db/ids.js';
import { DOCUMENT_TYPES, detectFileType } from './file-types.js';
import type { Storage } from './storage.js';

/**
 * Firm registration documents: private files (never a public url). An upload is stored under the
 * uploader's own folder with a small metadata file beside it, and answered as an opaque reference
 * `private:document/<24-hex>`; registration accepts a reference only when its files exist in the
 * caller's folder, so nobody can use another's upload (docs/decisions/040).
 */

export type DocumentExt = (typeof DOCUMENT_TYPES)[number];
type DocumentMeta = { name: string; ext: DocumentExt; size: number; uploadedAt: string };

export const DOCUMENT_CONTENT_TYPES: Record<DocumentExt, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const folder = (userId: string) => `firm-documents/${userId}`;
const metaKey = (userId: string, hex: string) => `${folder(userId)}/${hex}.json`;
const fileKey = (userId: string, hex: string, ext: DocumentExt) => `${folder(userId)}/${hex}.${ext}`;

/** The document type of a file by its content; undefined when it is not a PDF, DOC or DOCX. */
export async function documentType(data: Buffer, filename?: string): Promise<DocumentExt | undefined> {
  const type = await detectFileType(data, filename);
  return type && (DOCUMENT_TYPES as readonly string[]).includes(type.ext) ? (type.ext as DocumentExt) : undefined;
}

/** A file name safe to store and to send back in a header: no folders, no control characters, bounded. */
export function cleanFileName(name: string | undefined, ext: DocumentExt): string {
  const base = (name ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 150);
  if (!base) return `document.${ext}`;
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base.replace(/\.[^.]*$/, '')}.${ext}`;
}

export async function saveDocument(storage: Storage, userId: string, data: Buffer, ext: DocumentExt, name: string) {
  const hex = newId();
  await storage.putPrivate(fileKey(userId, hex, ext), data);
  const meta: DocumentMeta = { name, ext, size: data.length, uploadedAt: new Date().toISOString() };
  await storage.putPrivate(metaKey(userId, hex), Buffer.from(JSON.stringify(meta)));
  return { reference: `private:document/${hex}`, name };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The stored document a reference names, when it is the caller's own upload. */
export async function resolveDocument(storage: Storage, userId: string, reference: string) {
  const hex = DOCUMENT_REFERENCE.exec(reference)?.[1];
  if (!hex) return null;
  const file = await storage.openPrivate(metaKey(userId, hex));
  if (!file) return null;
  try {
    const meta = JSON.parse((await readAll(file.stream)).toString('utf8')) as DocumentMeta;
    if (!(DOCUMENT_TYPES as readonly string[]).includes(meta.ext)) return null;
    return { key: fileKey(userId, hex, meta.ext), metaKey: metaKey(userId, hex), name: meta.name };
  } catch {
    return null;
  }
}

/** Removes a document and its metadata (a replaced registration document). */
export async function deleteDocument(storage: Storage, key: string) {
  const json = key.replace(/\.(pdf|docx?)$/, '.json');
  await storage.deletePrivate(json === key ? [key] : [key, json]);
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Opens a stored document for download, with the headers of DESIGN.md section 3. */
export async function openDocument(storage: Storage, key: string, name: string | null) {
  const ext = key.split('.').pop() as DocumentExt;
  const file = await storage.openPrivate(key);
  if (!file || !DOCUMENT_CONTENT_TYPES[ext]) return null;
  return {
    stream: file.stream,
    headers: {
      'content-type': DOCUMENT_CONTENT_TYPES[ext],
      'content-length': String(file.size),
      'content-disposition': attachmentHeader(name ?? `document.${ext}`),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  };
}
