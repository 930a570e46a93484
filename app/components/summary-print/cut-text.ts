/** The spec's PDF rule (workspace-and-admin.md section 9): a description is cut at 50 characters. */
export const PDF_DESCRIPTION_MAX = 50;

/** `text` cut to `max` characters (code points, so no emoji is split), with "…" when it was longer. */
export function cutText(text: string, max = PDF_DESCRIPTION_MAX): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}
