import type { LoaderFunctionArgs } from '@remix-run/node';
import { getPortalReceipt } from '~/models/portal.server';
import { required } from '~/utils/form-action.server';
import { receiptPdfResponse } from '~/utils/invoice-pdf.server';

/** A receipt of the client's payment (docs/decisions/392), once the firm confirmed it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return receiptPdfResponse(await required(getPortalReceipt(request, params.token ?? '', params.invoiceId ?? '', params.paymentId ?? '')));
}
