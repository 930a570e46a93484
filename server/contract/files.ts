import { z } from 'zod/v4';
import { ErrorReply, ID_PATTERN, IdParams, MessageReply } from './http.js';
import { ANY_TYPE, binary, operationsOf } from './operation.js';
import { wellFormed } from './text-fields.js';
import { DEFAULT_FOLDER_NAME, FILE_LIMITS, FOLDER_LIMITS, FOLDER_MESSAGES as M } from './files-rules.js';

/**
 * A workspace project's folders and files (DESIGN.md sections 3, 4 and 9; workspace-and-admin.md
 * screens 4 and 5, sections 3 and 7): the bodies the api validates and the shapes it answers.
 * The files' bytes are private: a file is read only through GET /api/projects/files/{id}/content
 * (docs/decisions/091 to 094).
 */

export {
  clampPreviewWidth,
  DEFAULT_FOLDER_NAME,
  FILE_LIMITS,
  FILE_MESSAGES,
  fileFamily,
  fileFormat,
  FOLDER_LIMITS,
  FOLDER_MESSAGES,
  formatBytes,
  PREVIEW_WIDTH,
  previewKind,
  type FileFamily,
  type PreviewKind,
} from './files-rules.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A folder name: trimmed, 1 to 100 characters, no control characters. */
const folderName = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired, abort: true })
  .max(FOLDER_LIMITS.name, { error: M.nameTooLong, abort: true })
  .refine((name) => !CONTROL.test(name), M.nameControl)
  // A lone surrogate (no browser sends one) would be refused by PostgreSQL's JSON in the audit row.
  .transform(wellFormed);

/** An id the handler looks up: any short string passes, so a malformed id answers 404 like an unknown one. */
const idField = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(64, `${what} not found`);

export const ProjectIdParams = z.object({ projectId: z.string().max(64) });
export const FolderIdParams = z.object({ folderId: z.string().max(64) });

/** POST /api/projects/folder: `folderName` defaults to 'New Folder' (spec); the spec's `userId` is the session's. */
export const CreateFolderBody = z.object({
  projectId: idField('projectId'),
  folderName: z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), folderName.optional()),
});
export type CreateFolderBody = z.input<typeof CreateFolderBody>;

/** PUT /api/projects/folder/{id}: a rename. */
export const RenameFolderBody = z.object({ folderName });
export type RenameFolderBody = z.input<typeof RenameFolderBody>;

/**
 * POST /api/projects/files: files uploaded by POST /api/users/project/upload-file (the `urls` it
 * answered) put into a folder. `type` is the spec's constant 'file'.
 */
export const RegisterFilesBody = z.object({
  projectId: idField('projectId'),
  folderId: idField('folderId'),
  projectFiles: z
    .array(z.string({ error: 'Invalid upload' }).regex(ID_PATTERN, 'Invalid upload'), { error: 'projectFiles is required' })
    .min(1, 'Choose at least one file')
    .max(FILE_LIMITS.perUpload, `At most ${FILE_LIMITS.perUpload} files at a time`)
    .refine((ids) => new Set(ids).size === ids.length, 'A file is listed twice'),
  type: z.literal('file', { error: "type must be 'file'" }).default('file'),
});
export type RegisterFilesBody = z.input<typeof RegisterFilesBody>;

/** GET /api/projects/files/{id}/content: `inline` asks to show it (honoured only for PDF, raster images, video and audio). */
export const FileContentQuery = z.object({
  disposition: z.enum(['inline', 'attachment'], { error: "disposition is 'inline' or 'attachment'" }).default('attachment'),
});

const Family = z.enum(['image', 'pdf', 'video', 'audio', 'other']);

export const Folder = z.object({
  id: z.string(),
  folderName: z.string(),
  projectId: z.string(),
  userId: z.string().nullable(),
  type: z.literal('folder'),
  fileCount: z.number().int(),
  createdAt: z.string(),
});
export type Folder = z.infer<typeof Folder>;

export const ProjectFile = z.object({
  id: z.string(),
  /** The name shown (the uploaded file's name, cleaned). */
  fileName: z.string(),
  projectId: z.string(),
  folderId: z.string(),
  userId: z.string().nullable(),
  type: z.literal('file'),
  /** The icon's family, from the type found in the content. */
  family: Family,
  /** The Type column: PDF, JPEG, MP4, Text, Unknown… */
  format: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** The api path that downloads it (an attachment). */
  url: z.string(),
  /** The api path that shows it in the preview panel, or null when the panel cannot show its type. */
  previewUrl: z.string().nullable(),
});
export type ProjectFile = z.infer<typeof ProjectFile>;

/** What a folder page names above its lists. */
export const ProjectRef = z.object({ id: z.string(), projectName: z.string() });

