import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { keepDataForDialogs } from '~/components/dialog';
import { Toast } from '~/components/toast';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { ListSearch } from '~/components/workspace/list-search';
import { PageHeader } from '~/components/workspace/page-header';
import { EditDeleteLinks } from '~/components/workspace/row-icon-link';
import { NewPanelLink, SidePanel, usePanel } from '~/components/workspace/side-panel';
import { getContact, listContacts } from '~/models/chat-book.server';
import { ApiError } from '~/utils/api.server';
import { chatBookSheets } from '~/styles/sheets';
import type { Contact } from '../../../server/contract/address-book';
import { CONTACT_KIND_LABELS, CONTACT_KINDS, CONTACT_LIMITS, CONTACT_MESSAGES, isContactKind } from '../../../server/contract/address-book-rules';
import { isId } from '../../../server/contract/http-rules';
import { addressBookAction } from './actions.server';
import { stateNames } from '~/utils/places.server';
import { ContactForm } from './contact-form';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Address Book') }, { name: 'description', content: "The firm's contacts: clients, suppliers and consultants." }];
export const links: LinksFunction = () => chatBookSheets;

/**
 * The firm's Address Book (docs/decisions/115): clients, suppliers and
 * consultants, searched by name, company, email or phone (a GET form: the search is in the
 * address), paged by "Next page" links (keyset). Everyone of the firm reads; the firm and its
 * sub-admins add (`?panel=new`), edit (`?panel=edit&item=`) and delete (`?confirm=`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const q = (search.get('q') ?? '').slice(0, CONTACT_LIMITS.search);
  const kindParam = search.get('kind');
  const kind = isContactKind(kindParam) ? kindParam : undefined;
  const afterParam = search.get('after');
  const after = isId(afterParam) ? afterParam : undefined;
  const item = search.get('item') ?? search.get('confirm');
  const [, [page, edited]] = await guarded(
    requireWorkspaceUser(request),
    required(
      Promise.all([
        listContacts(request, { q: q || undefined, kind, after }),
        // The contact of the panel or the confirmation, also when it is not on this page.
        isId(item) ? getContact(request, item).catch((error) => (error instanceof ApiError && error.status === 404 ? null : Promise.reject(error))) : Promise.resolve(null),
      ]),
    ),
  );
  // The states a client or supplier may be in (place of supply; docs/decisions/257).
  return json({ ...page, edited, q, kind: kind ?? '', after: after ?? null, states: stateNames('India') });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return addressBookAction(request);
}

export const shouldRevalidate = keepDataForDialogs;

export default function AddressBook() {
  const { contacts, next, canManage, edited, q, kind, after, states } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const panel = usePanel();
  const confirm = useConfirm();
  // With JavaScript an Edit or Delete link opens in place without reloading (keepDataForDialogs), so
  // the loader's `edited` is of the previous address: the row on this page is read instead.
  const contactOf = (id: string | null | undefined) => (!id ? null : edited?.id === id ? edited : (contacts.find((c) => c.id === id) ?? null));
  const editing = panel.open === 'edit' ? contactOf(panel.item) : null;
  const panelOpen = canManage && (panel.open === 'new' || editing !== null);
  const deleting = canManage ? contactOf(confirm.id) : null;
  const saved = actionData && 'result' in actionData ? actionData : null;
  const filtered = q !== '' || kind !== '';
  const query = (extra: Record<string, string>) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(kind ? { kind } : {}), ...extra })}`;
  const addButton = canManage ? <NewPanelLink testId="add-contact">Add Contact</NewPanelLink> : null;

  return (
    <>
      <PageHeader title="Address Book" description="Your firm's clients, suppliers and consultants. Pick them as project members or clients." actions={addButton} />
      <ListSearch
        id="contact-q"
        name="q"
        label="Search contacts"
        value={q}
        placeholder="Search name, company, email or phone"
        maxLength={CONTACT_LIMITS.search}
        clearTo={filtered ? '/workspace/address-book' : null}
        testId="contact-search"
      >
        <label className="visually-hidden" htmlFor="contact-kind">
          Kind
        </label>
        <select id="contact-kind" name="kind" defaultValue={kind}>
          <option value="">All kinds</option>
          {CONTACT_KINDS.map((k) => (
            <option key={k} value={k}>
              {CONTACT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </ListSearch>
      {contacts.length ? (
        <ContactTable contacts={contacts} editHref={canManage ? (id) => panel.href('edit', id) : null} deleteHref={canManage ? (id) => confirm.href(id) : null} />
      ) : (
        <EmptyState title={filtered ? CONTACT_MESSAGES.noMatch : CONTACT_MESSAGES.empty} icon="addressBook" action={filtered ? null : addButton}>
          {filtered ? 'Try another name, or clear the search.' : canManage ? 'Add the clients, suppliers and consultants your firm works with.' : null}
        </EmptyState>
      )}
      {after || next ? (
        <nav className="cb-pager" aria-label="Pages">
          {after ? (
            <Link to={query({})} className="button button-ghost">
              First page
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={query({ after: next })} className="button button-ghost" data-testid="next-contacts">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
      {panelOpen ? (
        <SidePanel title={editing ? 'Edit Contact' : 'Add Contact'} closeTo={panel.closeTo} testId="contact-panel">
          <ContactForm key={editing?.id ?? 'new'} contact={editing} lastResult={saved?.result} actionData={saved} closeTo={panel.closeTo} states={states} />
        </SidePanel>
      ) : null}
      {deleting ? <ConfirmDelete what="contact" id={deleting.id} name={deleting.company ? `${deleting.name} (${deleting.company})` : deleting.name} closeTo={confirm.closeTo} /> : null}
      <Toast toast={saved?.toast} />
    </>
  );
}

function ContactTable({ contacts, editHref, deleteHref }: { contacts: Contact[]; editHref: ((id: string) => string) | null; deleteHref: ((id: string) => string) | null }) {
  return (
    <ul className="cb-contacts" data-testid="contacts">
      {contacts.map((contact) => (
        <li key={contact.id} className="cb-contact" data-testid="contact-row">
          <div className="cb-contact-who">
            <Avatar name={contact.name} size={36} />
            <div>
              <p className="cb-contact-name">
                {contact.name} <span className={`cb-kind cb-kind-${contact.kind}`}>{CONTACT_KIND_LABELS[contact.kind]}</span>
              </p>
              {contact.company ? <p className="cb-contact-company">{contact.company}</p> : null}
            </div>
          </div>
          <div className="cb-contact-reach">
            {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
            {contact.phone ? <a href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>{contact.phone}</a> : null}
          </div>
          <p className="cb-contact-notes">{contact.notes}</p>
          {/* A client's portal is the firm's and its sub-admins' to manage, as the contact is (docs/decisions/390). */}
          {editHref && contact.isClient ? (
            <Link to={`/workspace/address-book/${encodeURIComponent(contact.id)}/portal`} className="cb-contact-portal" aria-label={`Client portal of ${contact.name}`}>
              Client portal
            </Link>
          ) : null}
          <EditDeleteLinks what="contact" name={contact.name} editTo={editHref?.(contact.id)} deleteTo={deleteHref?.(contact.id)} />
        </li>
      ))}
    </ul>
  );
}
