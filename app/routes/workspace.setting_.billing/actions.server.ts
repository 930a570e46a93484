import { removeSignature, saveBillingProfile, uploadSignature } from '~/models/billing.server';
import { submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { parseUploadForm, TOO_LARGE } from '~/utils/uploads.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { z } from 'zod/v4';
import { BILLING_MESSAGES, BillingProfileChanges } from '../../../server/contract/billing';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MESSAGES } from '../../../server/contract/billing-rules';

export const BILLING_PATH = '/workspace/setting/billing';

/** The signature form (decision 402): a file, refused on its field here when above the limit, before it goes on to the api. */
const SignatureFields = z.object({ file: z.unknown().optional() }).superRefine((v, ctx) => {
  if (v.file === TOO_LARGE) ctx.addIssue({ code: 'custom', path: ['file'], message: SIGNATURE_MESSAGES.tooLarge });
  else if (!(v.file instanceof File)) ctx.addIssue({ code: 'custom', path: ['file'], message: SIGNATURE_MESSAGES.required });
});

/**
 * The billing profile form (`save`): checked with the api's own schema first, so its messages show
 * without a round trip; the signature's upload (`signature`, multipart) and `remove-signature`.
 * Plain posts: each works without JavaScript.
 */
export async function billingAction(request: Request) {
  return dispatchIntent(await parseUploadForm(request, { maxFileBytes: SIGNATURE_MAX_BYTES, maxFiles: 1 }), {
    save: (formData) =>
      submitForm(formData, {
        schema: BillingProfileChanges,
        intent: 'save',
        // The normalised values (upper-case GSTIN, the state as spelled in the list); the api checks them again.
        send: (profile) => saveBillingProfile(request, profile),
        done: () => redirectWithSuccess(BILLING_PATH, BILLING_MESSAGES.saved),
      }),
    signature: (formData) =>
      submitForm(formData, {
        schema: SignatureFields,
        intent: 'signature',
        // The api's refusal of the file (its type or size, on `files.0`; the image itself, on `file`) marks the file field.
        failure: { fields: ['file'], rename: { files: 'file' } },
        send: ({ file }) => uploadSignature(request, file as File),
        done: (reply) => redirectWithSuccess(`${BILLING_PATH}#signature`, reply.message),
      }),
    'remove-signature': (formData) =>
      submitForm(formData, {
        schema: z.object({}),
        intent: 'remove-signature',
        send: () => removeSignature(request),
        done: (reply) => redirectWithSuccess(`${BILLING_PATH}#signature`, reply.message),
      }),
  });
}
