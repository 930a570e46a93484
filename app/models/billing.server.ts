import { ApiError, call, streamApiFile } from '~/utils/api.server';
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

/** The firm's signature image (decision 402) as a data URL for the page's preview, or null without one. */
export async function getSignatureDataUrl(request: Request): Promise<string | null> {
  try {
    const image = await streamApiFile(request, ops.signature.path);
    return `data:image/png;base64,${Buffer.from(await image.arrayBuffer()).toString('base64')}`;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The signature image, passed on as it came (the api checks and normalises it). */
export function uploadSignature(request: Request, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return call(request, ops.uploadSignature, { body });
}

export const removeSignature = (request: Request) => call(request, ops.removeSignature, {});
