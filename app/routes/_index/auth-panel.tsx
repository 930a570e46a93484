import { getFormProps, getInputProps, getSelectProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { Fragment, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { HoneypotInputs } from '~/components/honeypot';
import { EmailField, PasswordField } from '~/components/credential-fields';
import { Field, FormErrors } from '~/components/field';
import { ROLE_LABELS, SIGNUP_ROLES } from '../../../server/contract/vocabulary';
import type { z } from 'zod/v4';
import type { ForgotForm, LoginForm, ResetForm, SignupForm } from './schemas.server';
import type { AuthView } from './views';

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

/**
 * A view's conform form. The server validates (the schemas stay out of the page's script), on
 * submit only: revalidating on input would post the whole form on each keystroke once a field
 * shows an error.
 */
function useViewForm<Schema extends Record<string, unknown>>(view: AuthView, actionData: AuthActionResult, defaultValue?: DefaultValue<Schema>) {
  return useForm<Schema>({
    id: `${view}-form`,
    lastResult: resultFor(actionData, view),
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
}

/** The form of one view, with its title, lead and submit button: posts to the home action with its intent. */
function ViewForm<Schema extends Record<string, unknown>>({
  view,
  form,
  title,
  lead,
  submit,
  children,
}: {
  view: AuthView;
  form: FormMetadata<Schema, string[]>;
  title: string;
  lead: string;
  submit: string;
  children: ReactNode;
}) {
  const redirectTo = new URLSearchParams(useLocation().search).get('redirectTo');
  return (
    <Form {...getFormProps(form)} method="post" action={formAction(view)} className="auth-form" data-view-form={view}>
      <input type="hidden" name="intent" value={view} />
      {/* A visitor sent here by a public page goes back to it once signed in (decision 385). */}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <h2 id="auth-title">{title}</h2>
      <p className="muted">{lead}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <SubmitButton intent={view}>{submit}</SubmitButton>
    </Form>
  );
}

/** The links under a view's form to the other views, after an optional prompt ("New here?"). */
function SwitchLinks({ onSwitch, prompt, links }: { onSwitch: SwitchView; prompt?: string; links: Array<[AuthView, string]> }) {
  return (
    <p className="switch">
      {prompt ? `${prompt} ` : null}
      {links.map(([view, label], index) => (
        <Fragment key={view}>
          {index ? ' · ' : null}
          <ViewLink view={view} onSwitch={onSwitch}>
            {label}
          </ViewLink>
        </Fragment>
      ))}
    </p>
  );
}

function LoginView({ actionData, onSwitch, social }: { actionData: AuthActionResult; onSwitch: SwitchView; social?: ReactNode }) {
  const [form, fields] = useViewForm<z.input<typeof LoginForm>>('login', actionData);
  return (
    <>
      <ViewForm view="login" form={form} title="Log in" lead="Welcome back. Log in to explore projects and run your workspace." submit="Log in">
        <EmailField meta={fields.email} />
        <PasswordField meta={fields.password} autoComplete="current-password" />
        <div className="form-row between">
          <label className="checkbox">
            <input {...getInputProps(fields.remember, { type: 'checkbox' })} /> Remember me
          </label>
          <ViewLink view="forgot" onSwitch={onSwitch}>
            Forgot password?
          </ViewLink>
        </div>
      </ViewForm>
      {/* Sign in with Google / Apple: their own component (with its own divider), outside the email form. */}
      {social}
      <SwitchLinks onSwitch={onSwitch} prompt="New here?" links={[['signup', 'Sign up']]} />
    </>
  );
}

function SignupView({ actionData, onSwitch }: { actionData: AuthActionResult; onSwitch: SwitchView }) {
  const [form, fields] = useViewForm<z.input<typeof SignupForm>>('signup', actionData, { role: 'explorer' });
  return (
    <>
      <ViewForm
        view="signup"
        form={form}
        title="Sign up"
        lead="Create your account to browse projects, or to show your firm's work."
        submit="Sign up"
      >
        <HoneypotInputs label="Please leave this field blank" />
        <Field label="Name" meta={fields.userName}>
          <input {...getInputProps(fields.userName, { type: 'text' })} autoComplete="name" />
        </Field>
        <EmailField meta={fields.email} />
        <PasswordField meta={fields.password} autoComplete="new-password" hint="At least 6 characters." />
        <Field label="I am" meta={fields.role}>
          <select {...getSelectProps(fields.role)}>
            {SIGNUP_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
      </ViewForm>
      <SwitchLinks onSwitch={onSwitch} prompt="Already have an account?" links={[['login', 'Log in']]} />
    </>
  );
}

function ForgotView({ actionData, onSwitch }: { actionData: AuthActionResult; onSwitch: SwitchView }) {
  const [form, fields] = useViewForm<z.input<typeof ForgotForm>>('forgot', actionData);
  return (
    <>
      <ViewForm
        view="forgot"
        form={form}
        title="Forgot password"
        lead="Enter your email and we will send you a 6-digit code to reset your password."
        submit="Send code"
      >
        <EmailField meta={fields.email} />
      </ViewForm>
      <SwitchLinks
        onSwitch={onSwitch}
        links={[
          ['reset', 'I already have a code'],
          ['login', 'Back to log in'],
        ]}
      />
    </>
  );
}

function ResetView({ actionData, onSwitch, email }: { actionData: AuthActionResult; onSwitch: SwitchView; email: string }) {
  const [form, fields] = useViewForm<z.input<typeof ResetForm>>('reset', actionData, { email });
  return (
    <>
      <ViewForm view="reset" form={form} title="Reset password" lead="Enter the code we mailed you and choose a new password." submit="Reset password">
        <EmailField meta={fields.email} />
        <Field label="OTP" meta={fields.otp}>
          <input {...getInputProps(fields.otp, { type: 'text' })} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Field>
        <PasswordField meta={fields.newPassword} label="New password" autoComplete="new-password" />
        <PasswordField meta={fields.confirmPassword} label="Confirm password" autoComplete="new-password" />
      </ViewForm>
      <SwitchLinks
        onSwitch={onSwitch}
        links={[
          ['forgot', 'Send a new code'],
          ['login', 'Back to log in'],
        ]}
      />
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
