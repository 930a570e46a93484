import type { Submission } from '@conform-to/react';
import { json } from '@remix-run/node';
import { ApiError } from './api.server';

export type FormFailureOptions = {
  /** The api's failure, mapped onto the form; anything else than an ApiError is rethrown. */
  error?: unknown;
  /** Fields whose values are not sent back (passwords). */
  hideFields?: string[];
  /** Tells apart several forms of one page. */
  intent?: string;
  /** The form's field names, when the api's detail paths cannot be found in the submitted payload. */
  fields?: string[];
  status?: number;
};

/** Whether an api detail path (`email`, `teams.0.name`) names a field of the submitted form. */
function isFormField(path: string, payload: Record<string, unknown>, fields?: string[]) {
  if (!path) return false;
  const top = path.split('.')[0]!;
  return fields ? fields.includes(path) || fields.includes(top) : path in payload || top in payload;
}

/**
 * The 400 answer of a form action: the submission's reply with the api's field details mapped
 * onto the fields (details naming no field of the form, or no details at all, become a form
 * error with the api's message), password fields emptied. The api's message also comes back as
 * an error toast, as the spec's error catalogue asks.
 */
export function formFailure<T, E extends Record<string, unknown> = Record<never, never>>(
  submission: Submission<T>,
  options: FormFailureOptions & {
    /** More data the page needs to render the form again (the place lists of the chosen country). */
    extra?: E;
  } = {},
) {
  const { error, hideFields, intent } = options;
  let reply;
  if (error instanceof ApiError) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    const payload = (submission.payload ?? {}) as Record<string, unknown>;
    for (const detail of error.details) {
      if (isFormField(detail.path, payload, options.fields)) (fieldErrors[detail.path] ??= []).push(detail.message);
      else if (!formErrors.includes(detail.message)) formErrors.push(detail.message);
    }
    if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(error.message);
    reply = submission.reply({ formErrors, fieldErrors, hideFields });
  } else if (error) {
    throw error;
  } else {
    reply = submission.reply({ hideFields });
  }
  const status = options.status ?? (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 400);
  const toast = error instanceof ApiError ? { type: 'error' as const, message: error.message } : null;
  return json({ ...(options.extra as E), intent, result: reply, toast }, { status });
}
