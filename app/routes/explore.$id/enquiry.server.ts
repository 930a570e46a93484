import { getFirmContact } from '~/models/firms.server';
import { getEnquiryToken, sendEnquiry } from '~/models/leads.server';
import { requireUserOrSignIn } from '~/utils/guards.server';
import { readFormData } from '~/utils/form-data.server';
import { submitForm, optional } from '~/utils/form-action.server';
import { honeypotInputProps, isSpam } from '~/utils/honeypot.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { EnquiryBody, LEAD_MESSAGES } from '../../../server/contract/leads';
import type { User } from '../../../server/contract/users';

/**
 * The Contact popup's enquiry as the pages with an owner card use it: what the
 * loader adds (the honeypot's fields, the visitor's name and email) and the action.
 */

export async function enquiryLoaderData(request: Request, user: Pick<User, 'userName' | 'email' | 'role'> | null, firmId: string) {
  // A token only when the URL opens the popup: with JavaScript the form fetches its own when it
  // opens in place (resources.enquiry-token), so a plain page view makes no call for it. Without a
  // token the form still shows; the api then answers with its own clear message.
  const url = new URL(request.url);
  const contactOpen = url.searchParams.get('dialog') === 'contact';
  if (!user) {
    // A visitor's page carries no contact details (it is shared-cacheable, decision 387): the popup
    // reads them from the api, limited per address (decision 386), and asks to sign in to enquire.
    const contact = contactOpen ? await optional(getFirmContact(request, firmId)) : null;
    return { honeypot: null, visitor: null, formToken: '', contact: contact ? { details: contact.reply?.data ?? null, error: contact.toast?.message ?? null } : null };
  }
  const formToken = contactOpen ? ((await optional(getEnquiryToken(request, firmId))).reply ?? '') : '';
  return { honeypot: honeypotInputProps(), visitor: { name: user.userName, email: user.email }, formToken, contact: null };
}

/** The page a visitor who tried to enquire comes back to after signing in: this one, with the Contact popup open. */
export function contactPopupPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  url.searchParams.set('dialog', 'contact');
  return `${url.pathname}${url.search}`;
}

/**
 * Sends the form to the firm (`pageFirmId`, or the form's `firmId` on a project page): the page it was posted from, without the popup, with a toast on
 * success; the form again with its messages otherwise. A bot's post (honeypot filled or forged)
 * gets the same success and reaches nobody.
 */
export async function enquiryAction(request: Request, pageFirmId: string | null) {
  await requireUserOrSignIn(request, contactPopupPath(request));
  const formData = await readFormData(request);
  // A project page names its firm in the form (the api refuses a project that is not the firm's).
  const formFirmId = formData.get('firmId');
  const firmId = pageFirmId ?? (typeof formFirmId === 'string' ? formFirmId : '');
  return dispatchIntent(formData, {
    enquiry: async () => {
      const back = new URL(request.url);
      back.searchParams.delete('dialog');
      back.searchParams.delete('index');
      const to = `${back.pathname}${back.search}`;
      if (await isSpam(formData)) return redirectWithSuccess(to, LEAD_MESSAGES.sent);
      const projectId = formData.get('projectId');
      return submitForm(formData, {
        schema: EnquiryBody,
        intent: 'enquiry',
        // A refused form token is told above the form, as the form's own error.
        failure: { fields: ['name', 'email', 'phone', 'projectType', 'message'] },
        send: (value) => sendEnquiry(request, firmId, { ...value, projectId: typeof projectId === 'string' && projectId ? projectId : null }),
        done: () => redirectWithSuccess(to, LEAD_MESSAGES.sent),
      });
    },
  });
}
