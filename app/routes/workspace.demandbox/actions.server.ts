import { deleteLead, updateLead } from '~/models/leads.server';
import { redirectAfter } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';

/** Where an action on a lead returns to: the page it was posted from, without the popup's parameters. */
function backTo(request: Request, fallback: string) {
  const url = new URL(request.url);
  for (const name of ['confirm', 'dialog', 'panel', 'index']) url.searchParams.delete(name);
  return url.pathname.startsWith('/workspace/') ? `${url.pathname}${url.search}` : fallback;
}

const flag = (formData: FormData) => formData.get('value') === 'true';
const idOf = (formData: FormData) => String(formData.get('id') ?? '');

/**
 * The actions on a lead, shared by the demand box and a lead's page: `handled` (the checkbox),
 * `read` and `archive` (the menu, `value` true or false) and `delete` (after the confirmation,
 * which returns to the demand box: the lead's page is gone).
 */
export async function leadActions(request: Request, formData?: FormData, extra: Record<string, (formData: FormData) => Promise<Response>> = {}) {
  const to = backTo(request, '/workspace/demandbox');
  const list = new URL(request.url).pathname === '/workspace/demandbox' ? to : '/workspace/demandbox';
  const change = (changes: Parameters<typeof updateLead>[2], message: string, after = to) => (data: FormData) =>
    redirectAfter(updateLead(request, idOf(data), changes), after, message, { to });
  return dispatchIntent(formData ?? (await readFormData(request)), {
    handled: (data) => change({ handled: flag(data) }, flag(data) ? 'Marked as handled' : 'Marked as open')(data),
    // Opening a lead reads it: marked unread from its page, it goes back to the list (or it would be read again).
    read: (data) => change({ read: flag(data) }, flag(data) ? 'Marked as read' : 'Marked as unread', flag(data) ? to : list)(data),
    archive: (data) => change({ archived: flag(data) }, flag(data) ? 'Enquiry archived' : 'Enquiry moved to the inbox')(data),
    delete: (data) => redirectAfter(deleteLead(request, idOf(data)), list, 'Enquiry deleted', { to }),
    ...extra,
  });
}
