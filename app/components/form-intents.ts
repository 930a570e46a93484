import { parse } from '@conform-to/react';
import { useNavigation } from '@remix-run/react';

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

/** The `useForm` options of a form the server alone validates, on submit (no check while typing). */
export const VALIDATE_ON_SUBMIT = {
  shouldValidate: 'onSubmit',
  shouldRevalidate: 'onSubmit',
} as const;

/**
 * The `useForm` options of a form the server validates, on submit: conform would otherwise post
 * the whole form (files included) on every keystroke in a field that has an error. Rows are added
 * and removed in place (`applyIntentsInPlace`).
 */
export const SERVER_VALIDATION = {
  ...VALIDATE_ON_SUBMIT,
  onValidate: applyIntentsInPlace,
} as const;

/** Whether the page is saving a form: a submission that is not a conform intent (add or remove a row). */
export function useSaving(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('__intent__') == null;
}

/**
 * Whether the page is posting the form of `intent` (and, when given, of the item `id`): the busy
 * state of one form among several on a page.
 */
export function useSubmittingIntent(intent: string | undefined, id?: string): boolean {
  const navigation = useNavigation();
  const data = navigation.formData;
  return navigation.state === 'submitting' && data?.get('intent') === intent && (id === undefined || data?.get('id') === id);
}
