import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ListTable, NumCell } from '~/components/data-table';
import { InvoiceStatus } from '~/components/invoices/invoice-table';
import { InvoiceLines } from '~/components/invoices/invoice-lines';
import { AddLineForm, CreditNoteForm, IdempotencyField, PaymentForm, VoidForm } from '~/components/invoices/invoice-forms';
import { formKeys as makeFormKeys } from '~/utils/idempotency.server';
import { Toast } from '~/components/toast';
import { FormErrors } from '~/components/field';
import { VersionField } from '~/components/record-version';
import { PageHeader } from '~/components/workspace/page-header';
import { getInvoice } from '~/models/invoices.server';
import { getPaymentNotes } from '~/models/portal.server';
import { PaymentNotes } from '~/components/portal/payment-notes';
import type { PaymentNote } from '../../../server/contract/portal';
import { UpiOffer } from './upi-offer';
import { upiOffer } from './upi-offer.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import outputStyles from '~/styles/summary-output.css';
import invoiceStyles from '~/styles/invoices.css';
// The payment notes' forms are styled as on the contact's portal page.
import ordersStyles from '~/styles/purchase-orders.css';
import { formatCalendarDay, isoDay, zoneOf } from '../../../server/contract/dates';
import { PAYMENT_METHOD_LABELS } from '../../../server/contract/invoices-rules';
import { formatPaise } from '../../../server/contract/money-text';
import { placeOfSupplyText } from '../../../server/contract/gstin-rules';
import { invoiceAction } from './actions.server';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [{ title: pageTitle(matches, data?.invoice.number ? `Invoice ${data.invoice.number}` : 'Draft invoice') }, { name: 'description', content: 'An invoice, its lines, payments and credit notes.' }];
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: invoiceStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

