/**
 * The hidden inputs a small post form carries (`intent`, `id`, the value it sets), in the given
 * order; an entry whose value is null or undefined is left out (a query default kept out of the URL).
 */
export function HiddenFields({ values }: { values: Record<string, string | null | undefined> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (value == null ? null : <input key={name} type="hidden" name={name} value={value} />))}
    </>
  );
}
