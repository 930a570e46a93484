import { call } from '~/utils/api.server';
import { billingOperations as ops } from '../../server/contract/billing-operations';
import type { BillingProfileChanges } from '../../server/contract/billing';

/** The web's calls of the firm's billing (docs/decisions/256), each by its declaration (docs/decisions/370). */

export const getBillingProfile = async (request: Request) => (await call(request, ops.profile, {})).data;
/** The profile and the firm's registration address, offered for it (decision 384). */
export const getBillingProfileAndRegistration = async (request: Request) => {
  const reply = await call(request, ops.profile, {});
  return { profile: reply.data, registration: reply.registration ?? null };
};

export const saveBillingProfile = async (request: Request, body: BillingProfileChanges) => call(request, ops.saveProfile, { json: body });
