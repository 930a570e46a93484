import { getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { Toast } from '~/components/toast';
import { PageHeader } from '~/components/workspace/page-header';
import { getBillingProfile } from '~/models/billing.server';
import { stateNames } from '~/utils/places.server';
import { guarded } from '~/utils/showcase.server';
import { required } from '~/utils/form-action.server';
import { chatBookSheets } from '~/styles/sheets';
import type { BillingProfileBody } from '../../../server/contract/billing';
import { BILLING_DEFAULTS, formatRate, GST_RATES_BP, PRICED_ITEM_TYPE_LABELS, PRICED_ITEM_TYPES } from '../../../server/contract/billing-rules';
import { billingAction } from './actions.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

export const meta: MetaFunction = () => [{ title: 'Billing profile — Archivista' }, { name: 'description', content: "The firm's legal name, GSTIN, bank account and invoice settings." }];
export const links: LinksFunction = () => chatBookSheets;

/**
 * Setting → Billing profile (issue 28 item 3, docs/decisions/256): what the firm's proposals and
 * tax invoices print (legal name, address, state of supply, GSTIN, PAN, bank account, UPI ID), how
 * invoices are numbered, payment and proposal terms, and the default GST rate and HSN/SAC code per
 * priced item type. The firm and its sub-admins only: a plain employee gets the api's 403.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, profile] = await guarded(
    requireWorkspaceUser(request),
    required(getBillingProfile(request)),
  );
  return json({ profile, states: stateNames('India'), firmName: user.firmName ?? user.userName });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return billingAction(request);
}

export default function BillingProfilePage() {
  const { profile, states, firmName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && 'result' in actionData ? actionData : null;
  const saving = useSubmittingIntent('save');
  const [form, fields] = useForm<BillingProfileBody>({
    id: 'billing-form',
    lastResult: failed?.result,
    defaultValue: profile ?? {
      legalName: firmName,
      paymentTermsDays: BILLING_DEFAULTS.paymentTermsDays,
      proposalValidityDays: BILLING_DEFAULTS.proposalValidityDays,
      itemTaxes: Object.fromEntries(PRICED_ITEM_TYPES.map((type) => [type, { rateBp: BILLING_DEFAULTS.rateBp, hsnSac: '' }])),
    },
    ...SERVER_VALIDATION,
  });
  const taxes = fields.itemTaxes.getFieldset();

  return (
    <>
      <PageHeader
        title="Billing profile"
        description="What your proposals and tax invoices print, and how invoices are numbered."
        actions={
          <Link to="/workspace/setting" className="button button-ghost">
            Back to Setting
          </Link>
        }
      />
      <Form method="post" {...getFormProps(form)} className="cb-settings" data-testid="billing-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <section className="cb-card" aria-labelledby="billing-firm-title">
          <h2 id="billing-firm-title">The firm</h2>
          <TextField label="Legal name" meta={fields.legalName} autoComplete="organization" />
          <Field label="Address" meta={fields.address}>
            <textarea {...getTextareaProps(fields.address)} rows={3} autoComplete="street-address" />
          </Field>
          <Field label="State (place of supply)" meta={fields.state} hint="Clients in this state are charged CGST + SGST; clients elsewhere IGST.">
            <select {...getSelectProps(fields.state)}>
              <option value="">Choose a state</option>
              {states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <TextField label="GSTIN" meta={fields.gstin} hint="15 characters, like 27AAPFU0939F1ZV. Leave blank when the firm is not registered for GST." autoComplete="off" maxLength={20} />
          <TextField label="PAN" meta={fields.pan} hint="10 characters; the one inside the GSTIN." autoComplete="off" maxLength={12} />
        </section>

        <section className="cb-card" aria-labelledby="billing-bank-title">
          <h2 id="billing-bank-title">Payments</h2>
          <TextField label="Account name" meta={fields.bankAccountName} autoComplete="off" />
          <TextField label="Account number" meta={fields.bankAccountNumber} inputMode="numeric" autoComplete="off" />
          <TextField label="IFSC" meta={fields.bankIfsc} autoComplete="off" maxLength={14} />
          <TextField label="UPI ID" meta={fields.upiId} hint="Invoices print a QR code that pays this ID." autoComplete="off" placeholder="name@bank" />
          <TextField label="Payment terms (days)" meta={fields.paymentTermsDays} type="number" min={0} max={365} hint="An invoice is due this many days after its date." />
        </section>

        <section className="cb-card" aria-labelledby="billing-documents-title">
          <h2 id="billing-documents-title">Invoices and proposals</h2>
          <TextField label="Invoice number prefix" meta={fields.invoicePrefix} hint="1 to 5 capital letters or digits: MSA gives MSA/2026-27/0001." autoComplete="off" maxLength={5} />
          <TextField label="Proposal validity (days)" meta={fields.proposalValidityDays} type="number" min={1} max={365} />
          <Field label="Proposal terms" meta={fields.proposalTerms}>
            <textarea {...getTextareaProps(fields.proposalTerms)} rows={4} />
          </Field>
          <h3>GST by item type</h3>
          {PRICED_ITEM_TYPES.map((type) => {
            const tax = taxes[type].getFieldset();
            return (
              <div key={type} className="ws-form-pair" data-testid={`item-tax-${type}`}>
                <Field label={`${PRICED_ITEM_TYPE_LABELS[type]}: GST rate`} meta={tax.rateBp}>
                  <select {...getSelectProps(tax.rateBp)}>
                    {GST_RATES_BP.map((bp) => (
                      <option key={bp} value={bp}>
                        {formatRate(bp)}
                      </option>
                    ))}
                  </select>
                </Field>
                <TextField label={`${PRICED_ITEM_TYPE_LABELS[type]}: HSN/SAC code`} meta={tax.hsnSac} inputMode="numeric" autoComplete="off" hint="Optional: 4, 6 or 8 digits." />
              </div>
            );
          })}
        </section>
        <PanelActions intent="save" busy={saving} label="Save billing profile" busyLabel="Saving…" testId="save-billing" />
      </Form>
      <Toast toast={failed?.toast} />
    </>
  );
}
