import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type FormHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { Field, FormErrors } from '~/components/field';
import { PasswordInput } from '~/components/password-input';
import { ROLE_LABELS, SIGNUP_ROLES } from '../../../server/contract/vocabulary';
import type { z } from 'zod/v4';
import type { AuthView, ForgotForm, LoginForm, ResetForm, SignupForm } from './schemas';

export type AuthActionResult = { intent?: string; result: SubmissionResult<string[]> | null } | undefined;
type SwitchView = (view: AuthView) => void;

/** The URL of a view: what the links point to without JavaScript and what the address bar shows with it. */
export const viewHref = (view: AuthView) => `/?view=${view}#auth`;

/**
 * Where a view's form posts. `?index` addresses the home route's action; `view` keeps the view in the URL,
 * so the page answered to a failed submission (without JavaScript) shows the same view with its errors.
 */
const formAction = (view: AuthView) => `/?index&view=${view}`;

function resultFor(actionData: AuthActionResult, intent: AuthView) {
  return actionData?.intent === intent ? (actionData.result ?? undefined) : undefined;
}

/**
 * The view shown: the one of the URL (or of the form just submitted), unless the visitor switched in
 * place since the last navigation. Any navigation (a header link, a redirect, a submission) starts over
 * from the URL's view. Switching scrolls the panel into view.
 */
export function useAuthView(initial: AuthView) {
  const location = useLocation();
  const [switched, setSwitched] = useState<{ key: string; view: AuthView; n: number } | null>(null);
  const view = switched && switched.key === location.key ? switched.view : initial;
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (switched) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [switched]);

  const switchTo = useCallback<SwitchView>(
    (next) => {
      setSwitched((s) => ({ key: location.key, view: next, n: (s?.n ?? 0) + 1 }));
      // The address bar follows, so a reload or a shared link shows the same view.
      window.history.replaceState(window.history.state, '', viewHref(next));
    },
    [location.key],
  );
  return { view, switchTo, panel };
}

/** A link to a view: a real URL without JavaScript, an in-place switch with it. */
export function ViewLink({ view, onSwitch, children, className }: { view: AuthView; onSwitch: SwitchView; children: ReactNode; className?: string }) {
  return (
    <Link
      to={viewHref(view)}
      className={className ?? 'link'}
      preventScrollReset
      onClick={(event: MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onSwitch(view);
      }}
    >
      {children}
    </Link>
  );
}

function SubmitButton({ intent, children }: { intent: AuthView; children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Please wait…' : children}
    </button>
  );
}

/** The form of one view: posts to the home action with its intent. */
function ViewForm({ view, formProps, children }: { view: AuthView; formProps: Pick<FormHTMLAttributes<HTMLFormElement>, 'id' | 'onSubmit' | 'noValidate' | 'aria-invalid' | 'aria-describedby'>; children: ReactNode }) {
  return (
    <Form {...formProps} method="post" action={formAction(view)} className="auth-form" data-view-form={view}>
      <input type="hidden" name="intent" value={view} />
      {children}
    </Form>
  );
}

