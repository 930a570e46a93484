import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { FILE_MESSAGES } from '../contract/files-rules.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { claimUploads, findUploads, recordFilesToRemove, type PendingUpload } from '../queries/pending-uploads.js';
import { HttpError } from '../errors.js';
import { fileStorageKey } from '../queries/files.js';
import type { DetectedType } from './file-types.js';
import { discardUploads, storeUpload } from './pending-uploads.js';
import type { Storage } from './storage/storage.js';

/**
 * The bytes of a workspace project's files (docs/decisions/093): stored privately under keys made
 * of ids, first as pending uploads (POST /api/users/project/upload-file), then claimed by the file
 * rows that put them into a folder (POST /api/projects/files), in the transaction that writes
 * them. An upload nobody claims is removed with its bytes by the pending-uploads clean-up.
 */

export const PROJECT_FILE_UPLOAD = 'project-file' as const;

/** What a file's pending upload remembers for the rows that will claim it. */
type ProjectFileDetails = { projectId: string; folderId: string; fileId: string };

/** Bytes read to tell text types apart when the content has no binary signature. */
export const TEXT_SNIFF_BYTES = 4096;

/**
 * The type of a file with no binary signature, from its first bytes (file-type finds none for
 * text): SVG, HTML, XML, plain UTF-8 text, or unknown (application/octet-stream). Recorded as
 * such: the preview never shows them and downloads always send them as attachments.
 */
export function textContentType(head: Buffer): string {
  if (head.length === 0 || head.includes(0)) return 'application/octet-stream';
  let text: string;
  try {
    // `stream` tolerates a character cut at the end of the sniffed bytes.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return 'application/octet-stream';
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000e-\u001a\u001c-\u001f]/.test(text)) return 'application/octet-stream';
  const start = text.replace(/^\ufeff/, '').trimStart().slice(0, 2048).toLowerCase();
  if (/<svg[\s>]/.test(start) && (start.startsWith('<svg') || start.startsWith('<?xml') || start.startsWith('<!doctype svg') || start.startsWith('<!--'))) {
    return 'image/svg+xml';
  }
  if (/^(<!doctype html|<html|<head|<body|<script|<iframe|<!--)/.test(start) || /<(html|script|body)[\s>]/.test(start)) return 'text/html';
  if (start.startsWith('<?xml')) return 'application/xml';
  return 'text/plain';
}

/** The type a file is recorded with: its binary signature's, else what its first bytes say (see textContentType). */
export async function contentTypeOfUpload(path: string, detected: DetectedType | undefined): Promise<string> {
  // file-type calls anything starting with <?xml "xml": it may be an SVG, told apart here.
  if (detected && detected.mime !== 'application/xml') return detected.mime;
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SNIFF_BYTES, 0);
    return textContentType(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export type FileToStore = { path: string; fileName: string; size: number; contentType: string };
export type StoredProjectFile = FileToStore & { uploadId: string; fileId: string };

/**
 * Stores received files as pending uploads of `ownerId` for a folder of `projectId`, one after the
 * other, each streamed from its temporary file. All or nothing: when one fails, those stored
 * before it are removed, and the error names the file.
 */
export async function storeProjectFiles(
  db: Database,
  storage: Storage,
  target: { ownerId: string; projectId: string; folderId: string },
  files: FileToStore[],
  log: FastifyBaseLogger,
): Promise<StoredProjectFile[]> {
  const done: Array<{ stored: StoredProjectFile; upload: PendingUpload }> = [];
  for (const [index, file] of files.entries()) {
    const fileId = newId();
    const key = fileStorageKey(target.projectId, fileId);
    const details: ProjectFileDetails = { projectId: target.projectId, folderId: target.folderId, fileId };
    try {
      const upload = await storeUpload(
        db,
        storage,
        { ownerId: target.ownerId, kind: PROJECT_FILE_UPLOAD, area: 'private', keys: [key], fileName: file.fileName, contentType: file.contentType, size: file.size, details },
        () => storage.put('private', key, fs.createReadStream(file.path), { contentType: file.contentType }),
      );
      done.push({ stored: { ...file, uploadId: upload.id, fileId }, upload });
    } catch (error) {
      await discardUploads(db, storage, done.map((d) => d.upload)).catch((cleanup: unknown) => log.error({ err: cleanup }, 'removing a failed upload'));
      log.error({ err: error, file: file.fileName }, 'storing a project file failed');
      const message = `${file.fileName} could not be stored; nothing of this upload was kept. Please try again.`;
      throw new HttpError(500, message, [{ path: `files.${index}`, message }]);
    }
  }
  return done.map((d) => d.stored);
}

export type ClaimedProjectFile = { fileId: string; storageKey: string; fileName: string; contentType: string; size: number };

/**
 * Claims, in transaction `tx`, the pending uploads `ids` of `ownerId` for `projectId`, in the order
 * given: 400 naming each unknown, expired or foreign one (`projectFiles.<index>`), 400 for an
 * upload of another project, 409 when another request claimed one in the meantime.
 */
export async function claimProjectFiles(
  tx: Pick<Database, 'select' | 'delete'>,
  ownerId: string,
  projectId: string,
  ids: string[],
): Promise<ClaimedProjectFile[]> {
  const found = await findUploads(tx, ownerId, PROJECT_FILE_UPLOAD, ids);
  const details = ids.flatMap((id, index): Array<{ path: string; message: string }> => {
    const upload = found.get(id);
    if (!upload) return [{ path: `projectFiles.${index}`, message: FILE_MESSAGES.uploadNotFound }];
    if ((upload.details as ProjectFileDetails).projectId !== projectId) return [{ path: `projectFiles.${index}`, message: FILE_MESSAGES.uploadOfOtherProject }];
    return [];
  });
  if (details.length) throw new HttpError(400, details[0]!.message, details);
  const claimed = new Map((await claimUploads(tx, ownerId, PROJECT_FILE_UPLOAD, ids)).map((row) => [row.id, row]));
  if (claimed.size !== ids.length) throw new HttpError(409, FILE_MESSAGES.uploadTaken, [{ path: 'projectFiles', message: FILE_MESSAGES.uploadTaken }]);
  return ids.map((id) => {
    const upload = claimed.get(id)!;
    return {
      fileId: (upload.details as ProjectFileDetails).fileId,
      storageKey: upload.keys[0]!,
      fileName: upload.fileName ?? 'file',
      contentType: upload.contentType ?? 'application/octet-stream',
      size: upload.size ?? 0,
    };
  });
}

/**
 * Removes stored files whose rows are gone (after the commit that deleted them). When the storage
 * fails, the keys become a discarded pending upload, so the next clean-up pass removes them: no
 * byte of a deleted file stays for good.
 */
export async function removeStoredFiles(db: Database, storage: Storage, keys: string[], log: FastifyBaseLogger) {
  if (!keys.length) return;
  try {
    await storage.delete('private', keys);
  } catch (error) {
    log.error({ err: error, keys: keys.length }, 'deleting stored files failed; the clean-up removes them later');
    await recordFilesToRemove(db, PROJECT_FILE_UPLOAD, 'private', keys).catch((record: unknown) => log.error({ err: record }, 'recording files to remove failed'));
  }
}
