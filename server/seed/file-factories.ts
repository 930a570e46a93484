import type { AppContext } from '../context.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { files, folders } from '../db/schema/index.js';
import { fileStorageKey, type FolderRow } from '../queries/files.js';

/**
 * Folders and files of workspace projects for the tests and the demo seed, through the same
 * storage and rows as the api's uploads (bytes private, under a key of ids).
 */

let counter = 0;

export async function createFolder(db: Database, projectId: string, fields: { folderName?: string; userId?: string | null; createdAt?: Date } = {}) {
  counter += 1;
  const [row] = await db
    .insert(folders)
    .values({ id: newId(), projectId, userId: fields.userId ?? null, folderName: fields.folderName ?? `Folder ${counter}`, ...(fields.createdAt ? { createdAt: fields.createdAt } : {}) })
    .returning();
  return row!;
}

/** Stores `data` privately and inserts its file row in `folder` (a small text file by default). */
export async function createProjectFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  folder: Pick<FolderRow, 'id' | 'projectId'>,
  fields: { fileName?: string; data?: Buffer; contentType?: string; userId?: string | null; createdAt?: Date } = {},
) {
  counter += 1;
  const id = newId();
  const data = fields.data ?? Buffer.from(`Notes ${counter}\n`);
  const contentType = fields.contentType ?? 'text/plain';
  const storageKey = fileStorageKey(folder.projectId, id);
  await ctx.storage.put('private', storageKey, data, { contentType });
  const [row] = await ctx.db
    .insert(files)
    .values({
      id,
      projectId: folder.projectId,
      folderId: folder.id,
      userId: fields.userId ?? null,
      fileName: fields.fileName ?? `notes-${counter}.txt`,
      storageKey,
      contentType,
      size: data.length,
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    })
    .returning();
  return row!;
}
