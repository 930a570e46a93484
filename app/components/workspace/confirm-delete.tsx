import { Form, Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Dialog, usePopupHref } from '~/components/dialog';
import { useSubmittingIntent } from '~/components/form-intents';

/**
 * The delete confirmation of the workspace lists: `?confirm={id}` names the item. Returns the
 * id asked about (null when none), the link that asks and the link that cancels.
 */
export function useConfirm() {
  const href = usePopupHref();
  return {
    id: new URLSearchParams(useLocation().search).get('confirm'),
    href: (id: string) => href({ confirm: id }),
    closeTo: href(null),
  };
}

/**
 * The spec's confirmation ("Are you sure you want to delete this project? You can not undo."):
 * a server-rendered modal (the page itself without JavaScript, opened in place with it) whose
 * Delete button posts `intent` and `id` to the page's action; Cancel is a link back.
 */
export function ConfirmDelete({
  what,
  id,
  name,
  closeTo,
  intent = 'delete',
  action,
  note,
  question,
}: {
  /** The kind of item, as the spec words it: project, schedule, file, member, folder. */
  what: string;
  id: string;
  /** The item's name, shown under the question so the person sees what goes. */
  name?: string;
  closeTo: string;
  intent?: string;
  action?: string;
  /** What else goes with it (a folder's files). */
  note?: ReactNode;
  /** The question when the spec words it differently (the summary's "…delete this item?"). */
  question?: string;
}) {
  const deleting = useSubmittingIntent(intent, id);
  return (
    <Dialog title={`Delete ${what}`} closeTo={closeTo} size="small" testId="confirm-delete-dialog">
      <p>{question ?? `Are you sure you want to delete this ${what}? You can not undo.`}</p>
      {name ? <p className="ws-confirm-name">{name}</p> : null}
      {note ? <p className="muted">{note}</p> : null}
      <Form method="post" action={action} className="form-actions">
        <input type="hidden" name="id" value={id} />
        <Link to={closeTo} replace preventScrollReset className="button button-ghost">
          Cancel
        </Link>
        <button type="submit" name="intent" value={intent} className="button button-danger" disabled={deleting} data-testid="confirm-delete">
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </Form>
    </Dialog>
  );
}
