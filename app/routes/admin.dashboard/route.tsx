import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { AdminPage } from '~/components/admin-page';
import { Paging } from '~/components/paging';
import { decideVerification, getStatistics, getVerificationList } from '~/models/admin.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError } from '~/utils/toast.server';
import type { VerificationRow } from '../../../server/contract/admin';
import { isId } from '../../../server/contract/http-rules';
import { VERIFICATION_PAGE_SIZE, VERIFICATION_STATUSES, type VerificationStatus } from '../../../server/contract/admin-rules';
import { VerificationTable } from './verification-table';
import { readFormData } from '~/utils/form-data.server';
import { pageTitle } from '~/utils/product';
import { requireAdmin } from '~/utils/guards.server';
import { redirectAfter, required } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Verification', 'admin') }, { name: 'description', content: 'Firm registrations waiting for verification, approved and rejected.' }];

/** Without JavaScript "Load more" shows pages 1..N; beyond this the search is the better tool. */
const MAX_PAGES = 20;
const SEARCH_DEBOUNCE_MS = 1000;

function readQuery(url: URL) {
  const statusParam = url.searchParams.get('status');
  const status: VerificationStatus = (VERIFICATION_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as VerificationStatus) : 'pending';
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1), MAX_PAGES);
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 200);
  return { status, page, search };
}

/** The list's URL for a query (what the Load more link and the redirects after a decision point to). */
function listHref(query: { status: VerificationStatus; search: string; page?: number; only?: boolean }) {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.status !== 'pending') params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.only) params.set('only', '1');
  const text = params.toString();
  return `/admin/dashboard${text ? `?${text}` : ''}`;
}

