import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { AdminActionsCell, AdminPage, AdminPager, AdminSearch, AdminTable, AdminTabs, ReasonPopover } from '~/components/admin-page';
import { HiddenFields } from '~/components/hidden-fields';
import { getModerationFirms, getModerationProjects, setPortfolioVisibility, setProjectVisibility } from '~/models/admin.server';
import { formatDay } from '../../server/contract/dates';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { parsePage } from '~/utils/showcase.server';
import { redirectWithError } from '~/utils/toast.server';
import adminStyles from '~/styles/admin-areas.css';
import { MODERATION_PAGE_SIZE, SHOWCASE_FILTERS, type ShowcaseFilter } from '../../server/contract/admin-areas-rules';
import { isId } from '../../server/contract/http-rules';
import { projectTypeLabel } from '../../server/contract/vocabulary';
import { pageTitle } from '~/utils/product';
import { requireAdmin } from '~/utils/guards.server';
import { firstDetail, redirectAfter, serverFailed, required } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Showcase', 'admin') }, { name: 'description', content: 'Hide or show public projects and firm portfolios.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

type Tab = 'projects' | 'firms';

function readQuery(url: URL) {
  const tab: Tab = url.searchParams.get('tab') === 'firms' ? 'firms' : 'projects';
  const raw = url.searchParams.get('filter') ?? 'all';
  const filter = (SHOWCASE_FILTERS as readonly string[]).includes(raw) ? (raw as ShowcaseFilter) : 'all';
  return { tab, filter, search: (url.searchParams.get('search') ?? '').trim().slice(0, 200), page: parsePage(url) };
}

function listHref(query: { tab: Tab; filter: ShowcaseFilter; search: string; page?: number }) {
  const params = new URLSearchParams();
  if (query.tab !== 'projects') params.set('tab', query.tab);
  if (query.filter !== 'all') params.set('filter', query.filter);
  if (query.search) params.set('search', query.search);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return `/admin/showcase${text ? `?${text}` : ''}`;
}

/**
 * Showcase moderation: hide a public project or a firm's whole portfolio, with a
 * reason, or show it again. Hidden items vanish from Explore, search, the directory and their page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = readQuery(new URL(request.url));
  const apiQuery = { filter: query.filter, page: query.page, search: query.search || undefined };
  const [projects, firms] =
    query.tab === 'projects'
      ? [(await required(getModerationProjects(request, apiQuery))).data, null]
      : [null, (await required(getModerationFirms(request, apiQuery))).data];
  return json({ ...query, projects, firms });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = listHref(readQuery(new URL(request.url)));
  const change = async (form: FormData, set: typeof setProjectVisibility) => {
    const id = String(form.get('id') ?? '');
    const hidden = form.get('hidden') === 'true';
    const reason = String(form.get('reason') ?? '').slice(0, 600);
    if (!isId(id)) return redirectWithError(back, 'That request was not right. Reload the list and try again.');
    return redirectAfter(set(request, id, { hidden, ...(reason.trim() ? { reason } : {}) }), back, (reply) => reply.message, { message: firstDetail, errorPage: serverFailed });
  };
  return dispatchIntent(await readFormData(request), {
    project: (form) => change(form, setProjectVisibility),
    firm: (form) => change(form, setPortfolioVisibility),
  });
}

/** Hide (a reason is asked in a small popover, a plain form without JavaScript) or Show again. */
function VisibilityForm({ intent, id, name, hidden, busy }: { intent: 'project' | 'firm'; id: string; name: string; hidden: boolean; busy: boolean }) {
  if (hidden) {
    return (
      <Form method="post" preventScrollReset>
        <HiddenFields values={{ intent, id, hidden: 'false' }} />
        <button type="submit" className="button admin-button-approve" disabled={busy} aria-label={`Show ${name} again`} data-testid="show">
          Show
        </button>
      </Form>
    );
  }
  return (
    <ReasonPopover
      summary="Hide"
      summaryTestId="hide"
      values={{ intent, id, hidden: 'true' }}
      label={<>Why is {name} hidden?</>}
      reason={{ id: `reason-${id}`, name: 'reason', maxLength: 500, required: true, placeholder: 'The reason, kept in the audit log', testId: 'hide-reason' }}
      busy={busy}
      submit="Hide from the public"
      submitTestId="confirm-hide"
    />
  );
}

/** A hidden project's or portfolio's reason and day, the day in its firm's time zone (decision 265). */
function HiddenNote({ hidden, label, timeZone }: { hidden: { reason: string; hiddenAt: string } | null; label?: string; timeZone: string }): ReactNode {
  if (!hidden) return <span className="admin-pill admin-pill-paid">Visible</span>;
  return (
    <>
      <span className="admin-pill admin-pill-hidden">{label ?? 'Hidden'}</span>
      <small className="admin-reason">
        {hidden.reason} · {formatDay(hidden.hiddenAt, timeZone)}
      </small>
    </>
  );
}

