import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { AdminPage, AdminPager, AdminSearch, AdminTable, AdminTabs } from '~/components/admin-page';
import { HiddenFields } from '~/components/hidden-fields';
import { paidUntilDay, planSummary } from '~/components/workspace/plan-status';
import { getAdminFirms, markFirmPaid } from '~/models/admin.server';
import { formatDay } from '../../server/contract/dates';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { parsePage } from '~/utils/showcase.server';
import { redirectWithError } from '~/utils/toast.server';
import adminStyles from '~/styles/admin-areas.css';
import { isId } from '../../server/contract/http-rules';
import type { MarkPaidBody } from '../../server/contract/admin-areas';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../server/contract/invoices-rules';
import type { SubscriptionInvoice } from '../../server/contract/subscription-invoices';
import { formatPaise } from '../../server/contract/money-text';
import { ADMIN_FIRMS_PAGE_SIZE, FIRM_PLAN_FILTERS, type FirmPlanFilter } from '../../server/contract/subscription-rules';
import { pageTitle } from '~/utils/product';
import { requireAdmin } from '~/utils/guards.server';
import { firstDetail, redirectAfter, serverFailed, required } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Workspace', 'admin') }, { name: 'description', content: 'Firms with their trial and subscription state.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

const FILTER_LABELS: Record<FirmPlanFilter, string> = { all: 'All firms', requests: 'Requests', trial: 'On trial', paid: 'Paid', none: 'No plan' };

function readQuery(url: URL) {
  const raw = url.searchParams.get('filter') ?? 'all';
  const filter = (FIRM_PLAN_FILTERS as readonly string[]).includes(raw) ? (raw as FirmPlanFilter) : 'all';
  return { filter, search: (url.searchParams.get('search') ?? '').trim().slice(0, 200), page: parsePage(url) };
}

function listHref(query: { filter: FirmPlanFilter; search: string; page?: number }) {
  const params = new URLSearchParams();
  if (query.filter !== 'all') params.set('filter', query.filter);
  if (query.search) params.set('search', query.search);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return `/admin/workspace${text ? `?${text}` : ''}`;
}

/** The day a year from today (UTC), the usual "paid until" of a yearly plan. */
const aYearFromToday = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The admin's Workspace area: firms with their trial and subscription, open
 * requests first; "Mark paid" sets the date the firm's subscription is paid until.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = readQuery(new URL(request.url));
  const reply = await required(getAdminFirms(request, { ...query, search: query.search || undefined }));
  return json({ ...query, ...reply.data, defaultPaidUntil: aYearFromToday() });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = listHref(readQuery(new URL(request.url)));
  return dispatchIntent(await readFormData(request), {
    paid: async (form) => {
      const id = String(form.get('id') ?? '');
      const paidUntil = String(form.get('paidUntil') ?? '');
      // How the firm paid its open subscription invoice; the api checks both (a method it does not know is 400).
      const method = (form.get('method') ?? undefined) as MarkPaidBody['method'];
      const reference = String(form.get('reference') ?? '');
      if (!isId(id)) return redirectWithError(back, 'That request was not right. Reload the list and try again.');
      return redirectAfter(markFirmPaid(request, id, { paidUntil, method, reference }), back, (reply) => reply.message, { message: firstDetail, errorPage: serverFailed });
    },
  });
}

