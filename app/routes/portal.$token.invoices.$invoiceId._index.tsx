import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useParams } from '@remix-run/react';
import { z } from 'zod/v4';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { PortalError, PortalFrame } from '~/components/portal/frame';
import { portalMeta } from '~/components/portal/meta';
import { portalInvoicePath, portalPath, provePath } from '~/components/portal/paths';
import { getPortal, getPortalInvoice, notePayment } from '~/models/portal.server';
import { attempt, firstDetail, required, submitForm } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import portalStyles from '~/styles/portal.css';
import { formatCalendarDay, isoDay, zoneOf } from '../../server/contract/dates';
import { formatPaise, paiseToDecimal, parseRupees } from '../../server/contract/money-text';
import { PAYMENT_NOTE_METHODS, PAYMENT_NOTE_REFERENCE_MAX, PORTAL_MESSAGES as M, type PortalInvoiceReply } from '../../server/contract/portal';

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: portalStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  portalMeta(
    matches,
    data ? { firm: data.firm, title: `${data.print.title} ${data.print.invoice.number ?? ''} — ${data.firm.name}`, description: `${formatPaise(data.print.invoice.total)}, ${formatPaise(data.print.invoice.outstanding)} to pay.`, path: portalInvoicePath(params.token ?? '', params.invoiceId ?? '') } : null,
  );

const rupees = (message: string) => z.string({ error: message }).trim().refine((v) => parseRupees(v) !== null && parseRupees(v)! > 0, message).transform((v) => parseRupees(v)!);

/** "I have paid": the web's form of the api's body (rupees here, paise there). */
const PaidForm = z.object({
  amount: rupees('Enter the amount you paid, in rupees'),
  method: z.enum(PAYMENT_NOTE_METHODS, { error: M.methodRequired }),
  reference: z.string({ error: M.referenceRequired }).trim().min(1, M.referenceRequired).max(PAYMENT_NOTE_REFERENCE_MAX, M.referenceShape),
  paidOn: z.string({ error: 'Enter the day you paid' }).trim(),
});

