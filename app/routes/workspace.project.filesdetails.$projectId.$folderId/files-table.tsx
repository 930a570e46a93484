import { Link } from '@remix-run/react';
import { TableHead } from '~/components/data-table';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { RowIconLink } from '~/components/workspace/row-icon-link';
import { FileIcon } from '~/components/workspace/file-icon';
import type { FileView } from '~/models/workspace-files.server';
import { formatDay } from '../../../server/contract/dates';
import { formatBytes } from '../../../server/contract/files-rules';
import { useTimeZone } from '~/utils/time-zone';

const COLUMNS = [
  { label: 'Name', className: 'files-col-name' },
  { label: 'Type', className: 'files-col-type' },
  { label: 'Size', className: 'files-col-size' },
  { label: 'Uploaded', className: 'files-col-date' },
];

/**
 * A folder's files (screen 4): icon by type, name, type, size, date, and the details (preview),
 * download and delete icons. The name opens the file in the preview panel too.
 */
export function FilesTable({
  files,
  previewId,
  previewHref,
  deleteHref,
}: {
  files: FileView[];
  previewId: string | null;
  /** The page with a file in the preview panel, or without the panel (null). */
  previewHref: (fileId: string | null) => string;
  deleteHref: (fileId: string) => string;
}) {
  const zone = useTimeZone();
  return (
    <table className="files-table" data-testid="files-table">
      <TableHead columns={COLUMNS} actions actionsClassName="files-col-actions" />
      <tbody>
        {files.map((file) => {
          const selected = file.id === previewId;
          return (
            <tr key={file.id} className={selected ? 'selected' : undefined} data-testid="file-row" data-file-id={file.id}>
              <td>
                <div className="files-cell-name">
                  <FileIcon family={file.family} size={28} />
                  <span className="file-name-wrap">
                    <Link to={previewHref(file.id)} replace preventScrollReset className="file-name" title={file.fileName} data-testid="file-name">
                      {file.fileName}
                    </Link>
                    {/* The type, size and date under the name where the table has no room for their columns. */}
                    <span className="file-sub">
                      {file.format} · {formatBytes(file.size)}
                      <span className="file-sub-date"> · {formatDay(file.createdAt, zone)}</span>
                    </span>
                  </span>
                </div>
              </td>
              <td className="files-col-type" data-testid="file-type">
                {file.format}
              </td>
              <td className="files-col-size">{formatBytes(file.size)}</td>
              <td className="files-col-date">{formatDay(file.createdAt, zone)}</td>
              <td className="files-col-actions">
                <Link
                  to={previewHref(selected ? null : file.id)}
                  replace
                  preventScrollReset
                  className={selected ? 'icon-button active' : 'icon-button'}
                  aria-label={`${selected ? 'Hide the details of' : 'Details of'} ${file.fileName}`}
                  title={selected ? 'Hide details' : 'Details'}
                  data-testid="file-details"
                >
                  <Icon d={ACTION_ICONS.details} />
                </Link>
                <a
                  href={file.downloadHref}
                  download={file.fileName}
                  className="icon-button"
                  aria-label={`Download ${file.fileName}`}
                  title="Download"
                  data-testid="file-download"
                >
                  <Icon d={ACTION_ICONS.download} />
                </a>
                <RowIconLink kind="delete" to={deleteHref(file.id)} name={file.fileName} className="icon-button icon-button-danger" testId="file-delete" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
