import { Suggestions } from './suggestions';

/**
 * A searchable dropdown: a text input with a list of suggestions (input + datalist), so a long
 * list (countries, cities) can be narrowed by typing, with and without JavaScript.
 */
export function FilterCombo({
  name,
  label,
  options,
  value,
  placeholder,
  error,
  dependsOn,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<string>;
  value: string;
  placeholder: string;
  error?: string;
  /** The filter this one narrows (State needs a Country): until that holds a valid value, this one is disabled and says so. */
  dependsOn?: { label: string; value: string; error?: string };
}) {
  const id = `filter-${name}`;
  const waiting = dependsOn && !dependsOn.value;
  const disabled = dependsOn ? waiting || Boolean(dependsOn.error) : undefined;
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
        placeholder={waiting ? `Choose a ${dependsOn.label.toLowerCase()} first` : placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <Suggestions id={`${id}-options`} options={options} />
      {error ? (
        <p id={`${id}-error`} className="field-errors">
          {error}
        </p>
      ) : null}
    </div>
  );
}
