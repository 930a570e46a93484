import { getFormProps, useForm } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { ErrorList, FormErrors } from '~/components/field';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { Toast } from '~/components/toast';
import { PageHeader } from '~/components/workspace/page-header';
import { getPurchaseOrder } from '~/models/purchase-orders.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import outputStyles from '~/styles/summary-output.css';
import ordersStyles from '~/styles/purchase-orders.css';
import { formatRate } from '../../../server/contract/billing-rules';
import { formatDateTime, formatDay } from '../../../server/contract/dates';
import { useTimeZone } from '~/utils/time-zone';
import type { PurchaseOrderJson, ReceiveBody } from '../../../server/contract/purchase-orders';
import { canDo, PURCHASE_ORDER_STATUS_LABELS } from '../../../server/contract/purchase-orders-rules';
import { formatPaise } from '../../../server/contract/money-text';
import { orderPath, ordersPath } from '~/utils/purchase-order-paths';
import { purchaseOrderAction } from './actions.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Purchase order ${data.order.number}` : 'Purchase order') },
  { name: 'description', content: 'A purchase order to a supplier: its lines at trade price, what has arrived, its PDF and mail.' },
];


/**
 * One purchase order (docs/decisions/285): supplier, lines at trade price with
 * GST, the received quantity per line (one form, without JavaScript too), Acknowledge, Cancel,
 * the PDF and Mail to supplier.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const order = await required(getPurchaseOrder(request, params.orderId ?? ''));
  // The order must be of the project the path names (a link edited by hand finds nothing).
  if (order.projectId !== params.projectId) throw json({ message: 'Purchase order not found' }, { status: 404 });
  return json({ order });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return purchaseOrderAction(request, params.orderId ?? '', orderPath(params.projectId ?? '', params.orderId ?? ''));
}

/** A status change: a one-button form that posts `intent`, its button disabled (and `busyLabel`) while it posts. */
function IntentForm({ intent, className, testId, label, busyLabel = label }: { intent: string; className: string; testId: string; label: string; busyLabel?: string }) {
  const busy = useSubmittingIntent(intent);
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={className} disabled={busy} data-testid={testId}>
        {busy ? busyLabel : label}
      </button>
    </Form>
  );
}

function StatusButtons({ order }: { order: PurchaseOrderJson }) {
  return (
    <div className="po-actions">
      <a href={`${orderPath(order.projectId, order.id)}/pdf`} className="button button-secondary" target="_blank" rel="noreferrer" data-testid="order-pdf">
        PDF
      </a>
      {canDo('mail', order.status) && order.supplier.email ? (
        <IntentForm intent="mail" className="button button-secondary" testId="mail-order" label={order.mailedAt ? 'Mail again' : 'Mail to supplier'} busyLabel="Mailing…" />
      ) : null}
      {canDo('acknowledge', order.status) ? (
        <IntentForm intent="acknowledge" className="button button-secondary" testId="acknowledge-order" label="Mark acknowledged" />
      ) : null}
      {canDo('cancel', order.status) ? <IntentForm intent="cancel" className="button button-ghost so-revoke" testId="cancel-order" label="Cancel order" /> : null}
    </div>
  );
}

