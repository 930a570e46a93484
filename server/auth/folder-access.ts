import { FILE_MESSAGES, FOLDER_MESSAGES } from '../contract/files-rules.js';
import { isId } from '../contract/http.js';
import type { Database } from '../db/connection.js';
import { HttpError, notFound } from '../errors.js';
import { findFile, findFolder, type FileRow, type FolderRow } from '../queries/files.js';
import { requireProjectAccess, type ProjectAccess } from './project-access.js';
import type { Session } from './session.js';

/**
 * Access to a folder or a file named by its own id (DESIGN.md section 9, docs/decisions/070 and
 * 092): the access of its project, 'work' (a member employee manages a project's folders and
 * files). A malformed or unknown id, and one of a project the caller may not see, answer the same
 * 404 with the object's own message ("Folder not found"), so nobody learns which ids exist.
 */

async function asNotFound<T>(message: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(message);
    throw error;
  }
}

export async function requireFolderAccess(db: Database, session: Session, folderId: string): Promise<ProjectAccess & { folder: FolderRow }> {
  if (!isId(folderId)) throw notFound(FOLDER_MESSAGES.notFound);
  const folder = await findFolder(db, folderId);
  if (!folder) throw notFound(FOLDER_MESSAGES.notFound);
  const access = await asNotFound(FOLDER_MESSAGES.notFound, () => requireProjectAccess(db, session, folder.projectId, 'work'));
  return { ...access, folder };
}

export async function requireFileAccess(db: Database, session: Session, fileId: string): Promise<ProjectAccess & { file: FileRow }> {
  if (!isId(fileId)) throw notFound(FILE_MESSAGES.notFound);
  const file = await findFile(db, fileId);
  if (!file) throw notFound(FILE_MESSAGES.notFound);
  const access = await asNotFound(FILE_MESSAGES.notFound, () => requireProjectAccess(db, session, file.projectId, 'work'));
  return { ...access, file };
}

/** A folder of a project the caller already has access to (an upload, a registration): 404 for another project's. */
export async function requireFolderOfProject(db: Database, projectId: string, folderId: string): Promise<FolderRow> {
  const folder = isId(folderId) ? await findFolder(db, folderId) : undefined;
  if (!folder || folder.projectId !== projectId) {
    throw new HttpError(404, FOLDER_MESSAGES.notFound, [{ path: 'folderId', message: FOLDER_MESSAGES.notFound }]);
  }
  return folder;
}
