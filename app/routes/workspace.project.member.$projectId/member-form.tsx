import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import type { Member, UpdateMemberBody } from '../../../server/contract/workspace-members';

/** The Add/Edit Member side panel's form (screen 6): name and email, the spec's messages from the server. */
export function MemberForm({ member, lastResult, closeTo }: { member: Member | null; lastResult?: SubmissionResult<string[]> | null; closeTo: string }) {
  const saving = useSaving();
  const editing = member !== null;
  const [form, fields] = useForm<UpdateMemberBody>({
    id: editing ? `member-form-${member.id}` : 'member-form-new',
    lastResult,
    defaultValue: member ? { name: member.name, email: member.email } : {},
    ...SERVER_VALIDATION,
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="member-form">
      {editing ? <input type="hidden" name="id" value={member.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Name" meta={fields.name}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
      </Field>
      <Field label="Email" meta={fields.email} hint="An employee of your firm added here can work on this project.">
        <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" />
      </Field>
      <div className="form-actions ws-panel-actions">
        <Link to={closeTo} replace preventScrollReset className="button button-ghost">
          Cancel
        </Link>
        <button type="submit" name="intent" value="save" className="button button-primary" disabled={saving} data-testid="save-member">
          {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update' : 'Confirm'}
        </button>
      </div>
    </Form>
  );
}
