import fs from 'node:fs';
import { DOCUMENT_REFERENCE } from '../contract/firm-registration.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { DOCUMENT_TYPES } from './file-types.js';
import { claimUploads, findUpload } from '../queries/pending-uploads.js';
import { storeUpload } from './pending-uploads.js';
import type { Storage } from './storage/storage.js';

/**
 * Firm registration documents: private files (never a public url). An upload is stored under the
 * uploader's own folder, recorded as a pending upload of theirs (decision 078), and answered as an
 * opaque reference `private:document/<24-hex>`; registration accepts a reference only when it is
 * the caller's own pending upload, and claims it (docs/decisions/040).
 */

export type DocumentExt = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_CONTENT_TYPES: Record<DocumentExt, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const documentKey = (userId: string, hex: string, ext: DocumentExt) => `firm-documents/${userId}/${hex}.${ext}`;

export const isDocumentExt = (ext: string | undefined): ext is DocumentExt => (DOCUMENT_TYPES as readonly string[]).includes(ext ?? '');

/** A file name safe to store and to send back in a header: no folders, no control characters, bounded, with the type's extension. */
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

/** Stores an uploaded document (a checked file on disk) as a pending upload of `userId`; answers its reference. */
export async function uploadDocument(db: Database, storage: Storage, userId: string, file: { path: string; fileName: string; ext: DocumentExt; size: number }) {
  const hex = newId();
  const key = documentKey(userId, hex, file.ext);
  const name = cleanFileName(file.fileName, file.ext);
  const contentType = DOCUMENT_CONTENT_TYPES[file.ext];
  await storeUpload(db, storage, { id: hex, ownerId: userId, kind: 'registration-document', area: 'private', keys: [key], fileName: name, contentType, size: file.size }, () =>
    storage.put('private', key, fs.createReadStream(file.path), { contentType }),
  );
  return { reference: `private:document/${hex}`, name };
}

/** The pending document a reference names, when it is the caller's own upload. */
export async function findDocumentUpload(db: Database, userId: string, reference: string) {
  const hex = DOCUMENT_REFERENCE.exec(reference)?.[1];
  const upload = hex ? await findUpload(db, userId, 'registration-document', hex) : null;
  if (!upload || upload.keys.length !== 1) return null;
  return { id: upload.id, key: upload.keys[0]!, name: upload.fileName ?? 'document' };
}

/** Claims the document for the registration being saved in `tx`; false when it was claimed or removed meanwhile. */
export async function claimDocument(tx: Parameters<typeof claimUploads>[0], userId: string, id: string): Promise<boolean> {
  return (await claimUploads(tx, userId, 'registration-document', [id])).length === 1;
}

/** Stores a document directly, already claimed (the demo seed's registration). Answers its key. */
export async function storeDocument(storage: Storage, userId: string, data: Buffer, ext: DocumentExt) {
  const key = documentKey(userId, newId(), ext);
  await storage.put('private', key, data, { contentType: DOCUMENT_CONTENT_TYPES[ext] });
  return key;
}

/** Removes a stored document (a replaced registration document). */
export async function deleteDocument(storage: Storage, key: string) {
  await storage.delete('private', [key]);
}

/** What sendStoredFile needs to send a stored document (its type by its key's extension, fixed at upload). */
export function documentDownload(key: string, name: string | null) {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const contentType = isDocumentExt(ext) ? DOCUMENT_CONTENT_TYPES[ext] : 'application/octet-stream';
  return { key, fileName: name ?? `document.${isDocumentExt(ext) ? ext : 'bin'}`, contentType, notFoundMessage: 'Invalid document URL' };
}
