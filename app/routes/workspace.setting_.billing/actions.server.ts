import { saveBillingProfile } from '~/models/billing.server';
import { parseWithZod, readFormData } from '~/utils/form-data.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { BILLING_MESSAGES, BillingProfileBody } from '../../../server/contract/billing';

export const BILLING_PATH = '/workspace/setting/billing';

/** The billing profile form (`save`): checked with the api's own schema first, so its messages show without a round trip. */
export async function billingAction(request: Request) {
  return dispatchIntent(await readFormData(request), {
    save: async (formData) => {
      const submission = parseWithZod(formData, { schema: BillingProfileBody });
      if (submission.status !== 'success') return formFailure(submission, { intent: 'save' });
      try {
        // The normalised values (upper-case GSTIN, the state as spelled in the list); the api checks them again.
        await saveBillingProfile(request, submission.value);
      } catch (error) {
        return formFailure(submission, { error, intent: 'save' });
      }
      return redirectWithSuccess(BILLING_PATH, BILLING_MESSAGES.saved);
    },
  });
}