/**
 * One invoice (docs/decisions/280–282): a draft's lines to add or remove and
 * Issue; an issued invoice's PDF, mail to the client, payments (each with its receipt), credit
 * notes and Void. Every action is a plain form that works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireWorkspaceUser(request);
  const invoice = await required(getInvoice(request, params.invoiceId!));
  // The firm's today: a payment is dated from the invoice's date to it (decision 331).
  // One idempotency key per money form of this rendering (decision 399): a double submit repeats it.
  // The client's "I have paid" notes waiting for the firm (docs/decisions/392): only an issued invoice has any.
  const [upi, notes] = await Promise.all([upiOffer(request, invoice), invoice.status === 'draft' ? ([] as PaymentNote[]) : getPaymentNotes(request, { status: 'pending', invoiceId: invoice.id })]);
  return json({ invoice, today: isoDay(new Date(), zoneOf(user)), upi, notes, formKeys: makeFormKeys('issue', 'payment', 'creditNote') });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return invoiceAction(request, params.invoiceId!);
}

const day = (d: string | null) => (d ? formatCalendarDay(d) : '—');

export default function InvoicePage() {
  const { invoice, today, upi, notes, formKeys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && 'result' in actionData ? actionData : null;
  const reviewLink = actionData && 'reviewLink' in actionData ? actionData : null;
  const draft = invoice.status === 'draft';
  const open = invoice.status === 'issued' || invoice.status === 'part_paid';
  const pdf = `/workspace/invoices/${invoice.id}/pdf`;
  return (
    <>
      <PageHeader
        title={invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice'}
        description={`${invoice.clientName}${invoice.projectName ? ` · ${invoice.projectName}` : ''}`}
        actions={
          <Link to="/workspace/invoices" className="button button-ghost">
            All invoices
          </Link>
        }
      />
      {failed?.intent === 'issue' && failed.stale ? <FormErrors errors={failed.result.error?.[''] ?? []} /> : null}
      <div className="iv-actions" data-testid="invoice-actions">
        <InvoiceStatus invoice={invoice} />
        <a href={pdf} className="button button-secondary" data-testid="invoice-pdf">
          {draft ? 'Preview PDF' : 'Download PDF'}
        </a>
        {draft ? (
          <Form method="post" className="iv-inline">
            {/* The version of the draft on this page (docs/decisions/320): lines changed since make Issue answer 409, and the page shows them. */}
            <VersionField read={invoice.version} actionData={failed?.intent === 'issue' ? failed : null} />
            <IdempotencyField value={formKeys.issue} />
            <button type="submit" name="intent" value="issue" className="button button-primary" data-testid="issue-invoice">
              Issue invoice
            </button>
          </Form>
        ) : null}
        {open ? (
          <Form method="post" className="iv-inline">
            <button type="submit" name="intent" value="mail" className="button button-secondary" data-testid="mail-invoice">
              Mail to client{invoice.buyer?.email ? ` (${invoice.buyer.email})` : ''}
            </button>
          </Form>
        ) : null}
        {invoice.status === 'paid' && invoice.projectName ? (
          <Form method="post" className="iv-inline">
            <button type="submit" name="intent" value="reviewLink" className="button button-secondary" data-testid="review-link">
              Ask {invoice.clientName} for a review
            </button>
          </Form>
        ) : null}
      </div>
      {reviewLink ? (
        <div className="iv-card" role="status" data-testid="review-link-made">
          <p>{reviewLink.message}</p>
          <label htmlFor="review-link-url">Review link</label>
          <input id="review-link-url" type="url" readOnly value={reviewLink.reviewLink} data-testid="review-link-url" />
        </div>
      ) : null}
      <dl className="so-totals" data-testid="invoice-totals">
        <div className="so-total">
          <dt>Total</dt>
          <dd>{formatPaise(invoice.total)}</dd>
        </div>
        <div className="so-total">
          <dt>Received</dt>
          <dd>{formatPaise(invoice.received)}</dd>
        </div>
        {invoice.credited ? (
          <div className="so-total">
            <dt>Credited</dt>
            <dd>{formatPaise(invoice.credited)}</dd>
          </div>
        ) : null}
        <div className="so-total">
          <dt>Outstanding</dt>
          <dd data-testid="invoice-outstanding">{formatPaise(invoice.outstanding)}</dd>
        </div>
      </dl>
      <div className="iv-parties">
        <p>
          <strong>Date</strong> {day(invoice.issueDate)} · <strong>Due</strong> {day(invoice.dueDate)}
        </p>
        <p>
          <strong>Place of supply</strong> {placeOfSupplyText(invoice.placeOfSupply)} ({invoice.supply === 'intra' ? 'CGST + SGST' : 'IGST'})
        </p>
        {invoice.voidReason ? (
          <p>
            <strong>Void:</strong> {invoice.voidReason}
          </p>
        ) : null}
      </div>
      <InvoiceLines invoice={invoice} editable={draft} editFailure={failed?.intent === 'editLine' && 'lineId' in failed ? { lineId: String(failed.lineId), result: failed.result, stale: failed } : null} />
      {upi ? <UpiOffer offer={upi} /> : null}
      <PaymentNotes notes={notes} title="The client says they paid: to confirm" cardClass="iv-card" withInvoice={false} />
      <div className="iv-grid">
        {draft ? <AddLineForm lastResult={failed?.intent === 'addLine' ? failed.result : undefined} /> : null}
        {open ? <PaymentForm formKey={formKeys.payment} outstanding={invoice.outstanding} today={today} issueDate={invoice.issueDate} lastResult={failed?.intent === 'payment' ? failed.result : undefined} /> : null}
        {open ? <CreditNoteForm formKey={formKeys.creditNote} rates={[...new Set(invoice.lines.map((l) => l.rateBp))]} lastResult={failed?.intent === 'creditNote' ? failed.result : undefined} /> : null}
        {draft || (open && !invoice.received && !invoice.credited) ? <VoidForm lastResult={failed?.intent === 'void' ? failed.result : undefined} /> : null}
      </div>
      {invoice.payments.length ? (
        <section className="iv-card" style={{ marginTop: 16 }}>
          <h2>Payments</h2>
          <ListTable label="Payments" testId="payments-table">
            {invoice.payments.map((p) => (
              <tr key={p.id} data-testid="payment-row">
                <td data-label="Date">{day(p.paidOn)}</td>
                <td data-label="Method">{PAYMENT_METHOD_LABELS[p.method]}</td>
                <td data-label="Reference">{p.reference || '—'}</td>
                <NumCell label="Amount">{formatPaise(p.amount)}</NumCell>
                <NumCell label="TDS">{p.tds ? `${formatPaise(p.tds)} (${p.tdsSection}${p.tdsTan ? `, TAN ${p.tdsTan}` : ''})` : '—'}</NumCell>
                <td data-label="Receipt">
                  <a href={`/workspace/invoices/${invoice.id}/receipts/${p.id}`}>Receipt {p.receiptNumber}</a>
                </td>
              </tr>
            ))}
          </ListTable>
        </section>
      ) : null}
      {invoice.creditNotes.length ? (
        <section className="iv-card" style={{ marginTop: 16 }}>
          <h2>Credit notes</h2>
          <ul>
            {invoice.creditNotes.map((c) => (
              <li key={c.id}>
                <a href={`/workspace/invoices/${c.id}/pdf`}>{c.number}</a> · {day(c.issueDate)} · {formatPaise(c.total)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Toast toast={failed?.toast} />
    </>
  );
}
