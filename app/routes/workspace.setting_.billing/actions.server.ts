import { saveBillingProfile } from '~/models/billing.server';
import { readFormData } from '~/utils/form-data.server';
import { submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { BILLING_MESSAGES, BillingProfileChanges } from '../../../server/contract/billing';

export const BILLING_PATH = '/workspace/setting/billing';

/** The billing profile form (`save`): checked with the api's own schema first, so its messages show without a round trip. */
export async function billingAction(request: Request) {
  return dispatchIntent(await readFormData(request), {
    save: (formData) =>
      submitForm(formData, {
        schema: BillingProfileChanges,
        intent: 'save',
        // The normalised values (upper-case GSTIN, the state as spelled in the list); the api checks them again.
        send: (profile) => saveBillingProfile(request, profile),
        done: () => redirectWithSuccess(BILLING_PATH, BILLING_MESSAGES.saved),
      }),
  });
}
