import { parseWithZod as conformParseWithZod } from '@conform-to/zod/v4';
import { json } from '@remix-run/node';

/**
 * The one place where every action's form is read and parsed
 * (docs/decisions/062). The web server already bounds the body's bytes; this bounds its shape
 * before conform turns names into objects and arrays: `junk[10000000]=1` would make conform build
 * (and the reply echo) a ten-million-item array, `teams[1000000].name=x` froze the profile form.
 * A form over a limit is answered 400 at once, with a message that repeats nothing of it.
 */

export const FORM_LIMITS = {
  /** Fields in one form (the largest, a public project, has a few hundred at most). */
  maxFields: 2000,
  /** The highest list index in a field name (`teams[999].name`); lists of the product are far shorter. */
  maxIndex: 999,
  /** Characters of one field name. */
  maxNameLength: 200,
};

export const FORM_TOO_LARGE_MESSAGE = 'The form has more fields, or longer lists, than this page accepts.';

const INDEX = /\[(\d+)\]/g;

/** Why a form's shape is refused, or null when it is within the limits. */
export function formShapeProblem(form: FormData | URLSearchParams, limits = FORM_LIMITS): string | null {
  let fields = 0;
  for (const name of form.keys()) {
    fields += 1;
    if (fields > limits.maxFields) return `more than ${limits.maxFields} fields`;
    if (name.length > limits.maxNameLength) return `a field name longer than ${limits.maxNameLength} characters`;
    for (const match of name.matchAll(INDEX)) {
      if (match[1]!.length > 6 || Number(match[1]) > limits.maxIndex) return `a list index above ${limits.maxIndex}`;
    }
  }
  return null;
}

/** Throws the 400 answer (rendered by the error boundary) for a form out of bounds. */
export function assertFormShape(form: FormData | URLSearchParams): void {
  const problem = formShapeProblem(form);
  if (problem) throw json({ message: FORM_TOO_LARGE_MESSAGE }, { status: 400, statusText: `Form refused: ${problem}` });
}

/** `request.formData()`, checked; a body that is not a readable form answers 400, not 500. */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw json({ message: 'The form could not be read. Please try again.' }, { status: 400 });
  }
  assertFormShape(form);
  return form;
}

/** conform's `parseWithZod`, after the shape check (forms parsed by parseUploadForm come through here too). */
export const parseWithZod: typeof conformParseWithZod = ((form: FormData | URLSearchParams, options: Parameters<typeof conformParseWithZod>[1]) => {
  assertFormShape(form);
  return conformParseWithZod(form, options);
}) as typeof conformParseWithZod;
