import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { keepDataForDialogs } from '~/components/dialog';
import { ListPager } from '~/components/prev-next-pager';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { listLeads } from '~/models/leads.server';
import { formatDay } from '../../../server/contract/dates';
import { parsePage } from '~/utils/showcase.server';
import { leadSheets } from '~/styles/sheets';
import { EMPTY_DEMANDBOX, LEAD_VIEWS, type LeadView } from '../../../server/contract/leads-rules';
import type { Lead } from '../../../server/contract/leads';
import { leadActions } from './actions.server';
import { HandledToggle, LeadMenu, leadHref, ReleaseButton } from './lead-controls';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { useTimeZone } from '~/utils/time-zone';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Demand box') }, { name: 'description', content: 'Enquiries sent to your firm from its public pages.' }];
export const links: LinksFunction = () => leadSheets;

/**
 * The demand box (workspace-and-admin.md screen 12): the enquiries visitors sent
 * from the firm's public pages: type, description, date, the handled checkbox and a menu; unread
 * first, ten a page with page links; the archive at `?view=archived`, the held ones at `?view=held`
 * (a burst from new senders, each released with one click: docs/decisions/340). The firm and its sub-admins
 * only (a plain employee gets the api's 403). A click opens `/workspace/demandboxdetails?id=…`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('view');
  const view: LeadView = LEAD_VIEWS.find((v) => v === asked) ?? 'inbox';
  const page = parsePage(url);
  const [, box] = await guarded(
    requireWorkspaceUser(request),
    required(listLeads(request, { page, view })),
  );
  return json({ ...box, view });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return leadActions(request);
}

export const shouldRevalidate = keepDataForDialogs;

export default function DemandBox() {
  const { leads, count, unread, held, page, pageSize, view } = useLoaderData<typeof loader>();
  const confirm = useConfirm();
  const deleting = confirm.id ? leads.find((l) => l.id === confirm.id) : undefined;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const tabs = (
    <nav className="lead-tabs" aria-label="Demand box views">
      <Link to="/workspace/demandbox" className={view === 'inbox' ? 'is-active' : undefined} aria-current={view === 'inbox' ? 'page' : undefined}>
        Inbox
      </Link>
      <Link to="/workspace/demandbox?view=archived" className={view === 'archived' ? 'is-active' : undefined} aria-current={view === 'archived' ? 'page' : undefined}>
        Archived
      </Link>
      <Link to="/workspace/demandbox?view=held" className={view === 'held' ? 'is-active' : undefined} aria-current={view === 'held' ? 'page' : undefined} data-testid="held-filter">
        Held{held ? <span className="lead-tab-count"> ({held})</span> : null}
      </Link>
    </nav>
  );
  return (
    <>
      <PageHeader
        title="Demand box"
        description={
          view === 'inbox'
            ? `Enquiries from your public portfolio${count ? ` · ${count} in the inbox, ${unread} unread` : ''}.`
            : view === 'held'
              ? `Held: enquiries that came in a burst from new senders. They wait here, listed in your digest mail, until you release them to your inbox${count ? ` · ${count}` : ''}.`
              : `Archived enquiries${count ? ` · ${count}` : ''}.`
        }
        actions={tabs}
      />
      {leads.length ? (
        <>
          <ul className="lead-list card" data-testid="lead-list">
            {leads.map((lead) => (
              <LeadRow key={lead.id} lead={lead} deleteHref={confirm.href(lead.id)} />
            ))}
          </ul>
          <ListPager page={page} pages={pages} className="lead-pager" />
        </>
      ) : (
        <EmptyState title={EMPTY_DEMANDBOX} icon="demandbox">
          {view === 'inbox'
            ? 'Enquiries visitors send from your portfolio and project pages arrive here.'
            : view === 'held'
              ? 'Nothing held. When a burst of enquiries comes from new senders, the ones past the first few wait here for you to release them.'
              : 'Enquiries you archive are kept here.'}
        </EmptyState>
      )}
      {deleting ? <ConfirmDelete what="enquiry" id={deleting.id} name={`${deleting.name} (${deleting.email})`} closeTo={confirm.closeTo} /> : null}
    </>
  );
}

function LeadRow({ lead, deleteHref }: { lead: Lead; deleteHref: string }) {
  const zone = useTimeZone();
  return (
    <li className={`lead-row${lead.isRead ? '' : ' is-unread'}${lead.isHandled ? ' is-handled' : ''}${lead.isHeld ? ' is-held' : ''}`} data-testid="lead-row">
      <HandledToggle lead={lead} />
      <Link to={leadHref(lead.id)} className="lead-main" data-testid="open-lead">
        <span className="lead-type">
          {lead.isRead ? null : <span className="lead-dot" role="img" aria-label="Unread" />}
          {lead.projectTypeLabel}
          {lead.isHeld ? (
            <span className="lead-held-badge" data-testid="held-badge">
              Held
            </span>
          ) : null}
        </span>
        <span className="lead-from">{lead.name}</span>
        <span className="lead-description">{lead.message}</span>
      </Link>
      <time className="lead-date" dateTime={lead.createdAt}>
        {formatDay(lead.createdAt, zone)}
      </time>
      {lead.isHeld ? <ReleaseButton lead={lead} /> : null}
      <LeadMenu lead={lead} deleteHref={deleteHref} />
    </li>
  );
}
