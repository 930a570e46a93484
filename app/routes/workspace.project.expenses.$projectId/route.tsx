import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { Field, FormErrors } from '~/components/field';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { Toast } from '~/components/toast';
import { EmptyState } from '~/components/workspace/empty-state';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { billExpenses, getExpenses, markExpenseReimbursed, recordExpense, removeExpense } from '~/models/expenses.server';
import { getSchedules } from '~/models/workspace-schedules.server';
import { readFormData } from '~/utils/form-data.server';
import { asErrorResponse, attempt, redirectAfter, redirectFailure, required, submitForm } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { dispatchIntent } from '~/utils/intent.server';
import { pageTitle } from '~/utils/product';
import { redirectWithSuccess } from '~/utils/toast.server';
import ordersStyles from '~/styles/purchase-orders.css';
import outputStyles from '~/styles/summary-output.css';
import timeStyles from '~/styles/time.css';
import { formatCalendarDay } from '../../../server/contract/dates';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, ExpenseForm, type ExpensesReply } from '../../../server/contract/expenses';
import { formatShare } from '../../../server/contract/fees-rules';
import { formatPaise } from '../../../server/contract/money-text';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: ordersStyles },
  { rel: 'stylesheet', href: timeStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Expenses — ${data.project.projectName}` : 'Expenses') },
  { name: 'description', content: "A project's expenses: what was spent, the GST paid, who is owed it, and billing the billable ones." },
];

const expensesPath = (projectId: string) => `/workspace/project/expenses/${encodeURIComponent(projectId)}`;

/**
 * A project's expenses (docs/decisions/374): every form posts and redirects back, so it works
 * without JavaScript. The receipt is a file of the project, uploaded on its Files tab. Expenses
 * are financials: for anyone else the page says why it shows nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const sent = await attempt(getExpenses(request, projectId));
  if (sent.ok) return json({ data: sent.reply, project: sent.reply.project });
  if (sent.error.status !== 403) throw asErrorResponse(sent.error);
  const { data } = await required(getSchedules(request, projectId));
  return json({ data: null, project: data.project });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const here = expensesPath(projectId);
  const formData = await readFormData(request);
  const expenseId = String(formData.get('expenseId') ?? '');
  return dispatchIntent(formData, {
    record: (f) =>
      submitForm(f, {
        schema: ExpenseForm,
        intent: 'record',
        failure: { rename: { markupBp: 'markup' } },
        send: (v) => recordExpense(request, projectId, { ...v, markupBp: v.markup }),
        done: (reply) => redirectWithSuccess(here, reply.message),
      }),
    remove: () => redirectAfter(removeExpense(request, projectId, expenseId), here, (r) => r.message),
    reimbursed: () => redirectAfter(markExpenseReimbursed(request, projectId, expenseId), here, (r) => r.message),
    bill: async (f) => {
      const sent = await attempt(billExpenses(request, projectId, { contactId: String(f.get('contactId') ?? '') || null }));
      if (!sent.ok) return redirectFailure(sent.error, here);
      return redirectWithSuccess(`/workspace/invoices/${encodeURIComponent(sent.reply.data.invoiceId)}`, sent.reply.message);
    },
  });
}

type Data = ExpensesReply['data'];

function RecordForm({ data }: { data: Data }) {
  const failed = (useActionData<typeof action>() as { intent?: string; result?: SubmissionResult<string[]>; toast?: { type: 'error'; message: string } } | undefined) ?? undefined;
  const mine = failed?.intent === 'record' ? failed : undefined;
  const [form, fields] = useForm({ id: 'expense-new', lastResult: mine?.result, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Record an expense" className="time-form" data-testid="expense-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Day" meta={fields.spentOn}>
        <input type="date" name={fields.spentOn.name} id={fields.spentOn.id} defaultValue={data.today} max={data.today} />
      </Field>
      <Field label="What for" meta={fields.category}>
        <select name={fields.category.name} id={fields.category.id} defaultValue="travel">
          {EXPENSE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {EXPENSE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Supplier (optional)" meta={fields.supplier}>
        <input name={fields.supplier.name} id={fields.supplier.id} maxLength={120} />
      </Field>
      <Field label="Amount before GST, ₹" meta={fields.amount}>
        <input name={fields.amount.name} id={fields.amount.id} inputMode="decimal" />
      </Field>
      <Field label="GST paid, ₹" meta={fields.gst}>
        <input name={fields.gst.name} id={fields.gst.id} inputMode="decimal" />
      </Field>
      <Field label="Paid by" meta={fields.paidBy}>
        <select name={fields.paidBy.name} id={fields.paidBy.id} defaultValue="">
          <option value="">The firm</option>
          {data.people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} (to reimburse)
            </option>
          ))}
        </select>
      </Field>
      <Field label="Receipt (a file of this project)" meta={fields.receiptFileId}>
        <select name={fields.receiptFileId.name} id={fields.receiptFileId.id} defaultValue="">
          <option value="">No receipt</option>
          {data.receipts.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="field">
        <label>
          <input type="checkbox" name="billable" /> Billable to the client
        </label>
      </div>
      <Field label="Markup, % (when billable)" meta={fields.markup}>
        <input name={fields.markup.name} id={fields.markup.id} inputMode="decimal" />
      </Field>
      <button type="submit" name="intent" value="record" className="button button-primary">
        Record expense
      </button>
      <Toast toast={mine?.toast} />
    </Form>
  );
}

function ExpenseTable({ data }: { data: Data }) {
  if (!data.expenses.length) return <p className="po-note">No expenses recorded on this project yet.</p>;
  return (
    <TableScroll label="Expenses">
      <table className="so-table" data-testid="expenses">
        <TableHead columns={['Day', 'For', 'Supplier', { label: 'Amount', className: 'num' }, { label: 'GST', className: 'num' }, 'Paid by', 'Billed at', 'Receipt']} actions />
        <tbody>
          {data.expenses.map((e) => (
            <tr key={e.id} data-testid="expense">
              <td data-label="Day">{formatCalendarDay(e.spentOn)}</td>
              <td data-label="For">{EXPENSE_CATEGORY_LABELS[e.category]}</td>
              <td data-label="Supplier">{e.supplier || '—'}</td>
              <NumCell label="Amount">{formatPaise(e.amount)}</NumCell>
              <NumCell label="GST">{formatPaise(e.gst)}</NumCell>
              <td data-label="Paid by">{e.paidBy ? `${e.paidBy.name}${e.reimbursed ? ' (reimbursed)' : ' (owed)'}` : 'The firm'}</td>
              <td data-label="Billed at">{e.billable ? `${formatPaise(e.billedAmount)}${e.markupBp ? ` (+${formatShare(e.markupBp)})` : ''}${e.billed ? ', billed' : ''}` : 'Not billable'}</td>
              <td data-label="Receipt">{e.receipt ? <a href={`/workspace/project/file/${encodeURIComponent(e.receipt.id)}`}>{e.receipt.name}</a> : '—'}</td>
              <td>
                <Form method="post" className="po-choose">
                  <input type="hidden" name="expenseId" value={e.id} />
                  {e.paidBy && !e.reimbursed ? (
                    <button type="submit" name="intent" value="reimbursed" className="button button-secondary">
                      Mark reimbursed
                    </button>
                  ) : null}
                  {!e.billed ? (
                    <button type="submit" name="intent" value="remove" className="button button-secondary" aria-label={`Remove the expense of ${formatCalendarDay(e.spentOn)}`}>
                      Remove
                    </button>
                  ) : null}
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export default function Expenses() {
  const { data, project } = useLoaderData<typeof loader>();
  return (
    <>
      <ProjectTabs project={project} description="What was spent on this project, who is owed it, and what is billed to the client." />
      {!data ? (
        <EmptyState title="Expenses are financials" icon="financial">
          Only the firm and its sub-admins can see and record expenses.
        </EmptyState>
      ) : (
        <div className="po-page">
          <section className="po-card" aria-labelledby="expense-new-title">
            <h2 id="expense-new-title">Record an expense</h2>
            <RecordForm data={data} />
          </section>
          <section className="po-card" aria-labelledby="expense-list-title">
            <h2 id="expense-list-title">Expenses</h2>
            <p data-testid="expense-totals">
              Spent {formatPaise(data.totals.amount)} before GST (GST paid {formatPaise(data.totals.gst)}) · owed to people {formatPaise(data.totals.toReimburse)} · ready to bill {formatPaise(data.totals.readyToBill)}
            </p>
            <ExpenseTable data={data} />
            {data.totals.readyToBill > 0 ? (
              <Form method="post" className="time-form" aria-label="Bill the billable expenses">
                <div className="field">
                  <label htmlFor="expense-client">Client</label>
                  <select id="expense-client" name="contactId" defaultValue={data.contactId ?? ''}>
                    <option value="">Choose a client</option>
                    {data.clients.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value="bill" className="button button-primary" data-testid="bill-expenses">
                  Draft the expense invoice
                </button>
              </Form>
            ) : null}
          </section>
        </div>
      )}
    </>
  );
}