/** A listed project's or firm's name, opening its public page in a new tab, with its details below. */
function PublicPageCell({ label, to, name, children }: { label: string; to: string; name: string; children: ReactNode }) {
  return (
    <td data-label={label}>
      <Link to={to} className="admin-firm admin-link" target="_blank" rel="noreferrer">
        {name}
      </Link>
      <small>{children}</small>
    </td>
  );
}

export default function AdminShowcase() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? String(navigation.formData?.get('id') ?? '') : '';
  const count = data.projects?.count ?? data.firms?.count ?? 0;
  const title = `${data.filter === 'hidden' ? 'Hidden ' : ''}${data.tab === 'projects' ? 'public projects' : 'firm portfolios'}`;
  return (
    <AdminPage
      title="Showcase"
      description="Hide a public project or a firm's whole portfolio from Explore, search, the firm directory and its page. Every change is kept in the audit log with its reason."
    >
      <section className="admin-panel" aria-labelledby="showcase-title">
        <div className="admin-panel-head">
          <h2 id="showcase-title">
            {title[0]!.toUpperCase() + title.slice(1)} <span className="admin-count">{count}</span>
          </h2>
          <AdminSearch
            id="showcase-search"
            label="Search"
            placeholder={data.tab === 'projects' ? 'Search project or firm' : 'Search firm or email'}
            search={data.search}
            keep={{ tab: data.tab !== 'projects' ? data.tab : null, filter: data.filter !== 'all' ? data.filter : null }}
          />
        </div>
        <AdminTabs
          label="Showcase lists"
          tabs={[
            { label: 'Projects', to: listHref({ tab: 'projects', filter: 'all', search: '' }), current: data.tab === 'projects' && data.filter === 'all' },
            { label: 'Hidden projects', to: listHref({ tab: 'projects', filter: 'hidden', search: '' }), current: data.tab === 'projects' && data.filter === 'hidden' },
            { label: 'Firms', to: listHref({ tab: 'firms', filter: 'all', search: '' }), current: data.tab === 'firms' && data.filter === 'all' },
            { label: 'Hidden firms', to: listHref({ tab: 'firms', filter: 'hidden', search: '' }), current: data.tab === 'firms' && data.filter === 'hidden' },
          ]}
        />
        <div className="admin-table-wrap">
          {data.projects ? (
            <AdminTable columns={['Project', 'Firm', 'State']} empty={data.projects.projects.length === 0 ? 'No data available' : null}>
              {data.projects.projects.map((p) => (
                <tr key={p.id} data-testid="moderation-project-row">
                  <PublicPageCell label="Project" to={`/explore/${p.id}`} name={p.projectName}>
                    {projectTypeLabel(p.projectType)} · {formatDay(p.createdAt, p.timeZone)}
                  </PublicPageCell>
                  <td data-label="Firm">
                    {p.firmName}
                    {p.firmHidden ? <small className="admin-reason">Portfolio hidden</small> : null}
                  </td>
                  <td data-label="State" className="admin-span">
                    <HiddenNote hidden={p.hidden} timeZone={p.timeZone} />
                  </td>
                  <AdminActionsCell>
                    <VisibilityForm intent="project" id={p.id} name={`"${p.projectName}"`} hidden={p.hidden !== null} busy={busyId === p.id} />
                  </AdminActionsCell>
                </tr>
              ))}
            </AdminTable>
          ) : (
            <AdminTable columns={['Firm', 'Public projects', 'State']} empty={!data.firms?.firms.length ? 'No data available' : null}>
              {data.firms?.firms.map((f) => (
                <tr key={f.id} data-testid="moderation-firm-row">
                  <PublicPageCell label="Firm" to={`/firms/${f.id}`} name={f.firmName}>
                    {f.email}
                    {f.city ? ` · ${f.city}` : ''}
                  </PublicPageCell>
                  <td data-label="Public projects">{f.projectCount}</td>
                  <td data-label="State" className="admin-span">
                    <HiddenNote hidden={f.hidden} label="Portfolio hidden" timeZone={f.timeZone} />
                  </td>
                  <AdminActionsCell>
                    <VisibilityForm intent="firm" id={f.id} name={f.firmName} hidden={f.hidden !== null} busy={busyId === f.id} />
                  </AdminActionsCell>
                </tr>
              ))}
            </AdminTable>
          )}
        </div>
        <AdminPager page={data.page} count={count} size={MODERATION_PAGE_SIZE} href={(page) => listHref({ ...data, page })} />
      </section>
    </AdminPage>
  );
}