/**
 * An invoice shared with the client (docs/decisions/390, 392): its lines and taxes, what is paid
 * and owed, the PDF; paying it by UPI (a button on a phone, the QR on a larger screen, a part
 * within the UPI limit) or by bank transfer; and "I have paid" with the UTR, which the firm confirms.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const invoiceId = params.invoiceId ?? '';
  const asked = new URL(request.url).searchParams.get('amount');
  const part = asked ? parseRupees(asked) : null;
  const [portal, first] = await Promise.all([required(getPortal(request, token)), attempt(getPortalInvoice(request, token, invoiceId, part ?? undefined))]);
  // A part the limit refuses shows why, beside the invoice as it is.
  let partError: string | null = asked && part === null ? 'Enter an amount in rupees' : null;
  let invoice: PortalInvoiceReply['data'];
  if (first.ok) invoice = first.reply;
  else if (first.error.status === 400 && part) {
    partError = firstDetail(first.error);
    invoice = await required(getPortalInvoice(request, token, invoiceId));
  } else if (first.error.status === 403) throw redirect(provePath(token, portalInvoicePath(token, invoiceId)));
  else invoice = await required(Promise.reject(first.error));
  return json({ ...invoice, firm: portal.firm, proven: portal.proven, partError, today: isoDay(new Date(), zoneOf(portal.firm)) }, { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  const invoiceId = params.invoiceId ?? '';
  const here = portalInvoicePath(token, invoiceId);
  const formData = await readFormData(request);
  return submitForm(formData, {
    schema: PaidForm,
    failure: { fields: ['amount', 'method', 'reference', 'paidOn'] },
    send: async (v) => {
      const sent = await attempt(notePayment(request, token, invoiceId, { amount: v.amount, method: v.method, reference: v.reference.replace(/\s+/g, ''), paidOn: v.paidOn }));
      // The address is proved first; the form is sent again from the invoice afterwards.
      if (!sent.ok && sent.error.code === 'proof-required') throw redirect(provePath(token, `${here}#paid`));
      if (!sent.ok) throw sent.error;
      return sent.reply;
    },
    done: (reply) => redirectWithSuccess(`${here}#paid`, reply.message),
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function Pay({ data, token }: { data: Data; token: string }) {
  const { print } = data;
  const seller = print.invoice.seller;
  return (
    <section className="portal-card" aria-labelledby="pay-title" id="pay">
      <h2 id="pay-title">Pay {formatPaise(print.invoice.outstanding)}</h2>
      {print.upiUri ? (
        <>
          <a href={print.upiUri} className="button button-primary portal-upi-phone" data-testid="upi-button">
            Pay {formatPaise(print.upiAmount ?? 0)} by UPI
          </a>
          {/* The QR is drawn on the server from the same link (server/money/upi.ts): SVG text, no script. */}
          <figure className="portal-qr" aria-label={`UPI QR code for ${formatPaise(print.upiAmount ?? 0)}`} dangerouslySetInnerHTML={{ __html: print.qrSvg ?? '' }} />
        </>
      ) : print.upiOverLimit && seller?.upiId ? (
        <p>UPI takes at most {formatPaise(print.upiLimit)} at a time: pay a part by UPI below, or by bank transfer.</p>
      ) : null}
      {seller?.upiId ? (
        <Form method="get" action={`${portalInvoicePath(token, print.invoice.id)}#pay`} className="portal-form" aria-label="Pay a part by UPI">
          <label htmlFor="upi-part">Pay a part by UPI (₹, at most {formatPaise(Math.min(print.upiLimit, print.invoice.outstanding))})</label>
          <input id="upi-part" name="amount" inputMode="decimal" defaultValue={print.upiAmount && print.upiAmount !== print.invoice.outstanding ? paiseToDecimal(print.upiAmount) : ''} aria-invalid={data.partError ? true : undefined} aria-describedby={data.partError ? 'upi-part-error' : undefined} />
          {data.partError ? (
            <p className="portal-errors" id="upi-part-error" role="alert">
              {data.partError}
            </p>
          ) : null}
          <button type="submit" className="button button-secondary">
            Show the UPI link
          </button>
        </Form>
      ) : null}
      {seller?.bankAccountNumber ? (
        <dl className="portal-bank" data-testid="bank-details">
          <dt>Account name</dt>
          <dd>{seller.bankAccountName || seller.legalName}</dd>
          <dt>Account number</dt>
          <dd>{seller.bankAccountNumber}</dd>
          <dt>IFSC</dt>
          <dd>{seller.bankIfsc}</dd>
          <dt>Reference</dt>
          <dd>{print.invoice.number}</dd>
        </dl>
      ) : null}
    </section>
  );
}

function PaidNote({ data }: { data: Data }) {
  const failed = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm({ id: 'paid-note', lastResult: failed?.result ?? null, ...SERVER_VALIDATION });
  const suggested = data.print.upiAmount ?? data.print.invoice.outstanding;
  return (
    <Form method="post" className="portal-card portal-form" aria-labelledby="paid-title" {...getFormProps(form)}>
      <h2 id="paid-title">I have paid</h2>
      <p className="portal-muted">Tell {data.firm.name} what you paid. They confirm it, and its receipt appears here.</p>
      {form.errors?.length ? (
        <p className="portal-errors" role="alert" id={form.errorId}>
          {form.errors[0]}
        </p>
      ) : null}
      <label htmlFor={fields.amount.id}>Amount (₹)</label>
      <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="decimal" defaultValue={paiseToDecimal(suggested)} />
      {fields.amount.errors ? <p className="portal-errors" id={fields.amount.errorId}>{fields.amount.errors[0]}</p> : null}
      <label htmlFor={fields.method.id}>Paid by</label>
      <select {...getSelectProps(fields.method)} defaultValue="upi">
        <option value="upi">UPI</option>
        <option value="bank_transfer">Bank transfer</option>
      </select>
      {fields.method.errors ? <p className="portal-errors" id={fields.method.errorId}>{fields.method.errors[0]}</p> : null}
      <label htmlFor={fields.reference.id}>UPI reference (UTR) or bank reference</label>
      <input {...getInputProps(fields.reference, { type: 'text' })} autoComplete="off" maxLength={PAYMENT_NOTE_REFERENCE_MAX + 10} />
      {fields.reference.errors ? <p className="portal-errors" id={fields.reference.errorId}>{fields.reference.errors[0]}</p> : null}
      <label htmlFor={fields.paidOn.id}>Paid on</label>
      <input {...getInputProps(fields.paidOn, { type: 'date' })} defaultValue={data.today} max={data.today} />
      {fields.paidOn.errors ? <p className="portal-errors" id={fields.paidOn.errorId}>{fields.paidOn.errors[0]}</p> : null}
      <button type="submit" className="button button-primary">
        Tell {data.firm.name}
      </button>
    </Form>
  );
}

