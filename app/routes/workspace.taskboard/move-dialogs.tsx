import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Dialog } from '~/components/dialog';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { SUBMIT_FORM_FIELDS as S, TASK_LIMITS } from '../../../server/contract/tasks-rules';
import type { RejectTaskBody, SubmitTaskFields } from '../../../server/contract/tasks';

type DialogProps = { id: string; what: string; closeTo: string; lastResult: SubmissionResult<string[]> | null };

/** Reject asks for its reason, which goes back to the assignees with the task. */
export function RejectDialog({ id, what, closeTo, lastResult }: DialogProps) {
  const saving = useSaving();
  const [form, fields] = useForm<RejectTaskBody>({ id: `reject-${id}`, lastResult, ...SERVER_VALIDATION });
  return (
    <Dialog title="Reject task" closeTo={closeTo} size="small" testId="reject-dialog">
      <p className="ws-confirm-name">{what}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="id" value={id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Reason" meta={fields.reason} hint="Sent to the people the task is given to; it goes back to their To Do.">
          <textarea {...getTextareaProps(fields.reason)} rows={3} data-testid="reject-reason-input" />
        </Field>
        <PanelActions cancelTo={closeTo} intent="reject" busy={saving} label="Reject" variant="danger" testId="confirm-reject" />
      </Form>
    </Dialog>
  );
}

/** Submit offers a note and files, both optional: what the creator reviews with the task. */
export function SubmitDialog({ id, what, closeTo, lastResult }: DialogProps) {
  const saving = useSaving();
  const [form, fields] = useForm<SubmitTaskFields & { files: File[] }>({ id: `submit-${id}`, lastResult, ...SERVER_VALIDATION });
  return (
    <Dialog title="Submit task" closeTo={closeTo} size="small" testId="submit-dialog">
      <p className="ws-confirm-name">{what}</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="id" value={id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Note" meta={fields.note} hint="What you did, or what is still open (optional).">
          <textarea {...getTextareaProps(fields.note)} rows={3} maxLength={TASK_LIMITS.note} data-testid="submit-note-input" />
        </Field>
        <Field label="Files" meta={fields.files} hint={`What you deliver: drawings, photos, documents (optional, at most ${TASK_LIMITS.files}).`}>
          <input id={fields.files.id} name={S.files} type="file" multiple aria-describedby={fields.files.errorId} data-testid="submit-files" />
        </Field>
        <PanelActions cancelTo={closeTo} intent="submit" busy={saving} label="Submit" testId="confirm-submit" />
      </Form>
    </Dialog>
  );
}
