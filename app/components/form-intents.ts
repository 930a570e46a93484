import { parse } from '@conform-to/react';

/**
 * conform's `onValidate` for a form the server validates: nothing is checked in the browser (no
 * zod in the page's script), but the add/remove row buttons (conform intents) are applied in
 * place with JavaScript instead of posting the whole form, files included. Without JavaScript
 * they stay submit buttons the action answers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's Submission type is generic over the form's fields
export function applyIntentsInPlace({ formData }: { formData: FormData }): any {
  return parse(formData, { resolve: (value) => ({ value }) });
}
