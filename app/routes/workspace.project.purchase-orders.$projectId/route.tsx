import { getFormProps, useForm } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSubmit } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { ErrorList, Field, FormErrors } from '~/components/field';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { Toast } from '~/components/toast';
import { EmptyState } from '~/components/workspace/empty-state';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { getOrderCandidates, listPurchaseOrders } from '~/models/purchase-orders.server';
import { getSchedules } from '~/models/workspace-schedules.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import outputStyles from '~/styles/summary-output.css';
import ordersStyles from '~/styles/purchase-orders.css';
import { formatDay } from '../../../server/contract/dates';
import { useTimeZone } from '~/utils/time-zone';
import type { CandidatesReply, NewPurchaseOrderBody, PurchaseOrderListItem } from '../../../server/contract/purchase-orders';
import { PURCHASE_ORDER_MESSAGES, PURCHASE_ORDER_STATUS_LABELS } from '../../../server/contract/purchase-orders-rules';
import { formatPaise } from '../../../server/contract/money-text';
import { orderPath } from '~/utils/purchase-order-paths';
import { purchaseOrdersAction } from './actions.server';
import { orderChoices } from './order-choices';
import { IdempotencyField } from '~/components/invoices/invoice-forms';
import { formKeys as makeFormKeys } from '~/utils/idempotency.server';
import { attempt, asErrorResponse, required } from '~/utils/form-action.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Purchase orders — ${data.project.projectName}` : 'Purchase orders') },
  { name: 'description', content: "A project's purchase orders to suppliers, and a new one from its approved items." },
];

