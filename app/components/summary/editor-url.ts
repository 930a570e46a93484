/** The editor's views as URLs (DESIGN.md section 9: `?schedule={id}&tab=financial`), used by the page and its action. */

export type EditorTab = 'summary' | 'financial';
export type EditorView = { schedule?: string; tab: EditorTab; room?: string; edit?: boolean };

export const editorPath = (projectId: string) => `/workspace/project/schedules/summary-financial/${encodeURIComponent(projectId)}`;

/** The URL of a view; the Summary tab, the first room and display mode are the defaults left out. */
export function editorHref(projectId: string, view: EditorView, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (view.schedule) query.set('schedule', view.schedule);
  if (view.tab === 'financial') query.set('tab', 'financial');
  if (view.room) query.set('room', view.room);
  if (view.edit) query.set('edit', '1');
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const search = query.toString();
  return `${editorPath(projectId)}${search ? `?${search}` : ''}`;
}

/** The PDF of the chosen sections (the `summary-output` branch's resource route beside the editor). */
export const pdfPath = (projectId: string) => `${editorPath(projectId)}/pdf`;

/** The Save all form's field of one item: `f:<itemId>:<field>`. */
export const FIELD = (itemId: string, field: string) => `f:${itemId}:${field}`;
