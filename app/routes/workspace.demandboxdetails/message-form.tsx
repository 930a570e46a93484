import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
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
      <TextField label="To" meta={fields.to} hint="Separate several addresses with commas." autoComplete="off" inputMode="email" />
      <div className="lead-copy-toggles">
        <details open={openCc} className="lead-copy" data-testid="cc-toggle">
          <summary>Cc</summary>
          <TextField label="Cc" meta={fields.cc} autoComplete="off" inputMode="email" />
        </details>
        <details open={openBcc} className="lead-copy" data-testid="bcc-toggle">
          <summary>Bcc</summary>
          <TextField label="Bcc" meta={fields.bcc} autoComplete="off" inputMode="email" />
        </details>
      </div>
      <TextField label="Subject" meta={fields.subject} maxLength={MESSAGE_LIMITS.subject} />
      <Field label="Message" meta={fields.message}>
        <textarea {...getTextareaProps(fields.message)} rows={8} maxLength={MESSAGE_LIMITS.body} />
      </Field>
      <PanelActions cancelTo={closeTo} intent="message" busy={saving} label="Send" busyLabel="Sending…" testId="send-message" />
    </Form>
  );
}
