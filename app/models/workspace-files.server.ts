import { call, streamApiFile } from '~/utils/api.server';
import { forwardUploadTo } from '~/utils/stream-upload.server';
import { fileOperations as ops, type ProjectFile } from '../../server/contract/files';
import { fillPath } from '../../server/contract/operation';

/**
 * The api calls of a workspace project's folders and files (DESIGN.md section 4,
 * /api/projects/folder…, /api/projects/files…, /api/users/project/upload-file), each by its
 * declaration (server/contract/files.ts `fileOperations`, docs/decisions/370). A file's bytes reach the browser only through the web's
 * own route (fileHref), streamed from the api with the visitor's session.
 */

const id = (value: string) => encodeURIComponent(value);

export const getFolders = async (request: Request, projectId: string) => (await call(request, ops.folders, { params: { projectId } })).data;

/** A new folder ('New Folder', numbered when taken, unless a name is given). */
export const createFolder = async (request: Request, projectId: string, folderName?: string) =>
  (await call(request, ops.createFolder, { json: { projectId, folderName: folderName || undefined } })).data;

export const renameFolder = async (request: Request, folderId: string, folderName: string) =>
  (await call(request, ops.renameFolder, { params: { id: folderId }, json: { folderName } })).data;

export const deleteFolder = (request: Request, folderId: string) => call(request, ops.deleteFolder, { params: { id: folderId } });

export const getFiles = async (request: Request, folderId: string) => (await call(request, ops.files, { params: { folderId } })).data;

/**
 * The upload form of a folder page (fields projectId, folderId and the `files`), passed on to the
 * api as it arrives, then put into the folder: the spec's two calls, made for the browser.
 */
export async function uploadFiles(request: Request, target: { projectId: string; folderId: string }) {
  const { urls } = await forwardUploadTo(request, ops.upload, {});
  const reply = await call(request, ops.register, { json: { projectId: target.projectId, folderId: target.folderId, projectFiles: urls, type: 'file' } });
  return reply.data.files;
}

export const deleteFile = (request: Request, fileId: string) => call(request, ops.delete, { params: { id: fileId } });

/** A file's bytes from the api (Range, Content-Disposition and nosniff passed through). */
export const streamFile = (request: Request, fileId: string, disposition: 'inline' | 'attachment') =>
  streamApiFile(request, `${fillPath(ops.content.path, { id: fileId })}${disposition === 'inline' ? '?disposition=inline' : ''}`);

/** The web's address of a file: a download, or (inline) what the preview panel embeds. */
export const fileHref = (fileId: string, disposition: 'inline' | 'attachment' = 'attachment') =>
  `/workspace/project/file/${id(fileId)}${disposition === 'inline' ? '?inline=1' : ''}`;

/** A file as the folder page shows it: the api's fields with the web's download and preview addresses. */
export type FileView = Omit<ProjectFile, 'url' | 'previewUrl'> & { downloadHref: string; previewHref: string | null };

export function fileView(file: ProjectFile): FileView {
  const { url: _url, previewUrl, ...rest } = file;
  return { ...rest, downloadHref: fileHref(file.id), previewHref: previewUrl ? fileHref(file.id, 'inline') : null };
}
