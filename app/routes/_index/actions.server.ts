import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { json } from '@remix-run/node';
import { redirectWithSuccess } from '~/utils/toast.server';
import { api, ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { isSpam } from '~/utils/honeypot.server';
import { commitUserSession } from '~/utils/session.server';
import type { User } from '../../../server/contract/users';
import { ForgotForm, LoginForm, ResetForm, SignupForm } from './schemas.server';
import { parseView } from './views';

const LOGIN_FALLBACK = 'Login failed. Please check your credentials and try again.';

/** Turns a server failure (5xx) into the spec's fallback message; a 4xx keeps the api's message. */
function withFallback(error: unknown, fallback: string): unknown {
  if (error instanceof ApiError && error.status >= 500) return new ApiError(error.status, fallback);
  return error;
}

export async function login(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: LoginForm });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'login', hideFields: ['password'] });
  try {
    const { data, token } = await api<{ data: User; token: string }>(request, '/users/login', { method: 'POST', json: submission.value });
    const cookie = await commitUserSession(request, token, data, { remember: submission.value.remember });
    return redirectWithSuccess('/explore', `Welcome back, ${data.userName}`, { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return formFailure(submission, { intent: 'login', error: withFallback(error, LOGIN_FALLBACK), hideFields: ['password'] });
  }
}

export async function signup(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SignupForm });
  if (await isSpam(formData)) {
    const result = submission.reply({ formErrors: ['Your sign-up could not be accepted. Please reload the page and try again.'], hideFields: ['password'] });
    return json({ intent: 'signup', result, toast: null }, { status: 400 });
  }
  if (submission.status !== 'success') return formFailure(submission, { intent: 'signup', hideFields: ['password'] });
  try {
    const { userData, token } = await api<{ userData: User; token: string }>(request, '/users/register', {
      method: 'POST',
      json: { ...submission.value, loginType: 'normal' },
    });
    // Sign-up always remembers (spec).
    const cookie = await commitUserSession(request, token, userData, { remember: true });
    return redirectWithSuccess('/explore', 'user register successfully', { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return formFailure(submission, { intent: 'signup', error, hideFields: ['password'] });
  }
}

export async function forgot(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ForgotForm });
  if (submission.status !== 'success') return formFailure(submission, { intent: 'forgot' });
  try {
    const { message } = await api<{ message: string }>(request, '/users/forgot-password', { method: 'POST', json: submission.value });
    const email = encodeURIComponent(submission.value.email);
    return redirectWithSuccess(`/?view=reset&email=${email}#auth`, message);
  } catch (error) {
    return formFailure(submission, { intent: 'forgot', error });
  }
}

export async function reset(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ResetForm });
  const hideFields = ['newPassword', 'confirmPassword'];
  if (submission.status !== 'success') return formFailure(submission, { intent: 'reset', hideFields });
  try {
    const { confirmPassword: _confirm, ...body } = submission.value;
    const { message } = await api<{ message: string }>(request, '/users/reset-password', { method: 'POST', json: body });
    return redirectWithSuccess('/?view=login#auth', message);
  } catch (error) {
    return formFailure(submission, { intent: 'reset', error: withFallback(error, 'Failed to reset password'), hideFields });
  }
}

export async function handleAuthAction(request: Request) {
  const formData = await readFormData(request);
  const intent = parseView(String(formData.get('intent') ?? ''));
  const handlers = { login, signup, forgot, reset };
  return handlers[intent](request, formData);
}
