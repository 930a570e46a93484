import { changePassword, saveNotificationSettings } from '~/models/chat-book.server';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { saveFirmTimeZone } from '~/models/firm-settings.server';
import { ChangePasswordBody, NOTIFICATION_FLAGS, PASSWORD_MESSAGES, TIME_ZONE_MESSAGES, TimeZoneBody } from '../../../server/contract/settings';
import { submitForm, required } from '~/utils/form-action.server';

const SETTING_PATH = '/workspace/setting';
/** Never sent back to the page, even after a failure. */
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'];

/** The Setting page's forms: `password` (current, new, confirm), `notifications` (the mail choices) and the firm's `timeZone`. */
export async function settingAction(request: Request) {
  const form = await readFormData(request);
  return dispatchIntent(form, {
    password: () =>
      submitForm(form, {
        schema: ChangePasswordBody,
        intent: 'password',
        failure: { fields: PASSWORD_FIELDS, hideFields: PASSWORD_FIELDS },
        send: (value) => changePassword(request, value),
        done: () => redirectWithSuccess(SETTING_PATH, PASSWORD_MESSAGES.changed),
      }),
    notifications: async () => {
      const choices = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, form.get(flag) === 'on'])) as Record<(typeof NOTIFICATION_FLAGS)[number], boolean>;
      await required(saveNotificationSettings(request, choices));
      return redirectWithSuccess(SETTING_PATH, 'Mail choices saved');
    },
    // The page after the redirect reads the account again (its viewer version changed), so it shows the new zone.
    timeZone: () =>
      submitForm(form, {
        schema: TimeZoneBody,
        intent: 'timeZone',
        send: (value) => saveFirmTimeZone(request, value),
        done: () => redirectWithSuccess(SETTING_PATH, TIME_ZONE_MESSAGES.saved),
      }),
  });
}

