import { formatCalendarDay } from '../../../server/contract/dates';
import { INVOICE_STATUS_LABELS } from '../../../server/contract/invoices-rules';
import type { SubscriptionInvoice } from '../../../server/contract/subscription-invoices';
import { formatPaise } from '../../../server/contract/money-text';

/**
 * The firm's subscription invoice on Pricing (docs/decisions/287): its number,
 * total, what is still owed and by when, and plain links to its PDF (with the UPI QR code and bank
 * details) and to each payment's receipt, so it works without JavaScript.
 */
export function PlanInvoice({ invoice }: { invoice: SubscriptionInvoice }) {
  const base = `/workspace/pricing/invoices/${invoice.id}`;
  const owed = invoice.outstanding > 0;
  return (
    <section className="pricing-invoice" aria-labelledby="plan-invoice-title" data-testid="plan-invoice">
      <h3 id="plan-invoice-title">Invoice {invoice.number}</h3>
      <dl className="pricing-facts">
        <div>
          <dt>Total with GST</dt>
          <dd>{formatPaise(invoice.total)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="plan-invoice-status">{invoice.overdue ? 'Overdue' : INVOICE_STATUS_LABELS[invoice.status]}</dd>
        </div>
        {owed ? (
          <div>
            <dt>To pay by {formatCalendarDay(invoice.dueDate)}</dt>
            <dd>{formatPaise(invoice.outstanding)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="pricing-invoice-links">
        <a href={`${base}/pdf`} className="button button-secondary" data-testid="plan-invoice-pdf">
          Download the invoice (PDF)
        </a>
        {invoice.receipts.map((r) => (
          <a key={r.paymentId} href={`${base}/receipts/${r.paymentId}`} className="button button-ghost" data-testid="plan-receipt-pdf">
            Receipt {r.receiptNumber}
          </a>
        ))}
      </p>
      {owed ? <p className="muted pricing-fine">Pay by UPI with the QR code on the invoice, or by bank transfer to the account it names, quoting the invoice number.</p> : null}
    </section>
  );
}
