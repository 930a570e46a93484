import { StateSelect } from '~/components/billing/tax-selects';
import { getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Field } from '~/components/field';
import { PanelActions, saveLabels } from '~/components/form-actions';
import { PanelForm } from '~/components/panel-form';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import type { ShownValue, WithStale } from '~/components/record-version';
import type { Contact, ContactBody } from '../../../server/contract/address-book';
import { CONTACT_KIND_LABELS, CONTACT_KINDS } from '../../../server/contract/address-book-rules';

/** A contact's values as the form labels them, shown as they now are after a stale save (docs/decisions/320). */
const CONTACT_SHOWN: ShownValue[] = [
  { key: 'name', label: 'Name' },
  { key: 'kind', label: 'Kind', show: (kind) => CONTACT_KIND_LABELS[kind as keyof typeof CONTACT_KIND_LABELS] ?? String(kind) },
  { key: 'company', label: 'Company' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'isClient', label: 'Client' },
  { key: 'isSupplier', label: 'Supplier' },
  { key: 'address', label: 'Billing address' },
  { key: 'state', label: 'State' },
  { key: 'gstin', label: 'GSTIN' },
  { key: 'notes', label: 'Notes' },
];

/**
 * The Add/Edit Contact side panel's form; the server checks it (name, kind, an email or a phone;
 * state and GSTIN for the tax documents, docs/decisions/257).
 */
export function ContactForm({
  contact,
  lastResult,
  actionData,
  closeTo,
  states,
}: {
  contact: Contact | null;
  lastResult?: SubmissionResult<string[]> | null;
  actionData?: WithStale;
  closeTo: string;
  states: string[];
}) {
  const saving = useSaving();
  const editing = contact !== null;
  const [form, fields] = useForm<ContactBody>({
    id: editing ? `contact-form-${contact.id}` : 'contact-form-new',
    lastResult,
    defaultValue: contact ? { ...contact, isClient: contact.isClient ? 'on' : undefined, isSupplier: contact.isSupplier ? 'on' : undefined } : { kind: 'client' },
    ...SERVER_VALIDATION,
  });
  return (
    <PanelForm form={form} editId={contact?.id} testId="contact-form" versioned={contact ? { read: contact.version, actionData, shown: CONTACT_SHOWN } : null}>
      <TextField label="Name" meta={fields.name} autoComplete="off" />
      <Field label="Kind" meta={fields.kind}>
        <select {...getSelectProps(fields.kind)}>
          {CONTACT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CONTACT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <TextField label="Company" meta={fields.company} autoComplete="off" />
      <TextField label="Email" meta={fields.email} type="email" autoComplete="off" />
      <TextField label="Phone" meta={fields.phone} type="tel" hint="An email or a phone number is needed." autoComplete="off" />
      <fieldset className="ws-checks" data-testid="contact-roles">
        <legend>Billing</legend>
        <label className="checkbox ws-check" htmlFor={fields.isClient.id}>
          <input {...getInputProps(fields.isClient, { type: 'checkbox' })} />
          <span>Client <span className="muted">— can be sent proposals and invoices</span></span>
        </label>
        <label className="checkbox ws-check" htmlFor={fields.isSupplier.id}>
          <input {...getInputProps(fields.isSupplier, { type: 'checkbox' })} />
          <span>Supplier <span className="muted">— can be sent purchase orders</span></span>
        </label>
      </fieldset>
      <Field label="Billing address" meta={fields.address}>
        <textarea {...getTextareaProps(fields.address)} rows={2} />
      </Field>
      <StateSelect meta={fields.state} label="State" hint="Decides CGST + SGST (the firm's state) or IGST. Leave blank for a contact abroad." states={states} none="No Indian state" />
      <TextField label="GSTIN" meta={fields.gstin} hint="Optional: a registered business client or supplier." autoComplete="off" maxLength={20} />
      <Field label="Notes" meta={fields.notes}>
        <textarea {...getTextareaProps(fields.notes)} rows={4} />
      </Field>
      <PanelActions cancelTo={closeTo} intent="save" busy={saving} {...saveLabels(editing)} testId="save-contact" sidePanel />
    </PanelForm>
  );
}
