import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Field } from './field';
import { PasswordInput } from './password-input';

/** A conform field holding text (what the email and password fields are given). */
type TextField = FieldMetadata<string, Record<string, unknown>, string[]>;

/** The email field of the log-in, sign-up and password forms. */
export function EmailField({ meta, label = 'Email', autoComplete = 'email' }: { meta: TextField; label?: string; autoComplete?: string }) {
  return (
    <Field label={label} meta={meta}>
      <input {...getInputProps(meta, { type: 'email' })} autoComplete={autoComplete} />
    </Field>
  );
}

/** A password field with show/hide; a hint, when given, also describes the input. */
export function PasswordField({
  meta,
  label = 'Password',
  autoComplete,
  hint,
}: {
  meta: TextField;
  label?: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
}) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <PasswordInput {...getInputProps(meta, { type: 'password', ariaDescribedBy: hint ? meta.descriptionId : undefined })} autoComplete={autoComplete} />
    </Field>
  );
}
