import { forgotPassword, login as loginCall, register, resetPassword } from '~/models/users.server';
import { formFailure } from '~/utils/forms.server';
import { isSpam } from '~/utils/honeypot.server';
import { dispatchIntent } from '~/utils/intent.server';
import { commitUserSession } from '~/utils/session.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { ForgotForm, LoginForm, ResetForm, SignupForm } from './schemas.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { attempt, submitForm } from '~/utils/form-action.server';
import { signedInTarget } from '~/utils/paths';

/** Spec, error catalogue: what a server failure (5xx) says instead of the api's message. */
const LOGIN_FALLBACK = 'Login failed. Please check your credentials and try again.';
const RESET_FALLBACK = 'Failed to reset password';

export async function login(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: LoginForm });
  // The failure shows under the form; a toast would say it a second time.
  const options = { intent: 'login', hideFields: ['password'], serverFailure: LOGIN_FALLBACK, inlineOnly: true };
  if (submission.status !== 'success') return formFailure(submission, options);
  const sent = await attempt(loginCall(request, submission.value));
  if (!sent.ok) return formFailure(submission, { ...options, error: sent.error });
  // A 2xx without a token (or without the account) is a failed login, not a session without a token.
  if (!sent.reply?.token || !sent.reply.data) return formFailure(submission, { ...options, formErrors: [LOGIN_FALLBACK], status: 502 });
  const { data, token } = sent.reply;
  const cookie = await commitUserSession(request, token, data, { remember: submission.value.remember });
  return redirectWithSuccess(signedInTarget(formData.get('redirectTo')), `Welcome back, ${data.userName}`, { headers: { 'Set-Cookie': cookie } });
}

export async function signup(request: Request, formData: FormData) {
  const failure = { hideFields: ['password'] };
  if (await isSpam(formData)) {
    const submission = parseWithZod(formData, { schema: SignupForm });
    return formFailure(submission, { ...failure, intent: 'signup', formErrors: ['Your sign-up could not be accepted. Please reload the page and try again.'] });
  }
  return submitForm(formData, {
    schema: SignupForm,
    intent: 'signup',
    failure,
    send: (value) => register(request, { ...value, loginType: 'normal' }),
    done: async ({ userData, token }) => {
      // Sign-up always remembers (spec).
      const cookie = await commitUserSession(request, token, userData, { remember: true });
      return redirectWithSuccess(signedInTarget(formData.get('redirectTo')), 'user register successfully', { headers: { 'Set-Cookie': cookie } });
    },
  });
}

export async function forgot(request: Request, formData: FormData) {
  return submitForm(formData, {
    schema: ForgotForm,
    intent: 'forgot',
    send: (value) => forgotPassword(request, value),
    done: ({ message }, { email }) => redirectWithSuccess(`/?view=reset&email=${encodeURIComponent(email)}#auth`, message),
  });
}

export async function reset(request: Request, formData: FormData) {
  return submitForm(formData, {
    schema: ResetForm,
    intent: 'reset',
    failure: { hideFields: ['newPassword', 'confirmPassword'], serverFailure: RESET_FALLBACK },
    send: ({ confirmPassword: _confirm, ...body }) => resetPassword(request, body),
    done: ({ message }) => redirectWithSuccess('/?view=login#auth', message),
  });
}

/** The home page's four forms (login, sign-up, forgot and reset password), told apart by their intent. */
export async function handleAuthAction(request: Request) {
  return dispatchIntent(await readFormData(request), {
    login: (formData) => login(request, formData),
    signup: (formData) => signup(request, formData),
    forgot: (formData) => forgot(request, formData),
    reset: (formData) => reset(request, formData),
  });
}
