import { redirectWithSuccess } from '~/utils/toast.server';
import * as users from '~/models/users.server';
import { submitForm } from '~/utils/form-action.server';
import { updateSessionUser } from '~/utils/session.server';
import { EmailChangeBody, EmailChangeConfirmBody } from '../../../server/contract/email-change';
import { CODE_DIALOG } from './email-change-forms';

/** Step 1: the password and the new address; the api mails a code there, the code form opens. */
export async function startEmailChange(request: Request, formData: FormData) {
  return submitForm(formData, {
    schema: EmailChangeBody,
    intent: 'email-change',
    failure: { hideFields: ['password'] },
    send: (value) => users.startEmailChange(request, value),
    done: ({ message }) => redirectWithSuccess(`/portfolio?dialog=${CODE_DIALOG}`, message),
  });
}

/** Step 2: the code; the session's user snapshot takes the new address. */
export async function confirmEmailChange(request: Request, formData: FormData) {
  return submitForm(formData, {
    schema: EmailChangeConfirmBody,
    intent: 'email-change-confirm',
    send: (value) => users.confirmEmailChange(request, value),
    done: async ({ data }) => {
      const cookie = await updateSessionUser(request, data);
      return redirectWithSuccess('/portfolio', `Your login email is now ${data.email}`, { headers: { 'Set-Cookie': cookie } });
    },
  });
}
