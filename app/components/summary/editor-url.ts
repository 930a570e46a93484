/** The editor's views as URLs (DESIGN.md section 9: `?schedule={id}&tab=financial`), used by the page and its action. */

export type EditorTab = 'summary' | 'financial';
/**
 * `edit`: every item's texts (Summary) or figures (Financial) are fields of Save all (`edit=1`).
 * `open`: the one item or section whose controls and fields are drawn (`edit=<id>`); every other row
 * is a read view with an Edit link (a room of 200 items stays light).
 */
export type EditorView = { schedule?: string; tab: EditorTab; room?: string; edit?: boolean; open?: string };

/** The `edit` parameter read back: `1` for every item, an id for one row (`isId` checks it). */
export function readEdit(value: string | null | undefined, isId: (v: string) => boolean): Pick<EditorView, 'edit' | 'open'> {
  if (value === '1') return { edit: true, open: undefined };
  return { edit: false, open: value && isId(value) ? value : undefined };
}

/** The anchor of an item or a section, where the page returns after its Edit link or a post. */
export const rowAnchor = (id: string) => `row-${id}`;

export const editorPath = (projectId: string) => `/workspace/project/schedules/summary-financial/${encodeURIComponent(projectId)}`;

/** The URL of a view; the Summary tab, the first room and display mode are the defaults left out. */
export function editorHref(projectId: string, view: EditorView, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (view.schedule) query.set('schedule', view.schedule);
  if (view.tab === 'financial') query.set('tab', 'financial');
  if (view.room) query.set('room', view.room);
  if (view.edit) query.set('edit', '1');
  else if (view.open) query.set('edit', view.open);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const search = query.toString();
  return `${editorPath(projectId)}${search ? `?${search}` : ''}`;
}

/** The URL of a view scrolled to a row (`#row-<id>`): an Edit link, Done, and the redirect after a post. */
export const editorHrefAt = (projectId: string, view: EditorView, rowId: string | undefined) =>
  `${editorHref(projectId, view)}${rowId ? `#${rowAnchor(rowId)}` : ''}`;

/** The PDF of the chosen sections (the `summary-output` branch's resource route beside the editor). */
export const pdfPath = (projectId: string) => `${editorPath(projectId)}/pdf`;
/** The client proposal's PDF (docs/decisions/286). */
export const proposalPath = (projectId: string) => `${editorPath(projectId)}/proposal`;

/** The Save all form's field of one item: `f:<itemId>:<field>`. */
export const FIELD = (itemId: string, field: string) => `f:${itemId}:${field}`;
