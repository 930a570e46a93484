import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field';

type InputType = 'text' | 'email' | 'tel' | 'date' | 'password' | 'url' | 'number';

/**
 * The most repeated row of a form: the field wrapper around one conform input of `type`; the rest
 * of the props (autoComplete, placeholder, maxLength...) go on the input after conform's own.
 */
export function TextField<Schema>({
  label,
  meta,
  type = 'text',
  hint,
  ...input
}: {
  label: ReactNode;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's schema does not matter here, as in conform's own getInputProps
  meta: FieldMetadata<Schema, any, string[]>;
  type?: InputType;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id' | 'form'>) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <input {...getInputProps(meta, { type })} {...input} />
    </Field>
  );
}
