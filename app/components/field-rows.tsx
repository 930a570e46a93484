import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { ErrorList, Field } from './field';
import { Suggestions } from './suggestions';

/** A row's values: `name` and the second field. */
type Row = Record<string, string | undefined>;

/**
 * A repeatable list of rows of a conform form, each a Name and one more text field (an
 * architecture's style, a team member's role), with Remove on each row and an Add button below.
 * Remove and Add are conform intents, so they work without JavaScript too.
 */
export function FieldRows<R extends Row, S extends Record<string, unknown>>({
  form,
  rows,
  second,
  testId,
  removeLabel,
  addLabel,
  keepOne = false,
  max,
}: {
  form: FormMetadata<S, string[]>;
  rows: FieldMetadata<R[] | undefined, S, string[]>;
  /** The row's second field: its key, label and (optional) suggestions. */
  second: { key: Exclude<keyof R & string, 'name'>; label: string; suggestions?: ReadonlyArray<string> };
  testId: string;
  /** The accessible name of a row's Remove button (`index` from 0). */
  removeLabel: (index: number) => string;
  addLabel: string;
  /** Keeps the last row: Remove shows only while there are two or more. */
  keepOne?: boolean;
  /** At most this many rows: Add gives way to `message`. */
  max?: { count: number; message: string };
}) {
  // Conform's metadata types do not resolve on a generic row; the caller's `second.key` is checked above.
  const plain = rows as unknown as FieldMetadata<Row[] | undefined, S, string[]>;
  const list = plain.getFieldList();
  const suggestions = second.suggestions ? `${rows.id}-suggestions` : undefined;
  return (
    <>
      <ErrorList id={rows.errorId} errors={rows.errors} />
      {second.suggestions ? (
        <Suggestions id={suggestions!} options={second.suggestions} />
      ) : null}
      <ol className="rows" data-testid={testId}>
        {list.map((row, index) => {
          const { name, [second.key]: other } = row.getFieldset();
          return (
            <li key={row.key} className="row">
              <Field label="Name" meta={name}>
                <input {...getInputProps(name, { type: 'text' })} />
              </Field>
              <Field label={second.label} meta={other}>
                <input {...getInputProps(other, { type: 'text' })} list={suggestions} />
              </Field>
              {!keepOne || list.length > 1 ? (
                <button {...form.remove.getButtonProps({ name: plain.name, index })} className="button button-ghost row-remove" aria-label={removeLabel(index)}>
                  Remove
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {max && list.length >= max.count ? (
        <p className="field-hint">{max.message}</p>
      ) : (
        <button {...form.insert.getButtonProps({ name: plain.name, defaultValue: { name: '', [second.key]: '' } })} className="button button-ghost">
          {addLabel}
        </button>
      )}
    </>
  );
}