/**
 * A project's purchase orders (docs/decisions/285): the list, and a new
 * order from the approved items of a schedule (`?schedule={id}`, a GET form that works without
 * JavaScript) to a supplier. Trade prices: for anyone else the page says why it shows nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const scheduleId = new URL(request.url).searchParams.get('schedule');
  const sent = await attempt(Promise.all([listPurchaseOrders(request, projectId), getOrderCandidates(request, projectId, scheduleId)]));
  if (sent.ok) {
    const [list, candidates] = sent.reply;
    return json({ project: list.project, orders: list.orders, candidates, tradeOnly: false as const, formKey: makeFormKeys('raise').raise });
  }
  // Trade prices: the page says why it shows nothing rather than an error page.
  if (sent.error.status !== 403) throw asErrorResponse(sent.error);
  const { data } = await required(getSchedules(request, projectId));
  return json({ project: data.project, orders: [] as PurchaseOrderListItem[], candidates: null, tradeOnly: true as const, formKey: '' });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return purchaseOrdersAction(request, params.projectId ?? '');
}

function OrdersTable({ projectId, orders }: { projectId: string; orders: PurchaseOrderListItem[] }) {
  // An order's date is the firm's day (decision 331).
  const zone = useTimeZone();
  if (!orders.length) return <p className="po-note">No purchase orders yet.</p>;
  return (
    <TableScroll label="Purchase orders">
      <table className="so-table" data-testid="purchase-orders">
        <TableHead columns={['Number', 'Supplier', 'Date', 'Status', { label: 'Total', className: 'num' }]} />
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="purchase-order-row">
              <td data-label="Number">
                <Link to={orderPath(projectId, order.id)}>{order.number}</Link>
              </td>
              <td data-label="Supplier">{order.supplierName}</td>
              <td data-label="Date">{formatDay(order.issuedAt, zone)}</td>
              <td data-label="Status">
                <span className="po-status" data-status={order.status}>
                  {PURCHASE_ORDER_STATUS_LABELS[order.status]}
                </span>
              </td>
              <NumCell label="Total">{formatPaise(order.total)}</NumCell>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function NewOrder({ candidates, formKey }: { candidates: CandidatesReply['data']; formKey: string }) {
  const submit = useSubmit();
  const actionData = useActionData<typeof action>();
  const failed = actionData && 'result' in actionData ? actionData : null;
  const raising = useSubmittingIntent('raise');
  const [form, fields] = useForm<NewPurchaseOrderBody>({ id: 'new-order', lastResult: failed?.result, ...SERVER_VALIDATION });
  const { schedules, suppliers, scheduleId } = candidates;
  // Goods only, none ticked (decision 400): fees and services are not bought from a supplier.
  // A refused form keeps what the person chose (with JavaScript off the page is drawn anew).
  const chosen = new Set([fields.itemIds.initialValue].flat().filter((v): v is string => typeof v === 'string'));
  const items = orderChoices(candidates.items).map((item) => ({ ...item, ticked: chosen.has(item.id) }));
  return (
    <section className="po-card" aria-labelledby="new-order-title" data-testid="new-order">
      <h2 id="new-order-title">New purchase order</h2>
      {!candidates.billingReady ? <p className="po-note">{PURCHASE_ORDER_MESSAGES.noBillingProfile}</p> : null}
      {schedules.length ? (
        <Form method="get" className="po-choose" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}>
          <div className="field">
            <label htmlFor="order-schedule">Schedule</label>
            <select id="order-schedule" name="schedule" defaultValue={scheduleId ?? ''} key={scheduleId ?? ''}>
              {schedules.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary">
            Show approved items
          </button>
        </Form>
      ) : (
        <p className="po-note">This project has no schedules yet.</p>
      )}
      {scheduleId && !items.length ? <p className="po-note">No approved items with a quantity in this schedule: approve a section in its summary first.</p> : null}
      {!suppliers.length ? (
        <p className="po-note">
          No supplier yet: mark a contact as Supplier in the <Link to="/workspace/address-book">Address Book</Link>.
        </p>
      ) : null}
      {scheduleId && items.length && suppliers.length ? (
        <Form method="post" {...getFormProps(form)} data-testid="new-order-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.scheduleId.name} value={scheduleId} />
          <IdempotencyField value={formKey} />
          <Field label="Supplier" meta={fields.supplierId}>
            <select name={fields.supplierId.name} id={fields.supplierId.id} defaultValue={typeof fields.supplierId.initialValue === 'string' ? fields.supplierId.initialValue : ''} aria-invalid={fields.supplierId.errors ? true : undefined}>
              <option value="">Choose a supplier</option>
              {suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.company ? `${s.company} (${s.name})` : s.name}
                  {s.state ? ` · ${s.state}` : ''}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className="field" aria-describedby={fields.itemIds.errorId}>
            <legend>Approved items, at trade price</legend>
            <TableScroll label="Approved items, at trade price">
              <table className="so-table po-items">
                <TableHead columns={['Order', 'Item', { label: 'Qty', className: 'num' }, { label: 'Trade price', className: 'num' }]} />
                <tbody>
                  {items.map((item) => (
                    <tr key={item.id}>
                      <td data-label="Order">
                        <input type="checkbox" name={fields.itemIds.name} value={item.id} id={`item-${item.id}`} defaultChecked={item.ticked} aria-label={`Order ${item.title}`} />
                      </td>
                      <td className="po-item-cell">
                        <label htmlFor={`item-${item.id}`}>{item.title}</label>
                        <span className="so-sub">
                          {item.roomName} · {item.sectionTitle}
                        </span>
                        {item.orderedOn.length ? <span className="po-held">Already on {item.orderedOn.join(', ')}</span> : null}
                      </td>
                      <NumCell label="Qty">{item.quantity}</NumCell>
                      <NumCell label="Trade price">{formatPaise(item.tradePrice)}</NumCell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <ErrorList id={fields.itemIds.errorId} errors={fields.itemIds.errors} />
          </fieldset>
          <Field label="Notes for the supplier (optional)" meta={fields.notes}>
            <textarea name={fields.notes.name} id={fields.notes.id} rows={3} maxLength={2000} placeholder="Delivery address, dates, finishes" defaultValue={typeof fields.notes.initialValue === 'string' ? fields.notes.initialValue : ''} />
          </Field>
          <div className="po-form-actions">
            <button type="submit" name="intent" value="raise" className="button button-primary" disabled={raising} data-testid="raise-order">
              {raising ? 'Raising…' : 'Raise purchase order'}
            </button>
          </div>
        </Form>
      ) : null}
      <Toast toast={failed?.toast} />
    </section>
  );
}

export default function PurchaseOrders() {
  const { project, orders, candidates, tradeOnly, formKey } = useLoaderData<typeof loader>();
  return (
    <>
      <ProjectTabs project={project} description="Orders to suppliers for the approved items of this project's schedules, at trade price." />
      {tradeOnly || !candidates ? (
        <EmptyState title="Purchase orders show trade prices" icon="financial">
          {PURCHASE_ORDER_MESSAGES.tradeOnly}.
        </EmptyState>
      ) : (
        <div className="po-page">
          <section className="po-card" aria-labelledby="orders-title">
            <h2 id="orders-title">Orders</h2>
            <OrdersTable projectId={project.id} orders={orders} />
          </section>
          <NewOrder candidates={candidates} formKey={formKey} />
        </div>
      )}
    </>
  );
}
