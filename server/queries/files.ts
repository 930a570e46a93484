import { and, asc, count, eq, like, or } from 'drizzle-orm';
import { fileFamily, fileFormat, previewKind, type Folder, type ProjectFile } from '../contract/files.js';
import type { Database } from '../db/connection.js';
import { files, folders } from '../db/schema/index.js';
import { escapeLike } from './sql.js';

/**
 * Data access of a workspace project's folders and files (docs/decisions/091 and 092), over the
 * database or a transaction, with the JSON mappers of the contract. Access is checked before
 * (server/auth/folder-access.ts); stored bytes are the caller's business (after the commit).
 */

type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
export type FolderRow = typeof folders.$inferSelect;
export type FileRow = typeof files.$inferSelect;

/** Where a file's bytes are kept (private area): built from ids only, never from a name a client sent. */
export const fileStorageKey = (projectId: string, fileId: string) => `projects/${projectId}/files/${fileId}`;

export async function findFolder(db: Db, id: string): Promise<FolderRow | undefined> {
  const [row] = await db.select().from(folders).where(eq(folders.id, id)).limit(1);
  return row;
}

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** A project's folders, oldest first, each with its number of files (one query). */
export async function listFolders(db: Db, projectId: string): Promise<Array<FolderRow & { fileCount: number }>> {
  const rows = await db
    .select({ folder: folders, fileCount: count(files.id) })
    .from(folders)
    .leftJoin(files, eq(files.folderId, folders.id))
    .where(eq(folders.projectId, projectId))
    .groupBy(folders.id)
    .orderBy(asc(folders.createdAt), asc(folders.id));
  return rows.map((r) => ({ ...r.folder, fileCount: Number(r.fileCount) }));
}

export async function countFolders(db: Db, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(folders).where(eq(folders.projectId, projectId));
  return Number(row?.n ?? 0);
}

export async function countFiles(db: Db, folderId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(files).where(eq(files.folderId, folderId));
  return Number(row?.n ?? 0);
}

/**
 * `name` itself when no folder of the project has it, else the first free "name (2)", "name (3)"…
 * (a new folder is told apart from the last one without a rename; docs/decisions/091).
 */
export async function freeFolderName(db: Db, projectId: string, name: string): Promise<string> {
  const taken = await db
    .select({ name: folders.folderName })
    .from(folders)
    .where(and(eq(folders.projectId, projectId), or(eq(folders.folderName, name), like(folders.folderName, `${escapeLike(name)} (%)`))));
  const names = new Set(taken.map((t) => t.name));
  if (!names.has(name)) return name;
  for (let n = 2; ; n++) if (!names.has(`${name} (${n})`)) return `${name} (${n})`;
}

export async function insertFolder(db: Db, values: typeof folders.$inferInsert): Promise<FolderRow> {
  const [row] = await db.insert(folders).values(values).returning();
  return row!;
}

export async function renameFolder(db: Db, id: string, folderName: string): Promise<FolderRow | undefined> {
  const [row] = await db.update(folders).set({ folderName }).where(eq(folders.id, id)).returning();
  return row;
}

/** Deletes a folder and its files' rows; answers the storage keys of those files (to delete after the commit). */
export async function deleteFolder(db: Db, id: string): Promise<string[]> {
  const removed = await db.delete(files).where(eq(files.folderId, id)).returning({ storageKey: files.storageKey });
  await db.delete(folders).where(eq(folders.id, id));
  return removed.map((r) => r.storageKey);
}

/** A folder's files, oldest first. */
export async function listFiles(db: Db, folderId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.folderId, folderId)).orderBy(asc(files.createdAt), asc(files.id));
}

export async function insertFiles(db: Db, rows: Array<typeof files.$inferInsert>): Promise<FileRow[]> {
  if (!rows.length) return [];
  return db.insert(files).values(rows).returning();
}

/** Deletes a file's row; answers its storage key (to delete after the commit), or undefined when it was gone. */
export async function deleteFile(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.delete(files).where(eq(files.id, id)).returning({ storageKey: files.storageKey });
  return row?.storageKey;
}

export function folderJson(row: FolderRow, fileCount: number): Folder {
  return {
    id: row.id,
    folderName: row.folderName,
    projectId: row.projectId,
    userId: row.userId,
    type: 'folder',
    fileCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The api paths that read a file's bytes (the web maps them to its own routes). */
export const fileContentPath = (id: string, disposition: 'inline' | 'attachment' = 'attachment') =>
  `/api/projects/files/${id}/content${disposition === 'inline' ? '?disposition=inline' : ''}`;

export function fileJson(row: FileRow): ProjectFile {
  return {
    id: row.id,
    fileName: row.fileName,
    projectId: row.projectId,
    folderId: row.folderId,
    userId: row.userId,
    type: 'file',
    family: fileFamily(row.contentType),
    format: fileFormat(row.contentType),
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    url: fileContentPath(row.id),
    previewUrl: previewKind(row.contentType) === 'none' ? null : fileContentPath(row.id, 'inline'),
  };
}
