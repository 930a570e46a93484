import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { EmailField, PasswordField } from '~/components/credential-fields';
import { FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { useSubmittingIntent, VALIDATE_ON_SUBMIT } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import type { EmailChangeConfirmInput, EmailChangeInput, PendingEmailChange } from '../../../server/contract/email-change';

/** The popups of the change (`?dialog=`): the new address and the password, then the code. */
export const EMAIL_DIALOG = 'login-email';
export const CODE_DIALOG = 'login-email-code';

type LastResult = SubmissionResult<string[]> | null | undefined;

/** Step 1 of changing the login email (`?dialog=login-email`): the new address and the current password. */
export function EmailChangeForm({ currentEmail, lastResult, closeTo }: { currentEmail: string; lastResult: LastResult; closeTo: string }) {
  const sending = useSubmittingIntent('email-change');
  const [form, fields] = useForm<EmailChangeInput>({ id: 'email-change-form', lastResult, ...VALIDATE_ON_SUBMIT });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="email-change-form">
      <input type="hidden" name="intent" value="email-change" />
      <p className="field-hint form-lead">
        You sign in with <strong>{currentEmail}</strong>. We will send a 6-digit code to the new address; the change is made when you enter it.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <EmailField meta={fields.newEmail} label="New email" />
      <PasswordField meta={fields.password} label="Current password" autoComplete="current-password" />
      <PanelActions cancelTo={closeTo} busy={sending} label="Send code" busyLabel="Sending…" />
    </Form>
  );
}

/** Step 2 (`?dialog=login-email-code`): the code mailed to the new address. */
export function EmailCodeForm({
  pending,
  lastResult,
  closeTo,
  restartTo,
}: {
  pending: PendingEmailChange | null;
  lastResult: LastResult;
  closeTo: string;
  restartTo: string;
}) {
  const confirming = useSubmittingIntent('email-change-confirm');
  const [form, fields] = useForm<EmailChangeConfirmInput>({ id: 'email-code-form', lastResult, ...VALIDATE_ON_SUBMIT });
  if (!pending) {
    return (
      <div data-testid="email-code-form">
        <p>No change of your login email is waiting for a code: the last code has expired or was used.</p>
        <div className="form-actions">
          <Link to={restartTo} replace preventScrollReset className="button button-primary">
            Start again
          </Link>
        </div>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} data-testid="email-code-form">
      <input type="hidden" name="intent" value="email-change-confirm" />
      <p className="field-hint form-lead">
        Enter the 6-digit code we sent to <strong>{pending.newEmail}</strong>. It is valid for 10 minutes.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Code" meta={fields.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      <p className="field-hint">
        No mail? Check the address, or{' '}
        <Link to={restartTo} replace preventScrollReset className="link">
          send a new code
        </Link>
        .
      </p>
      <PanelActions cancelTo={closeTo} busy={confirming} label="Confirm" busyLabel="Confirming…" />
    </Form>
  );
}
