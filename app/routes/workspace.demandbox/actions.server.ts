import { deleteLead, releaseLead, updateLead } from '~/models/leads.server';
import { LEAD_MESSAGES } from '../../../server/contract/leads-rules';
import { redirectAfter } from '~/utils/form-action.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError } from '~/utils/toast.server';
import { z } from 'zod/v4';

/** Where an action on a lead returns to: the page it was posted from, without the popup's parameters. */
function backTo(request: Request, fallback: string) {
  const url = new URL(request.url);
  for (const name of ['confirm', 'dialog', 'panel', 'index']) url.searchParams.delete(name);
  return url.pathname.startsWith('/workspace/') ? `${url.pathname}${url.search}` : fallback;
}

const idOf = (formData: FormData) => String(formData.get('id') ?? '');

/** A flag's form (hidden fields of the checkbox and the menu items): the lead and the flag's new value. */
const LeadFlag = z.object({ id: z.string(), value: z.enum(['true', 'false']).transform((value) => value === 'true') });
const MALFORMED = 'That request was not right. Reload the list and try again.';

/**
 * The actions on a lead, shared by the demand box and a lead's page: `handled` (the checkbox),
 * `read` and `archive` (the menu, `value` true or false), `release` (a held enquiry to the inbox,
 * docs/decisions/340) and `delete` (after the confirmation, which returns to the demand box: the
 * lead's page is gone).
 */
export async function leadActions(request: Request, formData?: FormData, extra: Record<string, (formData: FormData) => Promise<Response>> = {}) {
  const to = backTo(request, '/workspace/demandbox');
  const list = new URL(request.url).pathname === '/workspace/demandbox' ? to : '/workspace/demandbox';
  /** Sets one flag of the lead: `done` says the toast (and, for `read`, where to go) for the new value. */
  const change = (flag: 'handled' | 'read' | 'archived', done: (value: boolean) => { message: string; after?: string }) => async (data: FormData) => {
    const submission = parseWithZod(data, { schema: LeadFlag });
    if (submission.status !== 'success') return redirectWithError(to, MALFORMED);
    const { id, value } = submission.value;
    const { message, after = to } = done(value);
    const changes: Parameters<typeof updateLead>[2] = {};
    changes[flag] = value;
    return redirectAfter(updateLead(request, id, changes), after, message, { to, serverFailure: 'Failed to update the enquiry' });
  };
  return dispatchIntent(formData ?? (await readFormData(request)), {
    handled: change('handled', (on) => ({ message: on ? 'Marked as handled' : 'Marked as open' })),
    // Opening a lead reads it: marked unread from its page, it goes back to the list (or it would be read again).
    read: change('read', (on) => ({ message: on ? 'Marked as read' : 'Marked as unread', after: on ? to : list })),
    archive: change('archived', (on) => ({ message: on ? 'Enquiry archived' : 'Enquiry moved to the inbox' })),
    release: (data) => redirectAfter(releaseLead(request, idOf(data)), to, LEAD_MESSAGES.released, { to, serverFailure: 'Failed to release the enquiry' }),
    delete: (data) => redirectAfter(deleteLead(request, idOf(data)), list, 'Enquiry deleted', { to, serverFailure: 'Failed to delete the enquiry' }),
    ...extra,
  });
}
