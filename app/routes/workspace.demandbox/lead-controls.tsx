import { Form, Link, useNavigation } from '@remix-run/react';
import type { FormEvent } from 'react';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import type { Lead } from '../../../server/contract/leads';

/**
 * The controls of a lead in the demand box and on its page: the handled checkbox and the menu
 * (mark read or unread, archive, delete). Each is a form post (intent and id), so they work
 * without JavaScript; the menu is a <details> element, opened without a script too.
 */

/** A lead's page (the spec's route has no id segment). */
export const leadHref = (id: string) => `/workspace/demandboxdetails?id=${encodeURIComponent(id)}`;

const CHECK = 'M5 12.5l4.5 4.5L19 7.5';
const DOTS = 'M12 5.5v.01M12 12v.01M12 18.5v.01';

/** The handled checkbox: a button that toggles it (aria-pressed as a checkbox would say it). */
export function HandledToggle({ lead, action }: { lead: Pick<Lead, 'id' | 'isHandled' | 'name'>; action?: string }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get('intent') === 'handled' && navigation.formData?.get('id') === lead.id;
  const checked = pending ? navigation.formData?.get('value') === 'true' : lead.isHandled;
  return (
    <Form method="post" action={action} preventScrollReset className="lead-check-form">
      <input type="hidden" name="id" value={lead.id} />
      <input type="hidden" name="value" value={String(!lead.isHandled)} />
      <button
        type="submit"
        name="intent"
        value="handled"
        role="checkbox"
        aria-checked={checked}
        className={`lead-check${checked ? ' is-checked' : ''}`}
        title={checked ? 'Handled: click to mark as open' : 'Mark as handled'}
        aria-label={`Handled: ${lead.name}`}
        data-testid="lead-handled"
      >
        {checked ? <Icon d={CHECK} size={16} /> : null}
      </button>
    </Form>
  );
}

function closeMenu(event: FormEvent<HTMLFormElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open');
}

/**
 * Release a held enquiry to the inbox (docs/decisions/340): one click, a plain form post, so it
 * works without JavaScript. Its name says whose enquiry, for a screen reader's list of buttons.
 */
export function ReleaseButton({ lead, action }: { lead: Pick<Lead, 'id' | 'name'>; action?: string }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get('intent') === 'release' && navigation.formData?.get('id') === lead.id;
  return (
    <Form method="post" action={action} preventScrollReset className="lead-release-form">
      <input type="hidden" name="id" value={lead.id} />
      <button type="submit" name="intent" value="release" className="button button-secondary lead-release" aria-label={`Release to inbox: ${lead.name}`} disabled={pending} data-testid="release-lead">
        Release to inbox
      </button>
    </Form>
  );
}

/** The ⋮ menu of a lead: read/unread, archive/unarchive, delete (which asks first, `?confirm=`). */
export function LeadMenu({ lead, deleteHref, action }: { lead: Pick<Lead, 'id' | 'isRead' | 'isArchived' | 'name'>; deleteHref: string; action?: string }) {
  const item = (intent: string, value: boolean, label: string, testId: string) => (
    <Form method="post" action={action} preventScrollReset onSubmit={closeMenu}>
      <input type="hidden" name="id" value={lead.id} />
      <input type="hidden" name="value" value={String(value)} />
      <button type="submit" name="intent" value={intent} className="lead-menu-item" role="menuitem" data-testid={testId}>
        {label}
      </button>
    </Form>
  );
  return (
    <details className="lead-menu">
      <summary className="lead-icon-button" aria-label={`Actions for ${lead.name}`} title="Actions" data-testid="lead-menu">
        <Icon d={DOTS} size={20} />
      </summary>
      <div className="lead-menu-list" role="menu">
        {lead.isRead ? item('read', false, 'Mark as unread', 'mark-unread') : item('read', true, 'Mark as read', 'mark-read')}
        {lead.isArchived ? item('archive', false, 'Move to inbox', 'unarchive') : item('archive', true, 'Archive', 'archive')}
        <Link to={deleteHref} preventScrollReset className="lead-menu-item lead-menu-danger" role="menuitem" data-testid="delete-lead">
          <Icon d={ACTION_ICONS.trash} size={16} />
          Delete
        </Link>
      </div>
    </details>
  );
}
