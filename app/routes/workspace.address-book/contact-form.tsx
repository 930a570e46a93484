import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions, saveLabels } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
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
      <Field label="Notes" meta={fields.notes}>
        <textarea {...getTextareaProps(fields.notes)} rows={4} />
      </Field>
      <PanelActions cancelTo={closeTo} intent="save" busy={saving} {...saveLabels(editing)} testId="save-contact" sidePanel />
    </Form>
  );
}
