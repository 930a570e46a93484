import { json } from '@remix-run/node';
import { createShareLink, revokeShareLink } from '~/models/share-links.server';
import { ApiError } from '~/utils/api.server';
import { env } from '~/utils/env.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { z } from 'zod/v4';
import { CreateShareLinkBody, SHARE_MESSAGES } from '../../../server/contract/share-links';

export const CLIENT_BOARD = '/workspace/client-board';

const ShareForm = CreateShareLinkBody.extend({ scheduleId: z.string({ error: 'Choose a schedule' }).min(1, 'Choose a schedule').max(64) });

/** The Client Board's actions: `share` (make a link; its address is answered once) and `revoke`. */
export async function clientBoardAction(request: Request) {
  return dispatchIntent(await readFormData(request), {
    share: async (formData) => {
      const submission = parseWithZod(formData, { schema: ShareForm });
      if (submission.status !== 'success') return formFailure(submission, { intent: 'share' });
      const { scheduleId, ...body } = submission.value;
      try {
        const { data } = await createShareLink(request, scheduleId, body);
        // Answered, not redirected: the token is shown this once and is never stored by the web.
        return json({ created: { url: new URL(data.path, env.PUBLIC_URL).toString(), scheduleTitle: data.scheduleTitle, projectName: data.projectName, expiresAt: data.expiresAt } });
      } catch (error) {
        return formFailure(submission, { error, intent: 'share', fields: ['scheduleId', 'clientName', 'expiresInDays'] });
      }
    },
    revoke: async (formData) => {
      try {
        await revokeShareLink(request, String(formData.get('id') ?? ''));
      } catch (error) {
        if (error instanceof ApiError) return redirectWithError(CLIENT_BOARD, error.message);
        throw error;
      }
      return redirectWithSuccess(CLIENT_BOARD, SHARE_MESSAGES.revokedDone);
    },
  });
}
