import { saveNotificationSettings } from '~/models/chat-book.server';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { saveFirmTimeZone } from '~/models/firm-settings.server';
import { getMe } from '~/models/users.server';
import { updateSessionUser } from '~/utils/session.server';
import { NOTIFICATION_FLAGS, TIME_ZONE_MESSAGES, TimeZoneChanges } from '../../../server/contract/settings';
import { submitForm } from '~/utils/form-action.server';
import { accountIntentHandlers } from '~/utils/account-intents.server';
import { z } from 'zod/v4';
import { VersionField } from '../../../server/contract/http';

const SETTING_PATH = '/workspace/setting';
/** The mail choices' form: a box left unticked is off. */
const box = z.boolean().default(false);
const NotificationChoices = z.object({ tasks: box, chat: box, leads: box, clientDecisions: box, clientApprovals: box, paymentNotes: box, version: VersionField }) satisfies z.ZodType<Record<(typeof NOTIFICATION_FLAGS)[number], boolean> & { version: number }>;

/** The Setting page's forms: `password` (current, new, confirm), the signed-in devices' (decision 332), `notifications` (the mail choices) and the firm's `timeZone`. */
export async function settingAction(request: Request) {
  const form = await readFormData(request);
  return dispatchIntent(form, {
    ...accountIntentHandlers(request, form, SETTING_PATH),
    // The ticked boxes and the version they were read at (docs/decisions/320): a save that lost to another tab's comes back with them.
    notifications: () =>
      submitForm(form, {
        schema: NotificationChoices,
        intent: 'notifications',
        send: (value) => saveNotificationSettings(request, value),
        done: () => redirectWithSuccess(SETTING_PATH, 'Mail choices saved'),
      }),
    // The saver's own snapshot is written here, so the page after the redirect (a data request with
    // JavaScript, which never refreshes the viewer) shows the new zone; the firm's other sessions
    // follow on their next page load, their viewer version having changed (docs/decisions/297).
    timeZone: () =>
      submitForm(form, {
        schema: TimeZoneChanges,
        intent: 'timeZone',
        send: async (value) => {
          await saveFirmTimeZone(request, value);
          return (await getMe(request)).data;
        },
        done: async (me) => redirectWithSuccess(SETTING_PATH, TIME_ZONE_MESSAGES.saved, { headers: { 'Set-Cookie': await updateSessionUser(request, me) } }),
      }),
  });
}

