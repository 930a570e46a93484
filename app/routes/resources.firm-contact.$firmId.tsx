import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getFirmContact } from '~/models/firms.server';
import { optional } from '~/utils/form-action.server';

/**
 * A firm's contact details for the Contact popup opened in place with JavaScript by a visitor
 * (without JavaScript the page's own loader reads them when the URL opens the popup). The api
 * limits look-ups per visitor address (docs/decisions/386); its refusal is shown in the popup.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { reply, toast } = await optional(getFirmContact(request, params.firmId!));
  return json({ details: reply?.data ?? null, error: toast?.message ?? null }, { headers: { 'cache-control': 'private, no-store' } });
}
