import { Form, Link, useLocation, useNavigate, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { usePopupHref } from '~/components/dialog';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { RowIconLink } from '~/components/workspace/row-icon-link';
import { useConfirm } from '~/components/workspace/confirm-delete';
import { FolderIcon } from '~/components/workspace/file-icon';
import { useClickOrDoubleClick } from '~/components/workspace/use-click-or-double-click';
import { formatDay } from '../../../server/contract/dates';
import type { Folder } from '../../../server/contract/files';
import { useTimeZone } from '~/utils/time-zone';

export const folderHref = (projectId: string, folderId: string) =>
  `/workspace/project/filesdetails/${encodeURIComponent(projectId)}/${encodeURIComponent(folderId)}`;

/**
 * One folder of a project (screen 4): a click opens it, a double-click renames it in place (with
 * JavaScript); the pencil renames it (`?rename={id}`, a form without JavaScript), the trash asks
 * to delete it with its files.
 */
export function FolderTile({ folder, projectId, maxLength }: { folder: Folder; projectId: string; maxLength: number }) {
  const zone = useTimeZone();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const popupHref = usePopupHref();
  const confirm = useConfirm();
  const renaming = new URLSearchParams(search).get('rename') === folder.id;
  const openHref = folderHref(projectId, folder.id);
  const renameHref = popupHref({ rename: folder.id });
  const clicks = useClickOrDoubleClick(
    () => navigate(openHref),
    () => navigate(renameHref, { replace: true, preventScrollReset: true }),
  );
  const files = `${folder.fileCount} ${folder.fileCount === 1 ? 'file' : 'files'}`;

  return (
    <li className={renaming ? 'folder-tile renaming' : 'folder-tile'} data-testid="folder" data-folder-id={folder.id}>
      <FolderIcon />
      <div className="folder-body">
        {renaming ? (
          <RenameFolderForm folder={folder} closeTo={pathname} maxLength={maxLength} />
        ) : (
          <Link to={openHref} className="folder-name" title="Open · double-click to rename" {...clicks} data-testid="folder-name">
            {folder.folderName}
          </Link>
        )}
        <span className="folder-meta">
          {files} · {formatDay(folder.createdAt, zone)}
        </span>
      </div>
      {renaming ? null : (
        <div className="folder-actions">
          <Link to={renameHref} replace preventScrollReset className="icon-button" aria-label={`Rename ${folder.folderName}`} title="Rename" data-testid="rename-folder">
            <Icon d={ACTION_ICONS.edit} />
          </Link>
          <RowIconLink kind="delete" to={confirm.href(folder.id)} name={folder.folderName} className="icon-button icon-button-danger" testId="delete-folder" />
        </div>
      )}
    </li>
  );
}

/**
 * The rename form. Without JavaScript: the name, Save and Cancel. With it, the spec's inline edit:
 * the name selected, Enter or leaving the field saves, Escape cancels, and an empty or unchanged
 * name cancels without a call.
 */
function RenameFolderForm({ folder, closeTo, maxLength }: { folder: Folder; closeTo: string; maxLength: number }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  // Set once the edit is saved or cancelled, so a blur that follows does not act again.
  const settled = useRef(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const cancel = () => {
    settled.current = true;
    navigate(closeTo, { replace: true, preventScrollReset: true });
  };
  const save = (form: HTMLFormElement) => {
    if (settled.current) return;
    const name = input.current?.value.trim() ?? '';
    if (!name || name === folder.folderName) return cancel();
    settled.current = true;
    submit(form, { replace: true, preventScrollReset: true });
  };

  const inputId = `folder-name-${folder.id}`;
  return (
    <Form
      method="post"
      replace
      preventScrollReset
      className="folder-rename"
      onSubmit={(event) => {
        event.preventDefault();
        save(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={folder.id} />
      <label htmlFor={inputId} className="visually-hidden">
        Folder name
      </label>
      <input
        ref={input}
        id={inputId}
        name="folderName"
        defaultValue={folder.folderName}
        maxLength={maxLength}
        autoComplete="off"
        className="folder-rename-input"
        data-testid="folder-name-input"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            // The page's own Escape handlers (a dialog, the drawer) are not for this.
            event.stopPropagation();
            cancel();
          }
        }}
        onBlur={(event) => event.currentTarget.form && save(event.currentTarget.form)}
      />
      {hydrated ? null : (
        <span className="folder-rename-actions">
          <button type="submit" className="button button-primary button-small" data-testid="save-folder-name">
            Save
          </button>
          <Link to={closeTo} replace className="button button-ghost button-small">
            Cancel
          </Link>
        </span>
      )}
    </Form>
  );
}