/**
 * Screen 17: summary cards with the real counts and the verification table. Without JavaScript
 * the page shows pages 1..N (`?page=N`, a Load more link); with it, `?only=1` answers one page
 * for the infinite scroll.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { status, page, search } = readQuery(url);
  const only = url.searchParams.get('only') === '1';
  const pages = only ? [page] : Array.from({ length: page }, (_, i) => i + 1);
  const list = (p: number) => getVerificationList(request, { search, status, page: p, limit: VERIFICATION_PAGE_SIZE });
  const [stats, ...lists] = await required(Promise.all([only ? null : getStatistics(request), ...pages.map(list)]));
  const rows = lists.flatMap((l) => l.data.userList);
  const count = lists.at(-1)?.data.count ?? 0;
  return json({
    stats,
    rows,
    count,
    page,
    search,
    status,
    hasMore: page * VERIFICATION_PAGE_SIZE < count && (only || page < MAX_PAGES),
  });
}

/** Approve (isVerify=2) or reject (isVerify=3, with a reason) one registration; the list reloads. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = listHref({ ...readQuery(new URL(request.url)), page: 1 });
  return dispatchIntent(await readFormData(request), {
    decide: async (form) => {
      const id = String(form.get('id') ?? '');
      const decision = String(form.get('isVerify') ?? '');
      const note = String(form.get('note') ?? '').trim();
      if (!isId(id) || (decision !== '2' && decision !== '3')) {
        return redirectWithError(back, 'That request was not right. Reload the list and try again.');
      }
      return redirectAfter(decideVerification(request, id, decision, decision === '3' && note ? { note } : {}), back, (reply) => reply.message);
    },
  });
}

type Row = VerificationRow;

const CARDS: Array<{ status: VerificationStatus; key: 'rejected' | 'approved' | 'pending'; label: string }> = [
  { status: 'rejected', key: 'rejected', label: 'Rejected' },
  { status: 'approved', key: 'approved', label: 'Approved' },
  { status: 'pending', key: 'pending', label: 'Pending requests' },
];

const STATUS_TITLES: Record<VerificationStatus, string> = {
  pending: 'Pending requests',
  approved: 'Approved firms',
  rejected: 'Rejected registrations',
  all: 'All registrations',
};

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const searchForm = useRef<HTMLFormElement>(null);
  const debounce = useRef<ReturnType<typeof setTimeout>>();

  // Rows of later pages fetched by the infinite scroll; they start over whenever the list reloads.
  const more = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<{ rows: Row[]; page: number; hasMore: boolean }>({ rows: [], page: data.page, hasMore: data.hasMore });
  // A page fetched for an earlier list (another search, or before a decision reloaded it) is never appended.
  const consumed = useRef<unknown>(null);
  useEffect(() => {
    consumed.current = more.data;
    setExtra({ rows: [], page: data.page, hasMore: data.hasMore });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  useEffect(() => {
    const next = more.data;
    if (!next || next === consumed.current) return;
    consumed.current = next;
    if (next.search !== data.search || next.status !== data.status) return;
    setExtra((e) =>
      next.page !== e.page + 1
        ? e
        : { rows: [...e.rows, ...next.rows.filter((r) => !data.rows.some((x) => x.id === r.id) && !e.rows.some((x) => x.id === r.id))], page: next.page, hasMore: next.hasMore },
    );
  }, [more.data, data]);

  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !extra.hasMore) return;
    // The next page is asked for when the end of the list comes within 100 px of the viewport.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && more.state === 'idle') {
          more.load(listHref({ status: data.status, search: data.search, page: extra.page + 1, only: true }));
        }
      },
      { rootMargin: '0px 0px 100px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [extra.hasMore, extra.page, more, data.status, data.search]);

  useEffect(() => () => clearTimeout(debounce.current), []);

  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/dashboard' && navigation.formMethod !== 'POST';
  const rows = [...data.rows, ...extra.rows];
  const { pathname, search } = useLocation();

  return (
    <AdminPage
      title="Verification"
      description="Check each firm's details and document, then approve or reject it. Approved firms appear in Explore and the firm directory."
    >

      {data.stats ? (
        <ul className="admin-cards" aria-label="Summary">
          {CARDS.map((card) => (
            <li key={card.key}>
              <Link
                to={listHref({ status: card.status, search: data.search })}
                className={`admin-card admin-card-${card.key}${data.status === card.status ? ' current' : ''}`}
                aria-current={data.status === card.status ? 'true' : undefined}
                preventScrollReset
              >
                <span className="admin-card-count" data-testid={`count-${card.key}`}>
                  {data.stats![card.key]}
                </span>
                <span className="admin-card-label">{card.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <section className="admin-panel" aria-labelledby="verification-title">
        <div className="admin-panel-head">
          <h2 id="verification-title">
            {STATUS_TITLES[data.status]} <span className="admin-count">{data.count}</span>
          </h2>
          <Form method="get" ref={searchForm} className="admin-search" role="search">
            {data.status !== 'pending' ? <input type="hidden" name="status" value={data.status} /> : null}
            <label htmlFor="admin-search" className="visually-hidden">
              Search by name, firm name or email
            </label>
            <input
              id="admin-search"
              type="search"
              name="search"
              defaultValue={data.search}
              placeholder="Name, firm or email"
              autoComplete="off"
              onChange={(event) => {
                const form = event.currentTarget.form;
                clearTimeout(debounce.current);
                debounce.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
              }}
            />
            {/* With JavaScript the search runs 1000 ms after typing stops; the button stays for Enter-less use. */}
            <button type="submit" className="button button-ghost">
              Search
            </button>
          </Form>
        </div>
        {/* Without JavaScript the page shows pages 1..N, so the range starts at the first. */}
        <Paging
          state={{ firstPage: data.rows.length === 0 ? data.page : 1, lastPage: extra.page, pageSize: VERIFICATION_PAGE_SIZE, count: data.count }}
          noun={{ one: 'registration', many: 'registrations' }}
          pathname={pathname}
          search={search}
        />
        {data.rows.length === 0 && data.count > 0 ? null : (
          <VerificationTable rows={rows} loading={searching} status={data.status} search={data.search} />
        )}
        {extra.hasMore ? (
          hydrated ? (
            <div ref={sentinel} className="admin-more" aria-live="polite">
              {more.state !== 'idle' ? 'Loading data...' : null}
            </div>
          ) : (
            <div className="admin-more">
              <Link to={listHref({ status: data.status, search: data.search, page: data.page + 1 })} className="button button-ghost" preventScrollReset>
                Load more
              </Link>
            </div>
          )
        ) : null}
      </section>
    </AdminPage>
  );
}
