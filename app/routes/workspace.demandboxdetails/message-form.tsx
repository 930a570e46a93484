import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { MESSAGE_LIMITS } from '../../../server/contract/leads-rules';

type MessageFields = { to: string; cc: string; bcc: string; subject: string; message: string };

/**
 * The New Message dialog's form (screen 12): To (the lead's email), Cc and Bcc behind their
 * toggles, Subject and the message. The toggles are <details> elements: they open without
 * JavaScript, and stay open when their field has a value or an error.
 */
export function MessageForm({ to, subject, lastResult, closeTo }: { to: string; subject: string; lastResult?: SubmissionResult<string[]> | null; closeTo: string }) {
  const saving = useSaving();
  const [form, fields] = useForm<MessageFields>({
    id: 'lead-message-form',
    lastResult,
    defaultValue: { to, subject },
    ...SERVER_VALIDATION,
  });
  const openCc = Boolean(fields.cc.initialValue || fields.cc.errors?.length);
  const openBcc = Boolean(fields.bcc.initialValue || fields.bcc.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="lead-message-form" data-testid="message-form" preventScrollReset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="To" meta={fields.to} hint="Separate several addresses with commas.">
        <input {...getInputProps(fields.to, { type: 'text' })} autoComplete="off" inputMode="email" />
      </Field>
      <div className="lead-copy-toggles">
        <details open={openCc} className="lead-copy" data-testid="cc-toggle">
          <summary>Cc</summary>
          <Field label="Cc" meta={fields.cc}>
            <input {...getInputProps(fields.cc, { type: 'text' })} autoComplete="off" inputMode="email" />
          </Field>
        </details>
        <details open={openBcc} className="lead-copy" data-testid="bcc-toggle">
          <summary>Bcc</summary>
          <Field label="Bcc" meta={fields.bcc}>
            <input {...getInputProps(fields.bcc, { type: 'text' })} autoComplete="off" inputMode="email" />
          </Field>
        </details>
      </div>
      <Field label="Subject" meta={fields.subject}>
        <input {...getInputProps(fields.subject, { type: 'text' })} maxLength={MESSAGE_LIMITS.subject} />
      </Field>
      <Field label="Message" meta={fields.message}>
        <textarea {...getTextareaProps(fields.message)} rows={8} maxLength={MESSAGE_LIMITS.body} />
      </Field>
      <div className="form-actions">
        <Link to={closeTo} replace preventScrollReset className="button button-ghost">
          Cancel
        </Link>
        <button type="submit" name="intent" value="message" className="button button-primary" disabled={saving} data-testid="send-message">
          {saving ? 'Sending…' : 'Send'}
        </button>
      </div>
    </Form>
  );
}
