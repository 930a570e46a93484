import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { Field, FormErrors } from '~/components/field';
import { PasswordInput } from '~/components/password-input';
import { ROLE_LABELS, SIGNUP_ROLES } from '../../../server/contract/vocabulary';
import type { z } from 'zod/v4';
import type { AuthView, ForgotForm, LoginForm, ResetForm, SignupForm } from './schemas';

type ActionResult = { intent?: string; result: SubmissionResult<string[]> | null } | undefined;

function resultFor(actionData: ActionResult, intent: AuthView) {
  return actionData?.intent === intent ? (actionData.result ?? undefined) : undefined;
}

function SubmitButton({ intent, children }: { intent: AuthView; children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} className="button button-primary button-block" disabled={busy}>
      {busy ? 'Please wait…' : children}
    </button>
  );
}

/** A link to another view: a real URL without JavaScript, an in-place switch with it. */
function ViewLink({ view, onSwitch, children, className }: { view: AuthView; onSwitch: (v: AuthView) => void; children: string; className?: string }) {
  return (
    <Link
      to={`/?view=${view}#auth`}
      className={className ?? 'link'}
      preventScrollReset
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        onSwitch(view);
      }}
    >
      {children}
    </Link>
  );
}

function LoginView({ actionData, onSwitch }: { actionData: ActionResult; onSwitch: (v: AuthView) => void }) {
  const [form, fields] = useForm<z.input<typeof LoginForm>>({ id: 'login-form', lastResult: resultFor(actionData, 'login'), shouldRevalidate: 'onInput' });
  return (
    <Form method="post" action="/?index" {...getFormProps(form)} className="auth-form">
      <h2>Log in</h2>
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
      <p className="switch">
        New here?{' '}
        <ViewLink view="signup" onSwitch={onSwitch}>
          Sign up
        </ViewLink>
      </p>
    </Form>
  );
}

function SignupView({ actionData, onSwitch }: { actionData: ActionResult; onSwitch: (v: AuthView) => void }) {
  const [form, fields] = useForm<z.input<typeof SignupForm>>({
    id: 'signup-form',
    lastResult: resultFor(actionData, 'signup'),
    defaultValue: { role: 'explorer' },
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" action="/?index" {...getFormProps(form)} className="auth-form">
      <h2>Sign up</h2>
      <p className="muted">Create your account to browse projects, or to show your firm's work.</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <HoneypotInputs label="Please leave this field blank" />
      <Field label="Name" meta={fields.userName}>
        <input {...getInputProps(fields.userName, { type: 'text' })} autoComplete="name" />
      </Field>
      <Field label="Email" meta={fields.email}>
        <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" />
      </Field>
      <Field label="Password" meta={fields.password} hint="At least 6 characters.">
        <PasswordInput {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" />
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
      <p className="switch">
        Already have an account?{' '}
        <ViewLink view="login" onSwitch={onSwitch}>
          Log in
        </ViewLink>
      </p>
    </Form>
  );
}

function ForgotView({ actionData, onSwitch }: { actionData: ActionResult; onSwitch: (v: AuthView) => void }) {
  const [form, fields] = useForm<z.input<typeof ForgotForm>>({ id: 'forgot-form', lastResult: resultFor(actionData, 'forgot'), shouldRevalidate: 'onInput' });
  return (
    <Form method="post" action="/?index" {...getFormProps(form)} className="auth-form">
      <h2>Forgot password</h2>
      <p className="muted">Enter your email and we will send you a 6-digit code to reset your password.</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Email" meta={fields.email}>
        <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" />
      </Field>
      <SubmitButton intent="forgot">Send code</SubmitButton>
      <p className="switch">
        <ViewLink view="login" onSwitch={onSwitch}>
          Back to log in
        </ViewLink>
      </p>
    </Form>
  );
}

function ResetView({ actionData, onSwitch, email }: { actionData: ActionResult; onSwitch: (v: AuthView) => void; email: string }) {
  const [form, fields] = useForm<z.input<typeof ResetForm>>({
    id: 'reset-form',
    lastResult: resultFor(actionData, 'reset'),
    defaultValue: { email },
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" action="/?index" {...getFormProps(form)} className="auth-form">
      <h2>Reset password</h2>
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
      <p className="switch">
        <ViewLink view="login" onSwitch={onSwitch}>
          Back to log in
        </ViewLink>
      </p>
    </Form>
  );
}

/** The home page's authentication panel: exactly one of its four views is shown. */
export function AuthPanel({ initialView, actionData, email }: { initialView: AuthView; actionData: ActionResult; email: string }) {
  const [view, setView] = useState<AuthView>(initialView);
  const [scrollRequest, setScrollRequest] = useState(0);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => setView(initialView), [initialView]);
  useEffect(() => {
    if (scrollRequest) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [scrollRequest]);

  const switchTo = (next: AuthView) => {
    setView(next);
    window.history.replaceState(window.history.state, '', `/?view=${next}#auth`);
    setScrollRequest((n) => n + 1);
  };

  return (
    <div id="auth" ref={panel} className="auth-panel" data-view={view}>
      {view === 'login' ? <LoginView actionData={actionData} onSwitch={switchTo} /> : null}
      {view === 'signup' ? <SignupView actionData={actionData} onSwitch={switchTo} /> : null}
      {view === 'forgot' ? <ForgotView actionData={actionData} onSwitch={switchTo} /> : null}
      {view === 'reset' ? <ResetView actionData={actionData} onSwitch={switchTo} email={email} /> : null}
    </div>
  );
}
