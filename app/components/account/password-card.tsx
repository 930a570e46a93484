import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { PASSWORD_MESSAGES } from '../../../server/contract/settings-rules';

/**
 * The password change of Setting (docs/decisions/118): current, new, confirm; every other session
 * ends. The firm's Setting and the explorer's show the same card (decision 332).
 */
export function PasswordCard({ hasPassword, lastResult }: { hasPassword: boolean; lastResult: SubmissionResult<string[]> | undefined }) {
  const savingPassword = useSubmittingIntent('password');
  const [form, fields] = useForm<{ currentPassword: string; newPassword: string; confirmPassword: string }>({ id: 'password-form', lastResult, ...SERVER_VALIDATION });
  return (
    <section className="cb-card" aria-labelledby="password-title" data-testid="password-card">
      <h2 id="password-title">Password</h2>
      {hasPassword ? (
        <Form method="post" {...getFormProps(form)} data-testid="password-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField label="Current password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
          <TextField label="New password" meta={fields.newPassword} type="password" hint="At least 6 characters. Your other devices are signed out." autoComplete="new-password" />
          <TextField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
          <PanelActions intent="password" busy={savingPassword} label="Change password" busyLabel="Saving…" testId="change-password" />
        </Form>
      ) : (
        <p className="muted">{PASSWORD_MESSAGES.noPassword}.</p>
      )}
    </section>
  );
}
