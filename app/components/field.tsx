import type { ReactNode } from 'react';

export type FieldErrors = string[] | undefined;

/** The part of a conform field's metadata the wrapper needs. */
export type FieldMeta = { id: string; errorId: string; descriptionId?: string; errors?: FieldErrors };

/**
 * The one field wrapper: label, control and error list. The control is spread with conform's
 * getInputProps, which sets aria-invalid and aria-describedby to this error list's id.
 */
export function Field({
  label,
  meta,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  meta: FieldMeta;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={meta.id}>{label}</label>
      {children}
      {hint ? (
        <p id={meta.descriptionId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: FieldErrors }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

export function FormErrors({ id, errors }: { id?: string; errors?: FieldErrors }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-errors" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