function LoginView({ actionData, onSwitch, social }: { actionData: AuthActionResult; onSwitch: SwitchView; social?: ReactNode }) {
  const [form, fields] = useForm<z.input<typeof LoginForm>>({ id: 'login-form', lastResult: resultFor(actionData, 'login'), shouldRevalidate: 'onInput' });
  return (
    <>
      <ViewForm view="login" formProps={getFormProps(form)}>
        <h2 id="auth-title">Log in</h2>
        <p className="muted">Welcome back. Log in to explore projects and run your workspace.</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" />
        </Field>
        <Field label="Password" meta={fields.password}>
          <PasswordInput {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" />
        </Field>
        <div className="form-row between">
          <label className="checkbox">
            <input {...getInputProps(fields.remember, { type: 'checkbox' })} /> Remember me
          </label>
          <ViewLink view="forgot" onSwitch={onSwitch}>
            Forgot password?
          </ViewLink>
        </div>
        <SubmitButton intent="login">Log in</SubmitButton>
      </ViewForm>
      {/* Sign in with Google / Apple: their own component (with its own divider), outside the email form. */}
      {social}
      <p className="switch">
        New here?{' '}
        <ViewLink view="signup" onSwitch={onSwitch}>
          Sign up
        </ViewLink>
      </p>
    </>
  );
}

function SignupView({ actionData, onSwitch }: { actionData: AuthActionResult; onSwitch: SwitchView }) {
  const [form, fields] = useForm<z.input<typeof SignupForm>>({
    id: 'signup-form',
    lastResult: resultFor(actionData, 'signup'),
    defaultValue: { role: 'explorer' },
    shouldRevalidate: 'onInput',
  });
  return (
    <>
      <ViewForm view="signup" formProps={getFormProps(form)}>
        <h2 id="auth-title">Sign up</h2>
        <p className="muted">Create your account to browse projects, or to show your firm&apos;s work.</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <HoneypotInputs label="Please leave this field blank" />
        <Field label="Name" meta={fields.userName}>
          <input {...getInputProps(fields.userName, { type: 'text' })} autoComplete="name" />
        </Field>
        <Field label="Email" meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" />
        </Field>
        <Field label="Password" meta={fields.password} hint="At least 6 characters.">
          <PasswordInput {...getInputProps(fields.password, { type: 'password', ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
        </Field>
        <Field label="I am" meta={fields.role}>
          <select {...getSelectProps(fields.role)}>
            {SIGNUP_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton intent="signup">Sign up</SubmitButton>
      </ViewForm>
      <p className="switch">
        Already have an account?{' '}
        <ViewLink view="login" onSwitch={onSwitch}>
          Log in
        </ViewLink>
      </p>
    </>
  );
}

function ForgotView({ actionData, onSwitch }: { actionData: AuthActionResult; onSwitch: SwitchView }) {
  const [form, fields] = useForm<z.input<typeof ForgotForm>>({ id: 'forgot-form', lastResult: resultFor(actionData, 'forgot'), shouldRevalidate: 'onInput' });
  return (
    <>
      <ViewForm view="forgot" formProps={getFormProps(form)}>
        <h2 id="auth-title">Forgot password</h2>
        <p className="muted">Enter your email and we will send you a 6-digit code to reset your password.</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" />
        </Field>
        <SubmitButton intent="forgot">Send code</SubmitButton>
      </ViewForm>
      <p className="switch">
        <ViewLink view="reset" onSwitch={onSwitch}>
          I already have a code
        </ViewLink>
        {' · '}
        <ViewLink view="login" onSwitch={onSwitch}>
          Back to log in
        </ViewLink>
      </p>
    </>
  );
}

function ResetView({ actionData, onSwitch, email }: { actionData: AuthActionResult; onSwitch: SwitchView; email: string }) {
  const [form, fields] = useForm<z.input<typeof ResetForm>>({
    id: 'reset-form',
    lastResult: resultFor(actionData, 'reset'),
    defaultValue: { email },
    shouldRevalidate: 'onInput',
  });
  return (
    <>
      <ViewForm view="reset" formProps={getFormProps(form)}>
        <h2 id="auth-title">Reset password</h2>
        <p className="muted">Enter the code we mailed you and choose a new password.</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" />
        </Field>
        <Field label="OTP" meta={fields.otp}>
          <input {...getInputProps(fields.otp, { type: 'text' })} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Field>
        <Field label="New password" meta={fields.newPassword}>
          <PasswordInput {...getInputProps(fields.newPassword, { type: 'password' })} autoComplete="new-password" />
        </Field>
        <Field label="Confirm password" meta={fields.confirmPassword}>
          <PasswordInput {...getInputProps(fields.confirmPassword, { type: 'password' })} autoComplete="new-password" />
        </Field>
        <SubmitButton intent="reset">Reset password</SubmitButton>
      </ViewForm>
      <p className="switch">
        <ViewLink view="forgot" onSwitch={onSwitch}>
          Send a new code
        </ViewLink>
        {' · '}
        <ViewLink view="login" onSwitch={onSwitch}>
          Back to log in
        </ViewLink>
      </p>
    </>
  );
}

/**
 * The home page's authentication panel: exactly one of its four views is shown.
 * `social` is the place of the "Sign in with Google / Apple" buttons of the login view.
 */
export function AuthPanel({
  view,
  onSwitch,
  panelRef,
  actionData,
  email,
  social,
}: {
  view: AuthView;
  onSwitch: SwitchView;
  panelRef: React.RefObject<HTMLDivElement>;
  actionData: AuthActionResult;
  email: string;
  social?: ReactNode;
}) {
  return (
    <section id="auth" ref={panelRef} className="auth-panel" data-view={view} aria-labelledby="auth-title">
      {view === 'login' ? <LoginView actionData={actionData} onSwitch={onSwitch} social={social} /> : null}
      {view === 'signup' ? <SignupView actionData={actionData} onSwitch={onSwitch} /> : null}
      {view === 'forgot' ? <ForgotView actionData={actionData} onSwitch={onSwitch} /> : null}
      {view === 'reset' ? <ResetView actionData={actionData} onSwitch={onSwitch} email={email} /> : null}
    </section>
  );
}
