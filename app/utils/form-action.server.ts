import type { z } from 'zod/v4';
import { parseWithZod } from './form-data.server';
import { formFailure, type FormFailureOptions } from './forms.server';
import { asErrorResponse } from './workspace.server';

type FailureOptions = Omit<FormFailureOptions, 'error' | 'intent'> & { data?: Record<string, unknown> };

/**
 * The one path of a form action (issue 30 item 4): parse the bounded form with the schema, hand
 * the value to `send` (a model call), then answer. A form the schema refuses, or an api failure
 * (`ApiError`), comes back as `formFailure` with the fields' messages and the intent; anything
 * else (a redirect a guard threw, a bug) passes through. On success `done` makes the answer,
 * usually a redirect with a toast.
 */
export async function submitForm<S extends z.ZodType, R>(
  formData: FormData,
  options: {
    schema: S;
    intent?: string;
    send: (value: z.output<S>) => Promise<R>;
    done: (reply: R, value: z.output<S>) => Response | Promise<Response>;
    /** How a failure is shown: hidden fields, renamed api paths, the spec's "Failed to …", data the page needs again. */
    failure?: FailureOptions | ((value: z.output<S> | undefined) => FailureOptions);
  },
) {
  const submission = parseWithZod(formData, { schema: options.schema });
  const failure = (value?: z.output<S>) => (typeof options.failure === 'function' ? options.failure(value) : options.failure);
  if (submission.status !== 'success') return formFailure(submission, { ...failure(), intent: options.intent });
  let reply: R;
  try {
    reply = await options.send(submission.value);
  } catch (error) {
    return formFailure(submission, { ...failure(submission.value), error, intent: options.intent });
  }
  return options.done(reply, submission.value);
}

/**
 * What a loader cannot do without: an api failure becomes the response the route throws, so its
 * error boundary shows the status (403, 404, 503) instead of a bare 500.
 */
export async function required<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw asErrorResponse(error);
  }
}
