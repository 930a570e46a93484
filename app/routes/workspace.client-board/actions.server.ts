import { json } from '@remix-run/node';
import { createShareLink, markDecisionsRead, revokeShareLink } from '~/models/share-links.server';
import { submitForm } from '~/utils/form-action.server';
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
/** One decision's id, or none: every unread decision the viewer sees. */
const MarkReadForm = z.object({ id: z.string().max(64).optional() });

/** The Client Board's actions: `share` (make a link), `revoke`, and `markRead` (client decisions, docs/decisions/295). */
export async function clientBoardAction(request: Request) {
  return dispatchIntent(await readFormData(request), {
    markRead: (formData) =>
      submitForm(formData, {
        schema: MarkReadForm,
        intent: 'markRead',
        send: ({ id }) => markDecisionsRead(request, id ? [id] : undefined),
        done: (reply) => redirectWithSuccess(CLIENT_BOARD, reply.message),
      }),
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
