import type { Submission } from '@conform-to/react';
import { json } from '@remix-run/node';
import { ApiError } from './api.server';

/**
 * The 400 answer of a form action: the submission's reply with the api's field details mapped
 * onto the fields (or its message as a form error), password fields emptied.
 */
export function formFailure<T>(
  submission: Submission<T>,
  options: { error?: unknown; hideFields?: string[]; intent?: string; status?: number } = {},
) {
  const { error, hideFields, intent } = options;
  let reply;
  if (error instanceof ApiError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const detail of error.details) (fieldErrors[detail.path] ??= []).push(detail.message);
    reply = submission.reply({ formErrors: error.details.length ? [] : [error.message], fieldErrors, hideFields });
  } else if (error) {
    throw error;
  } else {
    reply = submission.reply({ hideFields });
  }
  const status = options.status ?? (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 400);
  // Server failures are also announced as a toast, as the spec's error catalogue asks.
  const toast = error instanceof ApiError ? { type: 'error' as const, message: error.message } : null;
  return json({ intent, result: reply, toast }, { status });
}
