import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { createFolder, deleteFolder, getFolders, renameFolder } from '~/models/workspace-files.server';
import type { ApiError } from '~/utils/api.server';
import { fileSheets } from '~/styles/sheets';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { keepDataIgnoring } from '~/utils/revalidate';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { FOLDER_LIMITS, FOLDER_MESSAGES } from '../../../server/contract/files-rules';
import { FolderTile } from './folder-tile';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { attempt, redirectAfter, redirectFailure, required } from '~/utils/form-action.server';

export const links: LinksFunction = () => fileSheets;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `Files · ${data.project.projectName}` : 'Files') }, { name: 'description', content: 'The folders of a workspace project.' }];

const pagePath = (projectId: string) => `/workspace/project/files/${encodeURIComponent(projectId)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return json(await required(getFolders(request, params.projectId ?? '')));
}

/**
 * A refused or failed change comes back to the page as an error toast: the spec's words with the
 * api's reason under them (a server failure too: the spec's "Failed to create folder" is for it).
 * A project that is gone (or not the visitor's) is the page's 404.
 */
function refused(to: string, failure: string) {
  return {
    to,
    message: (error: ApiError) => (error.message === failure ? failure : { message: failure, description: error.message }),
    errorPage: (error: ApiError) => error.status === 404 && error.message !== FOLDER_MESSAGES.notFound,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const page = pagePath(projectId);
  const form = await readFormData(request);
  const folderId = () => String(form.get('id') ?? '');
  return dispatchIntent(form, {
    // The new folder opens in rename mode, as a file manager's does.
    create: async () => {
      const sent = await attempt(createFolder(request, projectId));
      if (!sent.ok) return redirectFailure(sent.error, page, refused(page, FOLDER_MESSAGES.createFailed));
      // Spec, error catalogue: the folder was made but its data did not come back.
      if (!sent.reply?.id) return redirectWithError(page, FOLDER_MESSAGES.createdWithoutData);
      return redirectWithSuccess(`${page}?rename=${sent.reply.id}`, 'Folder created');
    },
    rename: async () => {
      const folderName = String(form.get('folderName') ?? '').trim();
      // The spec: an empty name cancels the rename, with no call.
      if (!folderName) return redirect(page);
      return redirectAfter(renameFolder(request, folderId(), folderName), page, 'Folder renamed', refused(`${page}?rename=${encodeURIComponent(folderId())}`, FOLDER_MESSAGES.renameFailed));
    },
    delete: () => redirectAfter(deleteFolder(request, folderId()), page, 'Folder deleted', refused(page, 'Failed to delete folder')),
  });
}

// Opening a confirmation or a rename form needs no fresh data.
export const shouldRevalidate = keepDataIgnoring('rename');

function NewFolderButton() {
  const navigation = useNavigation();
  const creating = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create';
  return (
    <Form method="post">
      <button type="submit" name="intent" value="create" className="button button-primary" disabled={creating} data-testid="new-folder">
        <Icon d={ACTION_ICONS.add} />
        {creating ? 'Adding…' : 'New Folder'}
      </button>
    </Form>
  );
}

/** A project's folders (workspace-and-admin.md screen 4): open, rename, delete, add. */
export default function ProjectFolders() {
  const { project, folders } = useLoaderData<typeof loader>();
  const confirm = useConfirm();
  const confirming = folders.find((folder) => folder.id === confirm.id);
  return (
    <>
      <ProjectTabs project={project} actions={<NewFolderButton />} />
      {folders.length ? (
        <>
          <p className="muted files-hint">
            {folders.length} {folders.length === 1 ? 'folder' : 'folders'} · open one to see and add its files.
          </p>
          <ul className="folder-grid" aria-label="Folders">
            {folders.map((folder) => (
              <FolderTile key={folder.id} folder={folder} projectId={project.id} maxLength={FOLDER_LIMITS.name} />
            ))}
          </ul>
        </>
      ) : (
        <EmptyState title={FOLDER_MESSAGES.empty} icon="project" action={<NewFolderButton />}>
          Folders hold the project&rsquo;s drawings, photos, videos and documents.
        </EmptyState>
      )}
      {confirming ? (
        <ConfirmDelete
          what="folder"
          id={confirming.id}
          name={confirming.folderName}
          closeTo={confirm.closeTo}
          note={
            confirming.fileCount
              ? `Its ${confirming.fileCount === 1 ? 'file is' : `${confirming.fileCount} files are`} deleted with it.`
              : 'The folder is empty.'
          }
        />
      ) : null}
    </>
  );
}
