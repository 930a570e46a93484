import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import type { CSSProperties } from 'react';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { FolderIcon } from '~/components/workspace/file-icon';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { deleteFile, fileView, getFiles, uploadFiles } from '~/models/workspace-files.server';
import type { ApiError } from '~/utils/api.server';
import { fileSheets } from '~/styles/sheets';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { invariantResponse } from '~/utils/invariant.server';
import { keepDataIgnoring } from '~/utils/revalidate';
import { isMultipart } from '~/utils/stream-upload.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { FILE_MESSAGES, FOLDER_MESSAGES } from '../../../server/contract/files-rules';
import { FilesTable } from './files-table';
import { PreviewPanel, usePreviewWidth } from './preview-panel';
import { UploadArea, type UploadFailure } from './upload-area';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { attempt, asErrorResponse, redirectAfter, serverFailed, required } from '~/utils/form-action.server';

export const links: LinksFunction = () => fileSheets;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `${data.folder.folderName} · ${data.project.projectName}` : 'Folder') },
  { name: 'description', content: 'The files of a project folder: upload, preview and download.' },
];

const pagePath = (projectId: string, folderId: string) =>
  `/workspace/project/filesdetails/${encodeURIComponent(projectId)}/${encodeURIComponent(folderId)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const data = await required(getFiles(request, params.folderId ?? ''));
  // The address names the folder's own project, or it is not a page.
  invariantResponse(data.project.id === params.projectId, FOLDER_MESSAGES.notFound, 404);
  return json({ ...data, files: data.files.map(fileView) });
}

/** An upload the api refused: back to the page with its message (which names the file), the upload form as it was. */
function uploadRefused(error: ApiError) {
  const body: UploadFailure = { upload: { error: error.message, details: error.details } };
  return json(body, { status: error.status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const folderId = params.folderId ?? '';
  const page = pagePath(projectId, folderId);
  // The upload form is multipart and goes on to the api as it arrives; the other forms are small.
  if (isMultipart(request)) {
    const sent = await attempt(uploadFiles(request, { projectId, folderId }));
    if (sent.ok) return redirectWithSuccess(page, sent.reply.length === 1 ? `${sent.reply[0]!.fileName} uploaded` : `${sent.reply.length} files uploaded`);
    // A folder or project gone is the page's 404; a refused file is said on the upload form.
    if (sent.error.status === 404 && sent.error.details.every((d) => !d.path.startsWith('files'))) throw asErrorResponse(sent.error);
    return uploadRefused(sent.error);
  }
  const form = await readFormData(request);
  return dispatchIntent(form, {
    delete: () => redirectAfter(deleteFile(request, String(form.get('id') ?? '')), page, 'File deleted', { errorPage: serverFailed }),
  });
}

// Opening the preview panel or a confirmation needs no fresh data.
export const shouldRevalidate = keepDataIgnoring('preview');

/** The page with the preview panel showing `fileId` ('' for the panel without a file, null to close it). */
function usePreviewHref() {
  const { pathname, search } = useLocation();
  return (fileId: string | null) => {
    const params = new URLSearchParams(search);
    for (const name of ['confirm', 'dialog', 'panel', 'item']) params.delete(name);
    if (fileId === null) params.delete('preview');
    else params.set('preview', fileId);
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
}

/**
 * A folder's files (workspace-and-admin.md screens 4 and 5): upload several at once, the list,
 * download, delete, and the preview panel.
 */
export default function FolderFiles() {
  const { project, folder, files, upload } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as UploadFailure | undefined;
  const { search } = useLocation();
  const previewHref = usePreviewHref();
  const confirm = useConfirm();
  const [width, setWidth] = usePreviewWidth();

  const previewParam = new URLSearchParams(search).get('preview');
  const previewOpen = previewParam !== null;
  const previewed = previewOpen ? (files.find((file) => file.id === previewParam) ?? null) : null;
  const confirming = files.find((file) => file.id === confirm.id);

  const detailsToggle = (
    <Link
      to={previewHref(previewOpen ? null : '')}
      replace
      preventScrollReset
      className={previewOpen ? 'button button-ghost active' : 'button button-ghost'}
      aria-expanded={previewOpen}
      data-testid="details-toggle"
    >
      <Icon d={ACTION_ICONS.details} />
      {previewOpen ? 'Hide details' : 'Details'}
    </Link>
  );

  return (
    <>
      <ProjectTabs project={project} actions={detailsToggle} />
      <div className="folder-head">
        <Link to={`/workspace/project/files/${encodeURIComponent(project.id)}`} className="folder-back" data-testid="all-folders">
          All folders
        </Link>
        <span aria-hidden="true" className="folder-head-sep">
          /
        </span>
        <FolderIcon size={24} />
        <h2 className="folder-title" data-testid="folder-title">
          {folder.folderName}
        </h2>
        <span className="muted" data-testid="folder-head-count">
          {files.length} {files.length === 1 ? 'file' : 'files'}
        </span>
      </div>
      <div
        className={previewOpen ? 'files-layout with-preview' : 'files-layout'}
        style={{ '--preview-width': `${width}px` } as CSSProperties}
        data-testid="files-layout"
      >
        <div className="files-main">
          <UploadArea target={{ projectId: project.id, folderId: folder.id }} limits={upload} failure={failure?.upload ? failure : undefined} />
          {files.length ? (
            <FilesTable files={files} previewId={previewed?.id ?? null} previewHref={previewHref} deleteHref={confirm.href} />
          ) : (
            <EmptyState title={FILE_MESSAGES.empty} icon="project">
              Drawings, photos, videos and documents of this folder appear here once uploaded.
            </EmptyState>
          )}
        </div>
        {previewOpen ? <PreviewPanel file={previewed} closeTo={previewHref(null)} width={width} onResize={setWidth} /> : null}
      </div>
      {confirming ? <ConfirmDelete what="file" id={confirming.id} name={confirming.fileName} closeTo={confirm.closeTo} /> : null}
    </>
  );
}
