import type { LoaderFunctionArgs } from '@remix-run/node';
import { getPortalInvoice } from '~/models/portal.server';
import { required } from '~/utils/form-action.server';
import { invoicePdfResponse } from '~/utils/invoice-pdf.server';

/** The client's copy of a shared invoice's PDF (docs/decisions/390): the firm's own document, made the same way. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { print } = await required(getPortalInvoice(request, params.token ?? '', params.invoiceId ?? ''));
  return invoicePdfResponse(print);
}
