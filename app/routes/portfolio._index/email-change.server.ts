import { redirectWithSuccess } from '~/utils/toast.server';
import * as users from '~/models/users.server';
import { formFailure } from '~/utils/forms.server';
import { updateSessionUser } from '~/utils/session.server';
import { EmailChangeBody, EmailChangeConfirmBody } from '../../../server/contract/email-change';
import { CODE_DIALOG } from './email-change-forms';
import { parseWithZod } from '~/utils/form-data.server';

/** Step 1: the password and the new address; the api mails a code there, the code form opens. */
export async function startEmailChange(request: Request, formData: FormData) {
  const intent = 'email-change';
  const submission = parseWithZod(formData, { schema: EmailChangeBody });
  if (submission.status !== 'success') return formFailure(submission, { intent, hideFields: ['password'] });
  try {
    const { message } = await users.startEmailChange(request, submission.value);
    return redirectWithSuccess(`/portfolio?dialog=${CODE_DIALOG}`, message);
  } catch (error) {
    return formFailure(submission, { intent, error, hideFields: ['password'] });
  }
}

/** Step 2: the code; the session's user snapshot takes the new address. */
export async function confirmEmailChange(request: Request, formData: FormData) {
  const intent = 'email-change-confirm';
  const submission = parseWithZod(formData, { schema: EmailChangeConfirmBody });
  if (submission.status !== 'success') return formFailure(submission, { intent });
  try {
    const { data } = await users.confirmEmailChange(request, submission.value);
    const cookie = await updateSessionUser(request, data);
    return redirectWithSuccess('/portfolio', `Your login email is now ${data.email}`, { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return formFailure(submission, { intent, error });
  }
}
