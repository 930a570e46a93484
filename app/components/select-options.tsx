import type { ReactNode } from 'react';

/** A select's choices: the empty first one (`placeholder`: "Choose a client", "No project"), then one per item. */
export function SelectOptions({ placeholder, options }: { placeholder: string; options: ReadonlyArray<{ value: string; label: ReactNode }> }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