export default function PortalInvoice() {
  const data = useLoaderData<typeof loader>();
  const token = useParams().token ?? '';
  const { invoice } = data.print;
  const payable = invoice.kind === 'invoice' && invoice.outstanding > 0 && (invoice.status === 'issued' || invoice.status === 'part_paid');
  const tax = (invoice.cgst ?? 0) + (invoice.sgst ?? 0) + (invoice.igst ?? 0);
  return (
    <PortalFrame firmName={data.firm.name} home={portalPath(token)}>
      <p>
        <Link to={portalPath(token)}>← Everything from {data.firm.name}</Link>
      </p>
      <div>
        <p className="portal-muted">{data.print.title}</p>
        <h1>{invoice.number}</h1>
        <p className="portal-muted">
          {invoice.issueDate ? formatCalendarDay(invoice.issueDate) : ''}
          {invoice.projectName ? ` · ${invoice.projectName}` : ''}
          {invoice.dueDate ? ` · due ${formatCalendarDay(invoice.dueDate)}` : ''}
        </p>
      </div>
      <section className="portal-card" aria-labelledby="lines-title">
        <h2 id="lines-title">What it is for</h2>
        <table className="portal-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.description}
                  {l.quantity !== '1' ? <span className="portal-muted"> · {l.quantity} {l.unit === 'NA' ? '' : l.unit}</span> : null}
                </td>
                <td className="num">{formatPaise(l.taxable)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">GST</th>
              <td className="num">{formatPaise(tax)}</td>
            </tr>
            <tr>
              <th scope="row">Total</th>
              <td className="num" data-testid="portal-total">
                {formatPaise(invoice.total)}
              </td>
            </tr>
            {invoice.received ? (
              <tr>
                <th scope="row">Paid</th>
                <td className="num">{formatPaise(invoice.received)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">To pay</th>
              <td className="num" data-testid="portal-outstanding">
                {formatPaise(invoice.outstanding)}
              </td>
            </tr>
          </tfoot>
        </table>
        <a href={`${portalInvoicePath(token, invoice.id)}/pdf`} className="button button-secondary">
          Download the PDF
        </a>
      </section>
      {payable ? <Pay data={data} token={token} /> : null}
      {invoice.payments.length || data.notes.length ? (
        <section className="portal-card" aria-labelledby="payments-title" id="paid">
          <h2 id="payments-title">Your payments</h2>
          <ul className="portal-list">
            {invoice.payments.map((p) => (
              <li key={p.id} className="portal-item" data-testid="portal-payment">
                <div className="portal-item-head">
                  <span className="portal-amount">{formatPaise(p.amount + p.tds)}</span>
                  <span className="portal-status" data-status="paid">
                    Received
                  </span>
                </div>
                <p className="portal-muted">
                  {formatCalendarDay(p.paidOn)}
                  {p.reference ? ` · ${p.reference}` : ''}
                </p>
                <a href={`${portalInvoicePath(token, invoice.id)}/receipts/${p.id}`} className="button button-secondary">
                  Receipt {p.receiptNumber}
                </a>
              </li>
            ))}
            {data.notes
              .filter((n) => n.status !== 'confirmed')
              .map((n) => (
                <li key={n.id} className="portal-item" data-testid="portal-note">
                  <div className="portal-item-head">
                    <span className="portal-amount">{formatPaise(n.amount)}</span>
                    <span className="portal-status" data-status={n.status}>
                      {n.status === 'pending' ? 'Being confirmed' : 'Not confirmed'}
                    </span>
                  </div>
                  <p className="portal-muted">
                    {formatCalendarDay(n.paidOn)} · {n.reference}
                    {n.declineReason ? ` · ${data.firm.name}: ${n.declineReason}` : ''}
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      {/* Keyed by the part asked for, so its amount becomes the form's default after a client-side visit too. */}
      {payable ? <PaidNote key={data.print.upiAmount ?? 'all'} data={data} /> : null}
      {payable && !data.proven ? <p className="portal-muted">Before it is sent, we ask you to confirm it is you with a code by mail.</p> : null}
    </PortalFrame>
  );
}

export const ErrorBoundary = PortalError;
