/**
 * A searchable dropdown: a text input with a list of suggestions (input + datalist), so a long
 * list (countries, cities) can be narrowed by typing, with and without JavaScript.
 */
export function FilterCombo({
  name,
  label,
  options,
  value,
  disabled,
  placeholder,
  error,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<string>;
  value: string;
  disabled?: boolean;
  placeholder: string;
  error?: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        list={`${id}-options`}
        defaultValue={value}
        key={value}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <datalist id={`${id}-options`}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="field-errors">
          {error}
        </p>
      ) : null}
    </div>
  );
}
