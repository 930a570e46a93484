import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { SelectOptions } from '~/components/select-options';
import { TextField } from '~/components/text-field';
import { Toast } from '~/components/toast';
import { PageHeader } from '~/components/workspace/page-header';
import { getBillingProfile } from '~/models/billing.server';
import { listContacts } from '~/models/chat-book.server';
import { getFinancialOverview } from '~/models/summary-output.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import invoiceStyles from '~/styles/invoices.css';
import { chatBookSheets } from '~/styles/sheets';
import type { InvoiceCreateForm } from '../../../server/contract/invoices';
import { BILLING_DEFAULTS } from '../../../server/contract/billing-rules';
import { RateSelect } from '~/components/billing/tax-selects';
import { INVOICE_MESSAGES } from '../../../server/contract/invoices-rules';
import { newInvoiceAction } from './actions.server';
import { IdempotencyField } from '~/components/invoices/invoice-forms';
import { formKeys as makeFormKeys } from '~/utils/idempotency.server';
import { ApprovedPicker } from './approved-picker';
import { getApprovedSections } from '~/models/workspace-summary.server';
import type { z } from 'zod/v4';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'New invoice') }, { name: 'description', content: 'A draft invoice for a client.' }];
export const links: LinksFunction = () => [
  ...chatBookSheets,
  { rel: 'stylesheet', href: invoiceStyles },
];

/**
 * New invoice (docs/decisions/280): a client contact, and what to invoice: every
 * approved section of a schedule, a milestone (a percentage of them), or one free line (a design
 * fee). The draft opens next, where lines are added or removed before it is issued.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const query = new URL(request.url).searchParams;
  const project = query.get('projectId') ?? query.get('project');
  const [contacts, overview, profile] = await Promise.all([
    required(listContacts(request, { kind: 'client', limit: 100 })),
    required(getFinancialOverview(request, null)),
    required(getBillingProfile(request)),
  ]);
  const schedules = overview.data.rows.map((r) => ({ id: r.scheduleId, title: r.scheduleTitle, projectId: r.projectId, projectName: r.projectName }));
  // "Show its approved sections" sends the form here by GET: the chosen schedule's sections to tick, the rest kept.
  const scheduleId = query.get('scheduleId') ?? '';
  const sections = schedules.some((s) => s.id === scheduleId) ? await required(getApprovedSections(request, scheduleId)) : null;
  const chosen = { contactId: query.get('contactId') ?? '', scheduleId, what: sections ? 'chosen' : (query.get('what') ?? 'approved') };
  // One idempotency key per rendering of the form (decision 399): a double submit, or the browser's retry, makes one draft.
  return json({ formKey: makeFormKeys('create').create, clients: contacts.contacts.map((c) => ({ id: c.id, name: c.company ? `${c.name} (${c.company})` : c.name })), projects: overview.data.projects, schedules, project, chosen, sections, hasProfile: profile !== null, defaultRate: profile?.itemTaxes.financial.rateBp ?? BILLING_DEFAULTS.rateBp });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return newInvoiceAction(request);
}

export default function NewInvoicePage() {
  const { clients, projects, schedules, project, chosen, sections, hasProfile, defaultRate, formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && 'result' in actionData ? actionData : null;
  const saving = useSubmittingIntent(undefined);
  const [form, fields] = useForm<z.input<typeof InvoiceCreateForm>>({
    // A new id after "Show its approved sections" (a GET of this page) makes conform take the new defaults.
    id: chosen.scheduleId ? `invoice-form-${chosen.scheduleId}` : 'invoice-form',
    lastResult: failed?.result,
    defaultValue: { ...chosen, projectId: project ?? '', rateBp: defaultRate, milestonePercent: '30' } as z.input<typeof InvoiceCreateForm>,
    ...SERVER_VALIDATION,
  });
  const choices = [
    { value: 'approved', label: "The schedule's approved sections" },
    { value: 'chosen', label: 'Chosen approved sections or items (Show them above)' },
    { value: 'milestone', label: 'A milestone: a percentage of the approved sections' },
    { value: 'line', label: 'One line: a design fee, a site visit' },
  ];
  return (
    <>
      <PageHeader title="New invoice" description="A draft you can change until you issue it." actions={<Link to="/workspace/invoices" className="button button-ghost">Back to invoices</Link>} />
      {!hasProfile ? (
        <p className="form-errors" role="alert">
          {INVOICE_MESSAGES.profileMissing}: <Link to="/workspace/setting/billing">Billing profile</Link>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="cb-settings" data-testid="invoice-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <IdempotencyField value={formKey} />
        <section className="cb-card">
          <h2>Client and project</h2>
          <Field label="Client" meta={fields.contactId} hint={clients.length ? 'Contacts marked Client in the Address Book.' : 'Mark a contact as Client in the Address Book first.'}>
            <select {...getSelectProps(fields.contactId)}>
              <SelectOptions placeholder="Choose a client" options={clients.map((c) => ({ value: c.id, label: c.name }))} />
            </select>
          </Field>
          <Field label="Project" meta={fields.projectId} hint="Taken from the schedule when you choose one.">
            <select {...getSelectProps(fields.projectId)}>
              <SelectOptions placeholder="No project" options={projects.map((p) => ({ value: p.id, label: p.projectName }))} />
            </select>
          </Field>
          <Field label="Schedule" meta={fields.scheduleId}>
            <select {...getSelectProps(fields.scheduleId)}>
              <SelectOptions placeholder="No schedule" options={schedules.map((s) => ({ value: s.id, label: `${s.projectName}: ${s.title}` }))} />
            </select>
          </Field>
          <button type="submit" formMethod="get" formNoValidate className="button button-ghost" data-testid="show-sections">
            Show its approved sections
          </button>
        </section>
        <section className="cb-card">
          <h2>What to invoice</h2>
          <fieldset className="iv-choice">
            <legend className="visually-hidden">What to invoice</legend>
            {choices.map((c) => (
              <label key={c.value}>
                {/* conform gives every radio of a field the same id; ids must be unique in the page. */}
                <input {...getInputProps(fields.what, { type: 'radio', value: c.value })} id={`${fields.what.id}-${c.value}`} /> {c.label}
              </label>
            ))}
          </fieldset>
          {sections ? <ApprovedPicker sections={sections} sectionIds={fields.sectionIds} itemIds={fields.itemIds} /> : null}
          <TextField label="Milestone (%)" meta={fields.milestonePercent} inputMode="decimal" hint="For a milestone: 30 invoices 30 % of the approved sections." />
          <TextField label="Line description" meta={fields.description} hint="For one line." />
          <TextField label="Amount (₹, before GST)" meta={fields.amount} inputMode="decimal" placeholder="25,000" />
          <RateSelect meta={fields.rateBp} />
          <TextField label="HSN/SAC code" meta={fields.hsnSac} inputMode="numeric" hint="Optional: 4, 6 or 8 digits." />
        </section>
        <section className="cb-card">
          <h2>Reminder and notes</h2>
          <TextField label="Reminder (days after the due date)" meta={fields.reminderDays} type="number" min={0} max={365} hint="Leave blank for no reminder mail." />
          <Field label="Notes printed on the invoice" meta={fields.notes}>
            <textarea {...getTextareaProps(fields.notes)} rows={3} />
          </Field>
        </section>
        <PanelActions busy={saving} label="Create draft" busyLabel="Creating…" testId="create-invoice" />
      </Form>
      <Toast toast={failed?.toast} />
    </>
  );
}
