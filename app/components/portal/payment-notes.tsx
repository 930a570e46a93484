import { Form, Link } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { formatCalendarDay } from '../../../server/contract/dates';
import { formatPaise } from '../../../server/contract/money-text';
import type { PaymentNote } from '../../../server/contract/portal';

/**
 * What clients said they paid (docs/decisions/392), with Confirm and Decline (a reason) on each
 * pending one: the contact's portal page lists all of the contact's, an invoice's page its own
 * pending ones. Plain forms with `intent` confirm / decline and the note's id, which
 * `paymentNoteIntents` answers on either page; they work without JavaScript.
 */
export function PaymentNotes({ notes, title = 'Payments the client told you of', cardClass = 'po-card', withInvoice = true }: { notes: PaymentNote[]; title?: string; cardClass?: string; withInvoice?: boolean }) {
  if (!notes.length) return null;
  return (
    <section className={cardClass} aria-labelledby="portal-notes" data-testid="payment-notes">
      <h2 id="portal-notes">{title}</h2>
      <TableScroll label="Payment notes">
        <table className="so-table">
          <TableHead columns={[...(withInvoice ? ['Invoice'] : []), { label: 'Amount', className: 'num' }, 'Reference', 'Paid on', 'Status']} actions />
          <tbody>
            {notes.map((n) => (
              <tr key={n.id} data-testid="payment-note">
                {withInvoice ? (
                  <td>
                    <Link to={`/workspace/invoices/${encodeURIComponent(n.invoiceId)}`}>{n.invoiceNumber}</Link>
                  </td>
                ) : null}
                <NumCell label="Amount">{formatPaise(n.amount)}</NumCell>
                <td>
                  {n.method === 'upi' ? 'UPI' : 'Bank'} {n.reference}
                </td>
                <td>{formatCalendarDay(n.paidOn)}</td>
                <td>{n.status === 'pending' ? 'To confirm' : n.status === 'confirmed' ? `Confirmed, receipt ${n.receiptNumber ?? ''}` : `Declined: ${n.declineReason ?? ''}`}</td>
                <td>
                  {n.status === 'pending' ? (
                    <div className="po-actions">
                      <Form method="post">
                        <input type="hidden" name="noteId" value={n.id} />
                        <button type="submit" name="intent" value="confirm" className="button button-primary" aria-label={`Confirm ${formatPaise(n.amount)} with reference ${n.reference}`}>
                          Confirm
                        </button>
                      </Form>
                      <Form method="post" className="po-inline-form">
                        <input type="hidden" name="noteId" value={n.id} />
                        <label htmlFor={`reason-${n.id}`}>Reason to decline</label>
                        <input id={`reason-${n.id}`} name="reason" className="po-input" />
                        <button type="submit" name="intent" value="decline" className="button button-secondary">
                          Decline
                        </button>
                      </Form>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
