import { json } from '@remix-run/node';

/**
 * Runs the handler of the form's `intent` (the Epic Stack's `switch (intent)`, as a table): several
 * forms of one page post to one action and are told apart by their intent button or hidden field.
 * An intent the page does not have answers 400, never a guess.
 */
export async function dispatchIntent<R>(formData: FormData, handlers: Record<string, (formData: FormData) => R | Promise<R>>): Promise<R> {
  const intent = formData.get('intent');
  const handler = typeof intent === 'string' && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) throw json({ message: `Unknown action${typeof intent === 'string' && intent ? ` "${intent.slice(0, 40)}"` : ''}` }, { status: 400 });
  return handler(formData);
}