/** GET /api/projects/folder/{projectId}. */
export const FoldersReply = z.object({ data: z.object({ project: ProjectRef, folders: z.array(Folder) }) });
export type FoldersReply = z.infer<typeof FoldersReply>;

/** POST /api/projects/folder (201), PUT /api/projects/folder/{id}. */
export const FolderReply = z.object({ data: Folder });
export type FolderReply = z.infer<typeof FolderReply>;

/** The upload limits a page tells before a file is sent. */
export const UploadLimits = z.object({ maxFileBytes: z.number().int(), maxFiles: z.number().int() });
export type UploadLimits = z.infer<typeof UploadLimits>;

/** GET /api/projects/files/{folderId}. */
export const FilesReply = z.object({
  data: z.object({ project: ProjectRef, folder: Folder, files: z.array(ProjectFile), upload: UploadLimits }),
});
export type FilesReply = z.infer<typeof FilesReply>;

/** POST /api/projects/files (201). */
export const RegisteredFilesReply = z.object({ data: z.object({ files: z.array(ProjectFile) }) });
export type RegisteredFilesReply = z.infer<typeof RegisteredFilesReply>;

/** One file of an upload, waiting to be put into a folder. */
export const UploadedFile = z.object({
  /** The reference POST /api/projects/files takes (also in `urls`). */
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  family: Family,
  format: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** POST /api/users/project/upload-file (201): `urls` are the references for POST /api/projects/files, in the upload's order. */
export const UploadFilesReply = z.object({ urls: z.array(z.string()), files: z.array(UploadedFile) });
export type UploadFilesReply = z.infer<typeof UploadFilesReply>;

/** POST /api/users/project/upload-file: the folder page's upload form. */
export const UploadFilesParts = z.object({
  projectId: z.string().max(64),
  folderId: z.string().max(64),
  files: z.array(z.file()).min(1).max(FILE_LIMITS.perUpload).describe('Any type, MAX_FILE_MB each'),
});

const op = operationsOf('workspace', ['files']);

/**
 * A workspace project's folders and files (docs/decisions/092–094, 370), scope `workspace`, access
 * `work`: the api registers them (server/routes/projects/folder/, files/) and the web calls them
 * (app/models/workspace-files.server.ts). A folder or file the caller cannot reach is 404.
 */
export const fileOperations = {
  folders: op({
    method: 'GET',
    path: '/projects/folder/:projectId',
    summary: 'The folders of a workspace project, each with its number of files',
    params: ProjectIdParams,
    replies: { 200: FoldersReply, 404: ErrorReply },
  }),
  createFolder: op({
    method: 'POST',
    path: '/projects/folder',
    summary: `Add a folder to a workspace project (folderName defaults to '${DEFAULT_FOLDER_NAME}')`,
    body: CreateFolderBody,
    replies: { 201: FolderReply, 404: ErrorReply, 409: ErrorReply },
  }),
  renameFolder: op({
    method: 'PUT',
    path: '/projects/folder/:id',
    summary: 'Rename a folder',
    params: IdParams,
    body: RenameFolderBody,
    replies: { 200: FolderReply, 404: ErrorReply },
  }),
  deleteFolder: op({
    method: 'DELETE',
    path: '/projects/folder/:id',
    summary: 'Delete a folder with its files (their stored bytes too)',
    params: IdParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
  upload: op({
    method: 'POST',
    path: '/users/project/upload-file',
    summary: `Upload 1 to ${FILE_LIMITS.perUpload} files for a folder (any type, MAX_FILE_MB each); answers the references POST /projects/files takes`,
    body: { multipart: UploadFilesParts },
    // 409: the folder would hold more than FILE_LIMITS.perFolder files.
    replies: { 201: UploadFilesReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
  }),
  register: op({
    method: 'POST',
    path: '/projects/files',
    summary: 'Put uploaded files (the urls POST /users/project/upload-file answered) into a folder',
    body: RegisterFilesBody,
    replies: { 201: RegisteredFilesReply, 404: ErrorReply, 409: ErrorReply },
  }),
  files: op({
    method: 'GET',
    path: '/projects/files/:folderId',
    summary: 'The files of a folder, with the folder, its project and the upload limits',
    params: FolderIdParams,
    replies: { 200: FilesReply, 404: ErrorReply },
  }),
  content: op({
    method: 'GET',
    path: '/projects/files/:id/content',
    summary:
      'A file’s bytes: Range requests (206), Content-Disposition (inline only for PDF, raster images, video and audio when asked; HTML, SVG, XML and unknown types always as attachments), nosniff',
    params: IdParams,
    query: FileContentQuery,
    replies: { 200: binary(ANY_TYPE), 206: binary(ANY_TYPE), 404: ErrorReply, 416: ErrorReply },
  }),
  delete: op({
    method: 'DELETE',
    path: '/projects/files/:id',
    summary: 'Delete a file (its stored bytes too)',
    params: IdParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
} as const;
