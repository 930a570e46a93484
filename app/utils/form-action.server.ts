import { json } from '@remix-run/node';
import type { z } from 'zod/v4';
import { ApiError } from './api.server';
import { parseWithZod } from './form-data.server';
import { formFailure, type FormFailureOptions } from './forms.server';
import { redirectWithError, redirectWithSuccess } from './toast.server';

/**
 * The one path of a route's api calls (decisions 273 and 290): an action's form
 * (`submitForm`), an action's one-click change (`redirectAfter`), what a loader cannot do without
 * (`required`), what a page can show without (`optional`), a file streamed through
 * (`fileOrReason`), the guard beside the data (`guarded`), and for the few calls none of these fit,
 * the reply or its failure as a value (`attempt`). Each lets anything but an `ApiError` through (a
 * guard's redirect, a bug); no route writes its own try/catch around an api call.
 */

/** An api call's reply, or the `ApiError` it failed with. */
export type Attempt<T> = { ok: true; reply: T } | { ok: false; error: ApiError };

/** The call's reply or its api failure as a value; anything else (a thrown redirect, a bug) is thrown. */
export async function attempt<T>(promise: Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, reply: await promise };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}

/**
 * An api failure as the response a route throws, so the error boundary shows its status
 * (403, 404, 503 when the api does not answer) instead of a bare 500. Anything else (a redirect
 * thrown by a guard, a bug) passes through unchanged.
 */
export function asErrorResponse(error: unknown): unknown {
  if (error instanceof ApiError) return json({ message: error.message }, { status: error.status });
  return error;
}

type FailureOptions<D> = Omit<FormFailureOptions, 'error' | 'intent'> & { data?: D };

/**
 * The one path of a form action: parse the bounded form with the schema, hand the value to `send`
 * (a model call), then answer. A form the schema refuses, or an api failure (`ApiError`), comes back
 * as `formFailure` with the fields' messages and the intent (a failure `errorPage` picks is the error
 * page instead); anything else (a redirect a guard threw, a bug) passes through. On success `done`
 * makes the answer, usually a redirect with a toast.
 */
export async function submitForm<S extends z.ZodType, R, D extends Record<string, unknown> = Record<never, never>>(
  formData: FormData,
  options: {
    schema: S;
    intent?: string;
    send: (value: z.output<S>) => Promise<R>;
    done: (reply: R, value: z.output<S>) => Response | Promise<Response>;
    /** How a failure is shown: hidden fields, renamed api paths, the spec's "Failed to …", data the page needs again. */
    failure?: FailureOptions<D> | ((value: z.output<S> | undefined, error?: ApiError) => FailureOptions<D>);
    errorPage?: (error: ApiError) => boolean;
  },
) {
  const submission = parseWithZod(formData, { schema: options.schema });
  const failure = (value?: z.output<S>, error?: ApiError) => (typeof options.failure === 'function' ? options.failure(value, error) : options.failure);
  if (submission.status !== 'success') return formFailure<z.output<S>, D>(submission, { ...failure(), intent: options.intent });
  const sent = await attempt(options.send(submission.value));
  if (sent.ok) return options.done(sent.reply, submission.value);
  if (options.errorPage?.(sent.error)) throw asErrorResponse(sent.error);
  return formFailure<z.output<S>, D>(submission, { ...failure(submission.value, sent.error), error: sent.error, intent: options.intent });
}

/** A toast's text, or its text with a line under it. */
type ToastMessage = string | { message: string; description?: string };

/** The api's first field message, else its message (a refused date says which rule it broke). */
export const firstDetail = (error: ApiError) => error.details[0]?.message ?? error.message;

/** A server failure (5xx): with `errorPage`, the error page with its status rather than a toast. */
export const serverFailed = (error: ApiError) => error.status >= 500;

type RedirectFailure = {
  to?: string;
  message?: (error: ApiError) => ToastMessage;
  /** What a server failure (5xx) says instead of the api's bare message: what did not happen ("Failed to delete contact"). */
  serverFailure?: string;
  errorPage?: (error: ApiError) => boolean;
};

