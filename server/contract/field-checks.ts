import { CONTACT_NO_MESSAGE, WEBSITE_MESSAGE } from './contact-rules.js';

/**
 * The browser's copy of the field rules of text-fields.ts, contact-fields.ts and users.ts, free of
 * zod (decision 058, 155): a check answers the messages the api's schema gives for a submitted
 * value, so a dialog can show every error of a submit at once and clear each as its field becomes
 * valid without a request. The api's schema still decides; field-checks.test.ts runs both on the
 * same table of values and fails when they disagree.
 */

/** A field's messages for a value as conform reads it from the form (a string, or undefined when empty). */
export type FieldCheck = (value: unknown) => string[];

/** The checks of a form: its fields, and the fields of each row of its lists (`teams[0].name`). */
export type FormChecks = {
  fields: Record<string, FieldCheck>;
  rows?: Record<string, Record<string, FieldCheck>>;
};

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const atMost = (value: string, max: number) => (value.length > max ? [`At most ${max} characters`] : []);

/** requiredText of text-fields.ts. */
export const requiredTextCheck =
  (message: string, max = 200): FieldCheck =>
  (value) => {
    const v = trimmed(value);
    return v ? atMost(v, max) : [message];
  };

/** optionalText of text-fields.ts. */
export const optionalTextCheck =
  (max: number): FieldCheck =>
  (value) =>
    atMost(trimmed(value), max);

/** zod 4's email pattern (zod/v4/core regexes `email`), which `z.email()` applies. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** email of users.ts. */
export const emailCheck =
  (requiredMessage = 'Email is required'): FieldCheck =>
  (value) => {
    const v = trimmed(value);
    if (!v) return [requiredMessage];
    return [...(v.length > 254 ? ['Email is too long'] : []), ...(EMAIL.test(v) ? [] : ['Invalid email format'])];
  };

/** optionalEmail of users.ts: empty clears it. */
export const optionalEmailCheck = (): FieldCheck => (value) => {
  const v = trimmed(value);
  if (v.length > 254) return ['Email is too long'];
  return v && !EMAIL.test(v) ? ['Invalid email format'] : [];
};

/** contactNumber of contact-fields.ts: ten digits once spaces, dashes and brackets are gone. */
export const contactNumberCheck =
  (requiredMessage: string): FieldCheck =>
  (value) => {
    const v = trimmed(value);
    if (!v) return [requiredMessage];
    return /^\d{10}$/.test(v.replace(/[\s()-]/g, '')) ? [] : [CONTACT_NO_MESSAGE];
  };

/** websiteAddress of contact-fields.ts: optional, `https://` added when no scheme is given. */
export const websiteCheck = (): FieldCheck => (value) => {
  const v = trimmed(value);
  if (!v) return [];
  if (v.length > 300) return ['At most 300 characters'];
  const url = /^https?:\/\//i.test(v) ? v : `https://${v}`;
  return /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(url) ? [] : [WEBSITE_MESSAGE];
};

/**
 * One of `options`. A zod enum (the registration's firm type) says `required` for any other value
 * and does not trim; the profile's firm type trims and says `invalid` for a value off the list.
 */
export const choiceCheck =
  (options: readonly string[], messages: { required: string; invalid?: string; trim?: boolean }): FieldCheck =>
  (value) => {
    const v = typeof value === 'string' ? (messages.trim ? value.trim() : value) : '';
    if (!v.trim()) return [messages.required];
    return options.includes(v) ? [] : [messages.invalid ?? messages.required];
  };

/** newPassword of users.ts. */
export const newPasswordCheck =
  (requiredMessage = 'Password is required'): FieldCheck =>
  (value) => {
    const v = typeof value === 'string' ? value : '';
    if (!v) return [requiredMessage];
    if (v.length < 6) return ['Password must be at least 6 characters long'];
    return v.length > 128 ? ['Password must be at most 128 characters long'] : [];
  };

/** A check that passes an empty value (zod's `.optional()`). */
export const optionalCheck =
  (check: FieldCheck): FieldCheck =>
  (value) =>
    value === undefined || value === '' ? [] : check(value);

/**
 * The field errors of a form's payload (conform's: empty values are undefined, lists are arrays),
 * keyed by field name as conform names them. Only fields with errors are listed.
 */
export function checkForm(checks: FormChecks, payload: unknown): Record<string, string[]> {
  const values = (payload ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const [name, check] of Object.entries(checks.fields)) {
    const messages = check(values[name]);
    if (messages.length) errors[name] = messages;
  }
  for (const [list, rowChecks] of Object.entries(checks.rows ?? {})) {
    const rows = Array.isArray(values[list]) ? (values[list] as unknown[]) : [];
    rows.forEach((row, index) => {
      const cells = (row ?? {}) as Record<string, unknown>;
      for (const [name, check] of Object.entries(rowChecks)) {
        const messages = check(cells[name]);
        if (messages.length) errors[`${list}[${index}].${name}`] = messages;
      }
    });
  }
  return errors;
}