export default function AdminWorkspace() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? String(navigation.formData?.get('id') ?? '') : '';
  return (
    <AdminPage title="Workspace" description="Every firm's free trial and subscription. Mark a firm paid once its payment has arrived: the firm sees it at once.">
      <section className="admin-panel" aria-labelledby="firms-title">
        <div className="admin-panel-head">
          <h2 id="firms-title">
            {FILTER_LABELS[data.filter]} <span className="admin-count">{data.count}</span>
          </h2>
          <AdminSearch id="firm-search" label="Search firms" placeholder="Search firm, name or email" search={data.search} keep={{ filter: data.filter !== 'all' ? data.filter : null }} />
        </div>
        <AdminTabs
          label="Filter firms"
          tabs={FIRM_PLAN_FILTERS.map((filter) => ({ label: FILTER_LABELS[filter], to: listHref({ filter, search: data.search }), current: filter === data.filter }))}
        />
        <div className="admin-table-wrap">
          <AdminTable columns={['Firm', 'Plan', 'Trial', 'Paid until', 'Invoice']} empty={data.firms.length === 0 ? 'No data available' : null}>
            {data.firms.map((firm) => (
              <tr key={firm.id} data-testid="admin-firm-row">
                <td data-label="Firm">
                  <span className="admin-firm">{firm.firmName ?? firm.userName}</span>
                  <small>{firm.email}</small>
                  {firm.city ? <small>{[firm.city, firm.state].filter(Boolean).join(', ')}</small> : null}
                </td>
                <td data-label="Plan">
                  <span className={`admin-pill admin-pill-${firm.plan.active ? firm.plan.state : 'off'}`}>{planSummary(firm.plan, 'admin')}</span>
                  {firm.plan.requestPending && firm.plan.requestedAt ? (
                    <small className="admin-request" data-testid="request-pending">
                      Requested {formatDay(firm.plan.requestedAt, firm.timeZone)}
                    </small>
                  ) : null}
                </td>
                <td data-label="Trial">{firm.plan.trialEndsAt ? `ends ${formatDay(firm.plan.trialEndsAt, firm.timeZone)}` : '—'}</td>
                <td data-label="Paid until">{firm.plan.paidUntil ? paidUntilDay(firm.plan.paidUntil) : '—'}</td>
                <td data-label="Invoice" className="admin-invoice">
                  <SubscriptionInvoiceCell invoice={firm.invoice} />
                </td>
                <td className="admin-actions admin-actions-wide">
                  <Form method="post" preventScrollReset className="admin-inline-form">
                    <HiddenFields values={{ intent: 'paid', id: firm.id }} />
                    <label htmlFor={`paid-${firm.id}`} className="visually-hidden">
                      Paid until for {firm.firmName ?? firm.userName}
                    </label>
                    <input id={`paid-${firm.id}`} type="date" name="paidUntil" defaultValue={data.defaultPaidUntil} required data-testid="paid-until" />
                    {firm.invoice && firm.invoice.outstanding > 0 ? <PaymentInputs firmId={firm.id} /> : null}
                    <button type="submit" className="button admin-button-approve" disabled={busyId === firm.id} data-testid="mark-paid">
                      {busyId === firm.id ? 'Saving…' : 'Mark paid'}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
        <AdminPager page={data.page} count={data.count} size={ADMIN_FIRMS_PAGE_SIZE} href={(page) => listHref({ ...data, page })} />
      </section>
    </AdminPage>
  );
}

/** The firm's latest subscription invoice: its number, what is owed, and its PDFs. */
function SubscriptionInvoiceCell({ invoice }: { invoice: SubscriptionInvoice | null }) {
  if (!invoice) return <>—</>;
  const base = `/admin/invoices/${invoice.id}`;
  return (
    <>
      <a href={`${base}/pdf`} data-testid="admin-invoice-pdf">
        {invoice.number}
      </a>
      <small>
        {formatPaise(invoice.total)} · {invoice.outstanding > 0 ? `${formatPaise(invoice.outstanding)} owed` : 'paid'}
      </small>
      {invoice.receipts.map((r) => (
        <a key={r.paymentId} href={`${base}/receipts/${r.paymentId}`} data-testid="admin-receipt-pdf">
          Receipt {r.receiptNumber}
        </a>
      ))}
    </>
  );
}

/** How the firm paid the invoice it owes: the receipt Mark paid records says so. */
function PaymentInputs({ firmId }: { firmId: string }) {
  return (
    <>
      <label htmlFor={`method-${firmId}`} className="visually-hidden">
        Paid by
      </label>
      <select id={`method-${firmId}`} name="method" defaultValue="bank_transfer" data-testid="paid-method">
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </option>
        ))}
      </select>
      <label htmlFor={`reference-${firmId}`} className="visually-hidden">
        Payment reference
      </label>
      <input id={`reference-${firmId}`} name="reference" maxLength={100} placeholder="Reference (UTR, cheque no.)" data-testid="paid-reference" />
    </>
  );
}
