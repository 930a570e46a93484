import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import type { Contact, ContactBody } from '../../../server/contract/address-book';
import { CONTACT_KIND_LABELS, CONTACT_KINDS } from '../../../server/contract/address-book-rules';

/** The Add/Edit Contact side panel's form; the server checks it (name, kind, an email or a phone). */
export function ContactForm({ contact, lastResult, closeTo }: { contact: Contact | null; lastResult?: SubmissionResult<string[]> | null; closeTo: string }) {
  const saving = useSaving();
  const editing = contact !== null;
  const [form, fields] = useForm<ContactBody>({
    id: editing ? `contact-form-${contact.id}` : 'contact-form-new',
    lastResult,
    defaultValue: contact ?? { kind: 'client' },
    ...SERVER_VALIDATION,
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="contact-form">
      {editing ? <input type="hidden" name="id" value={contact.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Name" meta={fields.name}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
      </Field>
      <Field label="Kind" meta={fields.kind}>
        <select {...getSelectProps(fields.kind)}>
          {CONTACT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CONTACT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Company" meta={fields.company}>
        <input {...getInputProps(fields.company, { type: 'text' })} autoComplete="off" />
      </Field>
      <Field label="Email" meta={fields.email}>
        <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" />
      </Field>
      <Field label="Phone" meta={fields.phone} hint="An email or a phone number is needed.">
        <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="off" />
      </Field>
      <Field label="Notes" meta={fields.notes}>
        <textarea {...getTextareaProps(fields.notes)} rows={4} />
      </Field>
      <div className="form-actions ws-panel-actions">
        <Link to={closeTo} replace preventScrollReset className="button button-ghost">
          Cancel
        </Link>
        <button type="submit" name="intent" value="save" className="button button-primary" disabled={saving} data-testid="save-contact">
          {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update' : 'Confirm'}
        </button>
      </div>
    </Form>
  );
}
