import { changePassword } from '~/models/chat-book.server';
import { endOtherSessions, endSession } from '~/models/sessions.server';
import { ChangePasswordBody, PASSWORD_MESSAGES } from '../../server/contract/settings';
import { redirectAfter, submitForm } from './form-action.server';
import { redirectWithSuccess } from './toast.server';

/** Never sent back to the page, even after a failure. */
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'];

/**
 * The forms every Setting page has for the person's own account, whoever they are (the firm's
 * Setting, the explorer's; decision 332), each back to `path` with what happened:
 * - `password`: current, new, confirm (docs/decisions/118);
 * - `endSession` (`sessionId`) and `endOtherSessions`: the signed-in devices card. The card offers no
 *   button for this very device (Logout is there for it); an id that is not the person's comes
 *   back as the api's "already ended".
 */
export function accountIntentHandlers(request: Request, form: FormData, path: string) {
  return {
    password: () =>
      submitForm(form, {
        schema: ChangePasswordBody,
        intent: 'password',
        failure: { fields: PASSWORD_FIELDS, hideFields: PASSWORD_FIELDS },
        send: (value) => changePassword(request, value),
        done: () => redirectWithSuccess(path, PASSWORD_MESSAGES.changed),
      }),
    endSession: () => redirectAfter(endSession(request, String(form.get('sessionId') ?? '')), path, (reply) => reply.message),
    endOtherSessions: () => redirectAfter(endOtherSessions(request), path, (reply) => reply.message),
  };
}
