import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { InvoiceTable } from '~/components/invoices/invoice-table';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { listInvoices } from '~/models/invoices.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import outputStyles from '~/styles/summary-output.css';
import invoiceStyles from '~/styles/invoices.css';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatusName } from '../../../server/contract/invoices-rules';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Invoices') }, { name: 'description', content: "The firm's invoices to its clients, their payments and what is outstanding." }];
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: invoiceStyles },
];

type Filter = InvoiceStatusName | 'overdue';
const FILTERS: Filter[] = [...INVOICE_STATUSES, 'overdue'];
const filterLabel = (f: Filter) => (f === 'overdue' ? 'Overdue' : INVOICE_STATUS_LABELS[f]);

/**
 * Invoices (docs/decisions/280): the firm's invoices, newest first, filtered
 * by status (links: no JavaScript needed), with what each has received and still owes. The firm
 * and its sub-admins only (the api answers 403 to others).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const param = new URL(request.url).searchParams.get('status');
  const status = FILTERS.find((f) => f === param);
  const invoices = await required(listInvoices(request, { status }));
  return json({ invoices, status: status ?? null });
}

export default function InvoicesPage() {
  const { invoices, status } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Tax invoices to your clients, payments received and what is outstanding."
        actions={
          <>
            <Link to="/workspace/invoices/tds" className="button button-secondary" data-testid="tds-link">
              TDS
            </Link>
            <Link to="/workspace/invoices/new" className="button button-primary" data-testid="new-invoice">
              New invoice
            </Link>
          </>
        }
      />
      <nav className="iv-filter" aria-label="Filter by status">
        <Link to="/workspace/invoices" aria-current={status ? undefined : 'page'}>
          All
        </Link>
        {FILTERS.map((f) => (
          <Link key={f} to={`/workspace/invoices?status=${f}`} aria-current={status === f ? 'page' : undefined}>
            {filterLabel(f)}
          </Link>
        ))}
      </nav>
      {invoices.length ? (
        <InvoiceTable invoices={invoices} />
      ) : (
        <EmptyState title={status ? `No ${filterLabel(status).toLowerCase()} invoices` : 'No invoices yet'} icon="financial">
          Invoice a client from a schedule&apos;s approved sections, a milestone or a fee.
        </EmptyState>
      )}
    </>
  );
}
