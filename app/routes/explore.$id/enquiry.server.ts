import { getEnquiryToken, sendEnquiry } from '~/models/leads.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { honeypotInputProps, isSpam } from '~/utils/honeypot.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { EnquiryBody, LEAD_MESSAGES } from '../../../server/contract/leads';
import type { User } from '../../../server/contract/users';

/**
 * The Contact popup's enquiry (issue 13 item 1) as the pages with an owner card use it: what the
 * loader adds (the honeypot's fields, the visitor's name and email) and the action.
 */

export async function enquiryLoaderData(request: Request, user: Pick<User, 'userName' | 'email' | 'role'>, firmId: string) {
  // A token only when the URL opens the popup: with JavaScript the form fetches its own when it
  // opens in place (resources.enquiry-token), so a plain page view makes no call for it. Without a
  // token the form still shows; the api then answers with its own clear message.
  const contactOpen = new URL(request.url).searchParams.get('dialog') === 'contact';
  const formToken = contactOpen ? await getEnquiryToken(request, firmId).catch(() => '') : '';
  return { honeypot: honeypotInputProps(), visitor: { name: user.userName, email: user.email }, formToken };
}

/**
 * Sends the form to the firm (`pageFirmId`, or the form's `firmId` on a project page): the page it was posted from, without the popup, with a toast on
 * success; the form again with its messages otherwise. A bot's post (honeypot filled or forged)
 * gets the same success and reaches nobody.
 */
export async function enquiryAction(request: Request, pageFirmId: string | null) {
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
      const submission = parseWithZod(formData, { schema: EnquiryBody });
      if (submission.status !== 'success') return formFailure(submission, { intent: 'enquiry' });
      const projectId = formData.get('projectId');
      try {
        await sendEnquiry(request, firmId, { ...submission.value, projectId: typeof projectId === 'string' && projectId ? projectId : null });
      } catch (error) {
        // A refused form token (issue 27 item 4) is told above the form, as the form's own error.
        return formFailure(submission, { intent: 'enquiry', error, fields: ['name', 'email', 'phone', 'projectType', 'message'] });
      }
      return redirectWithSuccess(to, LEAD_MESSAGES.sent);
    },
  });
}
