import { changePassword, saveNotificationSettings } from '~/models/chat-book.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { asErrorResponse } from '~/utils/workspace.server';
import { saveFirmTimeZone } from '~/models/firm-settings.server';
import { submitForm } from '~/utils/form-action.server';
import { getMe } from '~/models/users.server';
import { updateSessionUser } from '~/utils/session.server';
import { ChangePasswordBody, NOTIFICATION_FLAGS, PASSWORD_MESSAGES, TIME_ZONE_MESSAGES, TimeZoneBody } from '../../../server/contract/settings';

const SETTING_PATH = '/workspace/setting';
/** Never sent back to the page, even after a failure. */
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'];

/** The Setting page's forms: `password` (current, new, confirm), `notifications` (the mail choices) and the firm's `timeZone`. */
export async function settingAction(request: Request) {
  const form = await readFormData(request);
  return dispatchIntent(form, {
    password: async () => {
      const submission = parseWithZod(form, { schema: ChangePasswordBody });
      if (submission.status !== 'success') return formFailure(submission, { intent: 'password', hideFields: PASSWORD_FIELDS });
      try {
        await changePassword(request, submission.value);
      } catch (error) {
        return formFailure(submission, { error, intent: 'password', fields: PASSWORD_FIELDS, hideFields: PASSWORD_FIELDS });
      }
      return redirectWithSuccess(SETTING_PATH, PASSWORD_MESSAGES.changed);
    },
    notifications: async () => {
      const choices = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, form.get(flag) === 'on'])) as Record<(typeof NOTIFICATION_FLAGS)[number], boolean>;
      try {
        await saveNotificationSettings(request, choices);
      } catch (error) {
        throw asErrorResponse(error);
      }
      return redirectWithSuccess(SETTING_PATH, 'Mail choices saved');
    },
    // The saver's own snapshot is written here, so the page after the redirect (a data request with
    // JavaScript, which never refreshes the viewer) shows the new zone; the firm's other sessions
    // follow on their next page load, their viewer version having changed (docs/decisions/297).
    timeZone: () =>
      submitForm(form, {
        schema: TimeZoneBody,
        intent: 'timeZone',
        send: async (value) => {
          await saveFirmTimeZone(request, value);
          return (await getMe(request)).data;
        },
        done: async (me) => redirectWithSuccess(SETTING_PATH, TIME_ZONE_MESSAGES.saved, { headers: { 'Set-Cookie': await updateSessionUser(request, me) } }),
      }),
  });
}

