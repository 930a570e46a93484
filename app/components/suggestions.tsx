/**
 * A `<datalist>` of suggestions whose options are one string of HTML: React renders, sends and
 * hydrates one element instead of one per option. The directory's Country filter has 250 options,
 * more than half the elements of `/firms` (docs/decisions/190). Values are escaped: the address
 * book's client names are the firm's own input.
 */
export function Suggestions({ id, options, testId }: { id: string; options: ReadonlyArray<string>; testId?: string }) {
  return <datalist id={id} data-testid={testId} dangerouslySetInnerHTML={{ __html: optionsHtml(options) }} />;
}

const written = new WeakMap<ReadonlyArray<string>, string>();

/** The options as HTML, kept per list: the server's place lists are the same arrays on every request. */
export function optionsHtml(options: ReadonlyArray<string>): string {
  let html = written.get(options);
  if (html === undefined) {
    html = options.map((o) => `<option value="${escapeAttribute(o)}"></option>`).join('');
    written.set(options, html);
  }
  return html;
}

// React's own escapes for attribute values (escapeTextForBrowser), so the page is the same either way.
const ENTITIES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ENTITIES[c]!);
}
