import { json, redirect } from '@remix-run/node';
import { provePath } from '~/components/portal/paths';
import { z } from 'zod/v4';
import { decideItem, decideSection, getSharedSummary } from '~/models/share-links.server';
import { ApiError } from '~/utils/api.server';
import { submitForm } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { wellFormed } from '../../../server/contract/text-fields';
import { SHARE_COMMENT_MAX, SHARE_MESSAGES } from '../../../server/contract/share-links';

/**
 * The client's decision form (conform + zod like every other form): the section, or one of its
 * items (`itemId`, docs/decisions/412), Approve or Reject (the button's `intent`), and a comment,
 * needed to reject, checked here before the api is asked (which checks it again).
 */
const DecisionForm = z
  .object({
    sectionId: z.string().min(1).max(64),
    itemId: z.string().max(64).optional(),
    intent: z.enum(['approve', 'reject'], { error: SHARE_MESSAGES.decisionRequired }),
    comment: z.string().trim().max(SHARE_COMMENT_MAX, SHARE_MESSAGES.commentTooLong).transform(wellFormed).default(''),
  })
  .refine((form) => form.intent !== 'reject' || form.comment.length > 0, { message: SHARE_MESSAGES.rejectNeedsComment, path: ['comment'] });

async function proveFirst(request: Request, token: string, anchor: string) {
  const { data } = await getSharedSummary(request, token);
  const portalToken = data.portal?.path?.replace('/portal/', '');
  if (!portalToken) return json({ message: SHARE_MESSAGES.revoked }, { status: 410 });
  return redirect(provePath(portalToken, `/share/${token}#${anchor}`));
}

export async function shareDecisionAction(request: Request, token: string) {
  const formData = await readFormData(request);
  const sectionId = String(formData.get('sectionId') ?? '');
  const itemId = String(formData.get('itemId') ?? '');
  // The page's place of the form: the item's, or the section's.
  const anchor = itemId ? `item-${itemId}` : `section-${sectionId}`;
  return submitForm(formData, {
    schema: DecisionForm,
    // The failed form names its item or section, so only that form shows the errors.
    intent: itemId || sectionId,
    failure: { fields: ['comment'] },
    send: async ({ intent, comment }) => {
      const body = { decision: intent === 'approve' ? ('approved' as const) : ('rejected' as const), comment };
      try {
        return itemId ? await decideItem(request, token, itemId, body) : await decideSection(request, token, sectionId, body);
      } catch (error) {
        // A link of a client portal decides once this browser proved the contact's address (docs/decisions/391).
        if (error instanceof ApiError && error.code === 'proof-required') throw await proveFirst(request, token, anchor);
        // A withdrawn or expired link (410), or the api down: the page's error boundary says so.
        if (error instanceof ApiError && (error.status === 410 || error.status >= 500)) throw json({ message: error.message }, { status: error.status });
        throw error;
      }
    },
    done: (reply) => redirectWithSuccess(`/share/${encodeURIComponent(token)}#${anchor}`, reply.message),
  });
}