function Lines({ order }: { order: PurchaseOrderJson }) {
  const actionData = useActionData<typeof action>();
  const failed = actionData && 'result' in actionData && actionData.intent === 'receive' ? actionData : null;
  const saving = useSubmittingIntent('receive');
  // The lines as the form's default, so each line's field (and its error) exists before any reply.
  const defaultValue = { lines: order.lines.map((l) => ({ lineId: l.id, receivedQuantity: String(l.receivedQuantity) })) };
  const [form, fields] = useForm<ReceiveBody>({ id: 'receive-form', lastResult: failed?.result, defaultValue, ...SERVER_VALIDATION });
  const lineFields = fields.lines.getFieldList();
  const receiving = canDo('receive', order.status);
  return (
    <Form method="post" {...getFormProps(form)} data-testid="receive-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TableScroll label="Order lines">
        <table className="so-table" data-testid="order-lines">
          <TableHead columns={['Item', { label: 'Qty', className: 'num' }, { label: 'Rate', className: 'num' }, { label: 'GST', className: 'num' }, { label: 'Total', className: 'num' }, { label: 'Received', className: 'num' }]} />
          <tbody>
            {order.lines.map((line, index) => {
              const meta = lineFields[index]?.getFieldset();
              const name = `lines[${index}]`;
              return (
                <tr key={line.id} data-testid="order-line">
                  <td data-label="Item">
                    {line.title}
                    {line.hsnSac ? <span className="so-sub">HSN/SAC {line.hsnSac}</span> : null}
                  </td>
                  <NumCell label="Qty">{line.quantity}</NumCell>
                  <NumCell label="Rate">{formatPaise(line.unitPrice)}</NumCell>
                  <NumCell label="GST">
                    {formatPaise(line.tax)}
                    <span className="so-sub">{formatRate(line.rateBp)}</span>
                  </NumCell>
                  <NumCell label="Total">{formatPaise(line.total)}</NumCell>
                  <NumCell label="Received">
                    <input type="hidden" name={`${name}.lineId`} value={line.id} />
                    {receiving ? (
                      <>
                        <input
                          className="po-received"
                          type="number"
                          min={0}
                          step={1}
                          name={`${name}.receivedQuantity`}
                          defaultValue={line.receivedQuantity}
                          aria-label={`Received of ${line.title}`}
                          aria-invalid={meta?.receivedQuantity.errors ? true : undefined}
                          data-testid="received-quantity"
                        />
                        <ErrorList id={meta?.receivedQuantity.errorId} errors={meta?.receivedQuantity.errors} />
                      </>
                    ) : (
                      line.receivedQuantity
                    )}
                  </NumCell>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <dl className="po-totals">
        <dt>Amount before GST</dt>
        <dd>{formatPaise(order.taxable)}</dd>
        {order.supply === 'intra' ? (
          <>
            <dt>CGST</dt>
            <dd>{formatPaise(order.cgst)}</dd>
            <dt>SGST</dt>
            <dd>{formatPaise(order.sgst)}</dd>
          </>
        ) : (
          <>
            <dt>IGST</dt>
            <dd>{formatPaise(order.igst)}</dd>
          </>
        )}
        <dt className="po-grand">Total</dt>
        <dd className="po-grand">{formatPaise(order.total)}</dd>
      </dl>
      {receiving ? (
        <div className="po-form-actions">
          <button type="submit" name="intent" value="receive" className="button button-primary" disabled={saving} data-testid="save-received">
            {saving ? 'Saving…' : 'Save received quantities'}
          </button>
        </div>
      ) : null}
    </Form>
  );
}

export default function PurchaseOrderPage() {
  const { order } = useLoaderData<typeof loader>();
  // The order's dates in the firm's time zone (decision 331).
  const zone = useTimeZone();
  const actionData = useActionData<typeof action>();
  const toast = actionData && 'toast' in actionData ? actionData.toast : null;
  return (
    <>
      <PageHeader
        title={`Purchase order ${order.number}`}
        description={
          <>
            {order.supplierName} · {formatDay(order.issuedAt, zone)} · <Link to={ordersPath(order.projectId)}>{order.projectName}</Link>
          </>
        }
        actions={
          <span className="po-status" data-status={order.status} data-testid="order-status">
            {PURCHASE_ORDER_STATUS_LABELS[order.status]}
          </span>
        }
      />
      <div className="po-page">
        <StatusButtons order={order} />
        <section className="po-card po-parties" aria-label="Supplier and notes">
          <div>
            <h2>Supplier</h2>
            <p>{order.supplier.name}</p>
            {order.supplier.address ? <p>{order.supplier.address}</p> : null}
            {order.supplier.state ? <p>{order.supplier.state}</p> : null}
            {order.supplier.gstin ? <p>GSTIN {order.supplier.gstin}</p> : null}
            <p>{order.supplier.email || 'No email address: add one in the Address Book to mail the order.'}</p>
            {order.mailedAt ? <p className="po-held">Mailed {formatDateTime(order.mailedAt, zone)}</p> : null}
          </div>
          {order.notes ? (
            <div>
              <h2>Notes</h2>
              <p>{order.notes}</p>
            </div>
          ) : null}
        </section>
        <section className="po-card" aria-labelledby="lines-title">
          <h2 id="lines-title">Lines</h2>
          <Lines order={order} />
        </section>
      </div>
      <Toast toast={toast} />
    </>
  );
}
