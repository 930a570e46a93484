import { api } from '~/utils/api.server';
import type { BillingProfileChanges, BillingProfileReply, BillingProfileSavedReply } from '../../server/contract/billing';

/** The web's calls of the firm's billing (docs/decisions/256): the only place their api paths are written. */

export const getBillingProfile = async (request: Request) => (await api<BillingProfileReply>(request, '/billing/profile')).data;
/** The profile and the firm's registration address, offered for it (decision 384). */
export const getBillingProfileAndRegistration = async (request: Request) => {
  const reply = await api<BillingProfileReply>(request, '/billing/profile');
  return { profile: reply.data, registration: reply.registration ?? null };
};

export const saveBillingProfile = async (request: Request, body: BillingProfileChanges) =>
  api<BillingProfileSavedReply>(request, '/billing/profile', { method: 'PUT', json: body });
