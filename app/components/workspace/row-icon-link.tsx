import { Link } from '@remix-run/react';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from './action-icons';

const KINDS = {
  edit: { verb: 'Edit', icon: ACTION_ICONS.edit, className: 'ws-icon-button' },
  delete: { verb: 'Delete', icon: ACTION_ICONS.trash, className: 'ws-icon-button ws-icon-danger' },
} as const;

/**
 * The pencil (Edit) or bin (Delete) link of a row or card in the workspace lists: a link that
 * opens the side panel or the delete confirmation (`?panel=edit`, `?confirm=`), named for the item.
 * `className` for an area with its own icon buttons (the files' `icon-button`).
 */
export function RowIconLink({
  kind,
  to,
  name,
  testId,
  className = KINDS[kind].className,
}: {
  kind: keyof typeof KINDS;
  to: string;
  name: string;
  testId?: string;
  className?: string;
}) {
  const { verb, icon } = KINDS[kind];
  return (
    <Link to={to} preventScrollReset className={className} title={verb} aria-label={`${verb} ${name}`} data-testid={testId}>
      <Icon d={icon} size={18} />
    </Link>
  );
}

/**
 * A row's or card's Edit and Delete links, each drawn only when its address is given (a viewer who
 * may not manage the list gets neither); test ids `edit-<what>` and `delete-<what>`.
 */
export function EditDeleteLinks({ what, name, editTo, deleteTo }: { what: string; name: string; editTo?: string; deleteTo?: string }) {
  return (
    <div className="ws-card-actions">
      {editTo ? <RowIconLink kind="edit" to={editTo} name={name} testId={`edit-${what}`} /> : null}
      {deleteTo ? <RowIconLink kind="delete" to={deleteTo} name={name} testId={`delete-${what}`} /> : null}
    </div>
  );
}
