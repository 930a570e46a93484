import { parse } from '@conform-to/react';
import { checkForm, type FormChecks } from '../../server/contract/field-checks';
import { PLACE_MESSAGES } from '../../server/contract/places-rules';

/**
 * Validation in the browser for the dialogs whose fields must show every error of a submit at once
 * and clear each one as its field becomes valid (decision 155), without zod in the
 * page (decision 058): the zod-free checks of the area's rules module, the place rule as the
 * selects know it, and what the form adds (a chosen file's problem). The server validates again
 * with the api's schema and the full place rule; it decides.
 */

/** The timing that goes with it: a field is first checked when left, then on every change. */
export const BROWSER_VALIDATION = { shouldValidate: 'onBlur', shouldRevalidate: 'onInput' } as const;

/**
 * For the submit button of such a form: pressing it does not take the focus from the field, so
 * that field's blur check cannot insert an error above the button between the press and the
 * release and make the click miss it; the submit checks every field anyway.
 */
export const SUBMIT_WITHOUT_BLUR = { onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault() };

type Payload = Record<string, unknown>;
type Extra = (form: HTMLFormElement, payload: Payload) => Record<string, string[]>;

/**
 * State and City are required where their select offers a choice: the select is enabled and has
 * options exactly where the place data set lists states (cities), which is the api's rule
 * (decision 140). City is asked for only once a state is chosen, as the api does.
 */
export function placeSelectErrors(form: HTMLFormElement, payload: Payload): Record<string, string[]> {
  const offersChoice = (name: string) => {
    const select = form.elements.namedItem(name);
    return select instanceof HTMLSelectElement && !select.disabled && select.options.length > 1;
  };
  if (offersChoice('state') && !payload.state) return { state: [PLACE_MESSAGES.stateRequired] };
  if (payload.state && offersChoice('city') && !payload.city) return { city: [PLACE_MESSAGES.cityRequired] };
  return {};
}

/**
 * conform's `onValidate` for a form checked in the browser. A submit with errors is stopped and
 * shows them all; a field's change re-checks the fields already shown and clears what became
 * valid. The form-level messages of the server's last answer stay until the next submit.
 */
export function browserValidation(checks: FormChecks, extra?: Extra) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's Submission type is generic over the form's fields
  return ({ form, formData }: { form: HTMLFormElement; formData: FormData }): any =>
    parse(formData, {
      resolve: (value, intent) => {
        const payload = (value ?? {}) as Payload;
        const errors = { ...checkForm(checks, payload), ...placeSelectErrors(form, payload), ...extra?.(form, payload) };
        if (!intent && Object.keys(errors).length === 0) return { value: payload };
        // null keeps conform's current error of that name (here the server's form-level message).
        return { error: { '': null, ...errors } };
      },
    });
}
