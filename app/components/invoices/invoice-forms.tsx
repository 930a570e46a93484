import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { BILLING_DEFAULTS } from '../../../server/contract/billing-rules';
import { RateSelect, UnitSelect } from '~/components/billing/tax-selects';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../server/contract/invoices-rules';
import { paiseToDecimal } from '../../../server/contract/money-text';
import { TDS_RATES_BP, TDS_SECTIONS } from '../../../server/contract/tds-rules';
import type { InvoiceLine } from '../../../server/contract/invoices';
import { VersionField, type WithStale } from '~/components/record-version';

/** The forms of an invoice's page (plain posts with an intent; the server checks every field). */

type Last = SubmissionResult<string[]> | undefined;

export function AddLineForm({ lastResult }: { lastResult: Last }) {
  const busy = useSubmittingIntent('addLine');
  const [form, fields] = useForm<{ description: string; quantity: string; unit: string; unitPrice: string; rateBp: number; hsnSac: string }>({ id: 'add-line', lastResult, defaultValue: { quantity: '1', rateBp: BILLING_DEFAULTS.rateBp }, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} className="iv-card" data-testid="add-line-form">
      <h2>Add a line</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Description" meta={fields.description} />
      <TextField label="Quantity" meta={fields.quantity} inputMode="decimal" hint="Up to three decimals: 12.5 m, 3.25 sq m" />
      <UnitSelect meta={fields.unit} />
      <TextField label="Unit price (₹, before GST)" meta={fields.unitPrice} inputMode="decimal" />
      <RateSelect meta={fields.rateBp} />
      <TextField label="HSN/SAC code" meta={fields.hsnSac} inputMode="numeric" />
      <PanelActions intent="addLine" busy={busy} label="Add line" busyLabel="Adding…" variant="ghost" testId="add-line" />
    </Form>
  );
}

/**
 * A draft line's HSN/SAC, unit and quantity (CGST rule 46(f)–(g); decision 382), from the draft's
 * version on this page (docs/decisions/320): folded under the line's Edit, open again after a
 * refused save with what was typed. A plain post: it works without JavaScript.
 */
export function EditLineForm({ line, version, lastResult, stale }: { line: InvoiceLine; version: number; lastResult: Last; stale?: WithStale }) {
  const busy = useSubmittingIntent('editLine');
  const [form, fields] = useForm<{ hsnSac: string; unit: string; quantity: string }>({ id: `edit-line-${line.id}`, lastResult, defaultValue: { hsnSac: line.hsnSac, unit: line.unit, quantity: line.quantity }, ...SERVER_VALIDATION });
  return (
    // Keyed by the version: after a saved change it comes back folded, as without JavaScript.
    <details key={version} className="iv-edit-line" open={lastResult ? true : undefined} data-testid="edit-line">
      <summary aria-label={`Edit ${line.description}`}>Edit</summary>
      <Form method="post" {...getFormProps(form)} data-testid="edit-line-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="lineId" value={line.id} />
        <VersionField read={version} actionData={stale} />
        <TextField label="HSN/SAC code" meta={fields.hsnSac} inputMode="numeric" hint="Empty for a service: the firm's SAC" />
        <UnitSelect meta={fields.unit} />
        <TextField label="Quantity" meta={fields.quantity} inputMode="decimal" />
        <PanelActions intent="editLine" busy={busy} label="Save line" busyLabel="Saving…" variant="ghost" testId="save-line" />
      </Form>
    </details>
  );
}

/** A money form's idempotency key (decision 399): made by the loader, the same for every submit of this rendering. */
export function IdempotencyField({ value }: { value: string }) {
  return <input type="hidden" name="idempotencyKey" value={value} />;
}

export function PaymentForm({ outstanding, today, issueDate, lastResult, formKey }: { outstanding: number; today: string; issueDate: string | null; lastResult: Last; formKey: string }) {
  const busy = useSubmittingIntent('payment');
  const [form, fields] = useForm<{ paidOn: string; amount: string; method: string; reference: string; tds: string; tdsRateBp: string; tdsSection: string; tdsTan: string }>({ id: 'payment', lastResult, defaultValue: { paidOn: today, amount: paiseToDecimal(outstanding), method: 'upi' }, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} className="iv-card" data-testid="payment-form">
      <h2>Record a payment</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <IdempotencyField value={formKey} />
      {/* The picker offers only the days the api takes (decision 331); the api's message shows here otherwise. */}
      <TextField label="Date received" meta={fields.paidOn} type="date" min={issueDate ?? undefined} max={today} />
      <TextField label="Amount (₹)" meta={fields.amount} inputMode="decimal" />
      <Field label="Method" meta={fields.method}>
        <select {...getSelectProps(fields.method)}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </Field>
      <TextField label="Reference" meta={fields.reference} hint="UTR, cheque number…" />
      {/* What the client deducted as TDS settles the invoice with what arrived: never a credit note (decision 415). */}
      <fieldset className="iv-fieldset">
        <legend>TDS deducted by the client</legend>
        <TextField label="TDS deducted (₹)" meta={fields.tds} inputMode="decimal" hint="Leave empty when none was deducted; the invoice settles on the amount received plus this." />
        <Field label="TDS rate" meta={fields.tdsRateBp}>
          <select {...getSelectProps(fields.tdsRateBp)}>
            <option value="">As stated on the certificate</option>
            {TDS_RATES_BP.map((bp) => (
              <option key={bp} value={bp}>
                {bp / 100} %
              </option>
            ))}
          </select>
        </Field>
        <Field label="Section" meta={fields.tdsSection}>
          <select {...getSelectProps(fields.tdsSection)}>
            <option value="">By the date (194J before 1 April 2026, 393 from then)</option>
            {TDS_SECTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <TextField label="Client's TAN" meta={fields.tdsTan} hint="When known, e.g. MUMA12345B" autoCapitalize="characters" />
      </fieldset>
      <PanelActions intent="payment" busy={busy} label="Record payment" busyLabel="Recording…" testId="record-payment" />
    </Form>
  );
}

export function CreditNoteForm({ rates, lastResult, formKey }: { rates: number[]; lastResult: Last; formKey: string }) {
  const busy = useSubmittingIntent('creditNote');
  const [form, fields] = useForm<{ reason: string; amount: string; rateBp: number }>({ id: 'credit-note', lastResult, defaultValue: { rateBp: rates[0] }, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} className="iv-card" data-testid="credit-note-form">
      <h2>Credit note</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <IdempotencyField value={formKey} />
      <TextField label="Reason" meta={fields.reason} />
      <TextField label="Amount credited (₹, before GST)" meta={fields.amount} inputMode="decimal" />
      <RateSelect meta={fields.rateBp} rates={rates} />
      <PanelActions intent="creditNote" busy={busy} label="Issue credit note" busyLabel="Issuing…" variant="ghost" testId="issue-credit-note" />
    </Form>
  );
}

export function VoidForm({ lastResult }: { lastResult: Last }) {
  const busy = useSubmittingIntent('void');
  const [form, fields] = useForm<{ reason: string }>({ id: 'void', lastResult, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} className="iv-card" data-testid="void-form">
      <h2>Void</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Why" meta={fields.reason} />
      <PanelActions intent="void" busy={busy} label="Void invoice" busyLabel="Voiding…" variant="danger" testId="void-invoice" />
    </Form>
  );
}