/**
 * A one-click change (delete, mark, revoke): the call, then back to `to` with the success toast, or
 * the failure's answer (`redirectFailure`).
 */
export async function redirectAfter<R>(promise: Promise<R>, to: string, success: ToastMessage | ((reply: R) => ToastMessage), failure: RedirectFailure = {}): Promise<Response> {
  const sent = await attempt(promise);
  if (sent.ok) return redirectWithSuccess(to, typeof success === 'function' ? success(sent.reply) : success);
  return redirectFailure(sent.error, to, failure);
}

/**
 * A failed one-click change: back to `failure.to` (else `to`) with the failure's toast: the api's
 * message (a refusal says why), `failure.serverFailure` for a server failure, or what
 * `failure.message` says. A failure `failure.errorPage` picks (e.g. `serverFailed`) is the error
 * page with its status instead.
 */
export function redirectFailure(error: ApiError, to: string, failure: RedirectFailure = {}): Promise<Response> {
  if (failure.errorPage?.(error)) throw asErrorResponse(error);
  const message = failure.message ? failure.message(error) : serverFailed(error) && failure.serverFailure ? failure.serverFailure : error.message;
  return redirectWithError(failure.to ?? to, message);
}

/**
 * What a loader cannot do without: an api failure becomes the response the route throws, so its
 * error boundary shows the status (403, 404, 503) instead of a bare 500.
 *
 * With `fallback` (the public showcase pages): a 400, 403 or 404 is the shared "not found" page
 * (another firm's hidden project is not told apart from none); any other api failure goes back to
 * `fallback.to` with the spec's error toast, and so does a 2xx reply without what the page needs
 * (`complete` says whether it has it).
 */
export async function required<T>(promise: Promise<T>, fallback?: { to: string; message: string; complete?: (reply: T) => unknown }): Promise<T> {
  const sent = await attempt(promise);
  if (!fallback) {
    if (!sent.ok) throw asErrorResponse(sent.error);
    return sent.reply;
  }
  if (!sent.ok && [400, 403, 404].includes(sent.error.status)) throw json({ message: sent.error.message }, { status: 404 });
  if (!sent.ok || (fallback.complete && !fallback.complete(sent.reply))) throw await redirectWithError(fallback.to, fallback.message);
  return sent.reply;
}

/** The toast of what a page showed without (spec, error catalogue: the server's message). */
export type FailureToast = { type: 'error'; message: string };

/**
 * What a page can show without (a list, search results): the reply, or null and the failure's
 * toast, so the page shows its empty state with the server's message. A 401 passes through (the
 * session ended: the visitor signs in again).
 */
export async function optional<T>(promise: Promise<T>): Promise<{ reply: T; toast: null } | { reply: null; toast: FailureToast }> {
  const sent = await attempt(promise);
  if (sent.ok) return { reply: sent.reply, toast: null };
  if (sent.error.status === 401) throw sent.error;
  return { reply: null, toast: { type: 'error', message: sent.error.message } };
}

/**
 * A file streamed from the api, or the api's refusal (a file deleted meanwhile, or not the
 * visitor's) as a short text where the file would be (a download, the preview's frame or player),
 * never a page inside a page.
 */
export async function fileOrReason(promise: Promise<Response>): Promise<Response> {
  const sent = await attempt(promise);
  if (sent.ok) return sent.reply;
  return new Response(sent.error.message, {
    status: sent.error.status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
  });
}

/**
 * The route's guard and its api call side by side: they do not depend on each other, so a page
 * waits for the slower of the two rather than for both in a row. The guard decides: when it
 * refuses (a redirect), the data call's outcome is dropped.
 */
export async function guarded<U, T>(guard: Promise<U>, data: Promise<T>): Promise<[U, T]> {
  data.catch(() => undefined);
  const user = await guard;
  return [user, await data];
}
