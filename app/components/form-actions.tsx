import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * The footer of a form in a side panel, dialog or card: Cancel (a link back to `cancelTo`, when
 * given) and the submit button, whose text turns to `busyLabel` while the form is posting. With
 * `intent` the button posts `intent=<value>` (forms told apart on one page); `sidePanel` adds the
 * side panel's sticky footer style.
 */
export function PanelActions({
  cancelTo,
  intent,
  busy,
  label,
  busyLabel = label,
  variant = 'primary',
  testId,
  sidePanel = false,
}: {
  cancelTo?: string;
  intent?: string;
  busy: boolean;
  label: ReactNode;
  busyLabel?: ReactNode;
  variant?: 'primary' | 'danger' | 'ghost';
  testId?: string;
  sidePanel?: boolean;
}) {
  return (
    <div className={sidePanel ? 'form-actions ws-panel-actions' : 'form-actions'}>
      {cancelTo ? (
        <Link to={cancelTo} replace preventScrollReset className="button button-ghost">
          Cancel
        </Link>
      ) : null}
      <button type="submit" name={intent ? 'intent' : undefined} value={intent} className={`button button-${variant}`} disabled={busy} data-testid={testId}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** The submit texts of an Add/Edit panel: Confirm (Creating...) for a new item, Update (Updating...) for an existing one. */
export function saveLabels(editing: boolean): { label: string; busyLabel: string } {
  return editing ? { label: 'Update', busyLabel: 'Updating...' } : { label: 'Confirm', busyLabel: 'Creating...' };
}

/** A one-button post form acting on one row or card (`id` and `intent=<value>`): Submit, Approve, Deactivate. */
export function RowActionForm({ id, intent, className, testId, children }: { id: string; intent: string; className: string; testId: string; children: ReactNode }) {
  return (
    <Form method="post" className="ws-inline-form">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className={className} data-testid={testId}>
        {children}
      </button>
    </Form>
  );
}
