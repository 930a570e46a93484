import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getEnquiryToken } from '~/models/leads.server';
import { requireUser } from '~/utils/guards.server';
import { required } from '~/utils/form-action.server';

/**
 * A firm's enquiry form token (docs/decisions/240), for the Contact popup opened
 * in place with JavaScript: pages issue one only when the URL opens the popup, so a page view costs
 * no call to the api for a form most visitors never open.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const formToken = await required(getEnquiryToken(request, params.firmId!));
  return json({ formToken }, { headers: { 'cache-control': 'private, no-store' } });
}
