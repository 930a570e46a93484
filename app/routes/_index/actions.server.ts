import { forgotPassword, login as loginCall, register, resetPassword } from '~/models/users.server';
import { formFailure } from '~/utils/forms.server';
import { isSpam } from '~/utils/honeypot.server';
import { dispatchIntent } from '~/utils/intent.server';
import { commitUserSession } from '~/utils/session.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { ForgotForm, LoginForm, ResetForm, SignupForm } from './schemas.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';

/** Spec, error catalogue: what a server failure (5xx) says instead of the api's message. */
const LOGIN_FALLBACK = 'Login failed. Please check your credentials and try again.';
const RESET_FALLBACK = 'Failed to reset password';

export async function login(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: LoginForm });
  // The failure shows under the form; a toast would say it a second time.
  const options = { intent: 'login', hideFields: ['password'], serverFailure: LOGIN_FALLBACK, inlineOnly: true };
  if (submission.status !== 'success') return formFailure(submission, options);
  try {
    const reply = await loginCall(request, submission.value);
    // A 2xx without a token (or without the account) is a failed login, not a session without a token.
    if (!reply?.token || !reply.data) return formFailure(submission, { ...options, formErrors: [LOGIN_FALLBACK], status: 502 });
    const { data, token } = reply;
    const cookie = await commitUserSession(request, token, data, { remember: submission.value.remember });
    return redirectWithSuccess('/explore', `Welcome back, ${data.userName}`, { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return formFailure(submission, { ...options, error });
  }
}

export async function signup(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SignupForm });
  const options = { intent: 'signup', hideFields: ['password'] };
  if (await isSpam(formData)) {
    return formFailure(submission, { ...options, formErrors: ['Your sign-up could not be accepted. Please reload the page and try again.'] });
  }
  if (submission.status !== 'success') return formFailure(submission, options);
  try {
    const { userData, token } = await register(request, { ...submission.value, loginType: 'normal' });
    // Sign-up always remembers (spec).
    const cookie = await commitUserSession(request, token, userData, { remember: true });
    return redirectWithSuccess('/explore', 'user register successfully', { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return formFailure(submission, { ...options, error });
  }
}

export async function forgot(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ForgotForm });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'forgot' });
  try {
    const { message } = await forgotPassword(request, submission.value);
    const email = encodeURIComponent(submission.value.email);
    return redirectWithSuccess(`/?view=reset&email=${email}#auth`, message);
  } catch (error) {
    return formFailure(submission, { intent: 'forgot', error });
  }
}

export async function reset(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ResetForm });
  const options = { intent: 'reset', hideFields: ['newPassword', 'confirmPassword'], serverFailure: RESET_FALLBACK };
  if (submission.status !== 'success') return formFailure(submission, options);
  try {
    const { confirmPassword: _confirm, ...body } = submission.value;
    const { message } = await resetPassword(request, body);
    return redirectWithSuccess('/?view=login#auth', message);
  } catch (error) {
    return formFailure(submission, { ...options, error });
  }
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
