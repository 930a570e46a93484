import { Link } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { formatCalendarDay } from '../../../server/contract/dates';
import type { InvoiceSummary } from '../../../server/contract/invoices';
import { INVOICE_STATUS_LABELS } from '../../../server/contract/invoices-rules';
import { formatPaise } from '../../../server/contract/money-text';

/** An invoice's status as a badge; overdue shows beside it. */
export function InvoiceStatus({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'overdue'> }) {
  return (
    <span className="iv-status" data-invoice-status={invoice.status} data-testid="invoice-status">
      {INVOICE_STATUS_LABELS[invoice.status]}
      {invoice.overdue ? <span className="iv-overdue"> · Overdue</span> : null}
    </span>
  );
}

const COLUMNS = ['Number', 'Client', 'Project', 'Date', 'Due', 'Status', { label: 'Total', className: 'num' }, { label: 'Received', className: 'num' }, { label: 'Outstanding', className: 'num' }];

/** A list of invoices (the Invoices page, a project's page). */
export function InvoiceTable({ invoices, showProject = true }: { invoices: InvoiceSummary[]; showProject?: boolean }) {
  const columns = showProject ? COLUMNS : COLUMNS.filter((c) => c !== 'Project');
  return (
    <TableScroll label="Invoices">
      <table className="so-table" data-testid="invoice-table">
        <TableHead columns={columns} />
        <tbody>
          {invoices.map((i) => (
            <tr key={i.id} data-testid="invoice-row">
              <td data-label="Number">
                <Link to={`/workspace/invoices/${i.id}`}>{i.number ?? 'Draft'}</Link>
              </td>
              <td data-label="Client">{i.clientName}</td>
              {showProject ? <td data-label="Project">{i.projectName ?? '—'}</td> : null}
              <td data-label="Date">{i.issueDate ? formatCalendarDay(i.issueDate) : '—'}</td>
              <td data-label="Due">{i.dueDate ? formatCalendarDay(i.dueDate) : '—'}</td>
              <td data-label="Status">
                <InvoiceStatus invoice={i} />
              </td>
              <NumCell label="Total">{formatPaise(i.total)}</NumCell>
              <NumCell label="Received">{formatPaise(i.received)}</NumCell>
              <NumCell label="Outstanding">{formatPaise(i.outstanding)}</NumCell>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
