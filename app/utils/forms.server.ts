import type { Submission, SubmissionResult } from '@conform-to/react';
import { json } from '@remix-run/node';
import { ApiError } from './api.server';
import { staleMessage, type StaleNotice } from './stale';
import { DEFAULT_TIME_ZONE } from '../../server/contract/dates';

export type FormToast = { type: 'error'; message: string };

export type FormFailureOptions = {
  /** The api's failure, mapped onto the form; anything else than an ApiError is rethrown. */
  error?: unknown;
  /** Fields whose values are not sent back (passwords). */
  hideFields?: string[];
  /** Tells apart several forms of one page. */
  intent?: string;
  /** The form's field names, when the api's detail paths cannot be found in the submitted payload. */
  fields?: string[];
  /**
   * The form field of an api detail path, when the form names it differently (the api's `imageIds.2`
   * is the form's `images`, the upload's `files` the form's `documentURL`). A map renames a path and
   * any path under it; a function decides for every path.
   */
  rename?: Record<string, string> | ((path: string) => string);
  /** The message that replaces the api's for a server failure (5xx): the spec's "Failed to …". */
  serverFailure?: string;
  /** Errors found by the action itself (an upload refused before the api was called), added to the api's. */
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  /** An error toast of the action's own (an upload the server failed), shown when the api's failure gives none. */
  toast?: string;
  status?: number;
  /** The api's message only in the form, not also as a toast (a wrong password said twice). */
  inlineOnly?: boolean;
};

export type FormFailure = { result: SubmissionResult<string[]>; toast: FormToast | null; status: number; stale: StaleNotice | null };

/** The form field an api detail path names after `rename` (`teams.0.name` stays itself). */
function renamed(path: string, rename: FormFailureOptions['rename']): string {
  if (!rename) return path;
  if (typeof rename === 'function') return rename(path);
  for (const [from, to] of Object.entries(rename)) {
    if (path === from || path.startsWith(`${from}.`)) return to;
  }
  return path;
}

/** Whether an api detail path (`email`, `teams.0.name`) names a field of the submitted form. */
function isFormField(path: string, payload: Record<string, unknown>, fields?: string[]) {
  if (!path) return false;
  const top = path.split('.')[0]!;
  return fields ? fields.includes(path) || fields.includes(top) : path in payload || top in payload;
}

/**
 * A failed form submission, as data: the submission's reply with the api's field details mapped
 * onto the fields (details naming no field of the form, or no details at all, become a form error
 * with the api's message), hidden fields emptied, the api's message as an error toast (the spec's
 * error catalogue shows the server's message), and the status to answer with.
 */
export function failureReply<T>(submission: Submission<T>, options: FormFailureOptions = {}): FormFailure {
  const { error, hideFields } = options;
  if (error && !(error instanceof ApiError)) throw error;
  const fieldErrors: Record<string, string[]> = Object.fromEntries(Object.entries(options.fieldErrors ?? {}).map(([k, v]) => [k, [...v]]));
  const formErrors: string[] = [...(options.formErrors ?? [])];
  let toast: FormToast | null = options.toast ? { type: 'error', message: options.toast } : null;
  let stale: StaleNotice | null = null;
  if (error instanceof ApiError && error.stale) {
    // Someone saved first (docs/decisions/320): the form keeps what was typed (the submission's
    // payload), says who changed it and when, and the page shows the current values beside it.
    stale = { message: staleMessage(error.stale, error.timeZone ?? DEFAULT_TIME_ZONE), current: error.stale.current as Record<string, unknown> };
    formErrors.push(stale.message);
  } else if (error instanceof ApiError) {
    const message = error.status >= 500 && options.serverFailure ? options.serverFailure : error.message;
    const payload = (submission.payload ?? {}) as Record<string, unknown>;
    for (const detail of error.details) {
      const path = renamed(detail.path, options.rename);
      if (isFormField(path, payload, options.fields)) (fieldErrors[path] ??= []).push(detail.message);
      else if (!formErrors.includes(detail.message)) formErrors.push(detail.message);
    }
    if (!error.details.length && !formErrors.includes(message)) formErrors.push(message);
    toast = options.inlineOnly ? null : { type: 'error', message };
  }
  const hasErrors = Object.keys(fieldErrors).length > 0 || formErrors.length > 0;
  const result = hasErrors ? submission.reply({ formErrors, fieldErrors, hideFields }) : submission.reply({ hideFields });
  const status = options.status ?? (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 400);
  return { result, toast, status, stale };
}

/**
 * The answer of a form action that failed (validation or the api): `{ intent, result, toast }` and
 * any `data` the page needs to show the form again (place lists, uploaded images), with the status.
 */
export function formFailure<T, D extends Record<string, unknown> = Record<never, never>>(
  submission: Submission<T>,
  options: FormFailureOptions & { data?: D } = {},
) {
  const { result, toast, status, stale } = failureReply(submission, options);
  return json({ ...(options.data as D), intent: options.intent, result, toast, stale }, { status });
}
