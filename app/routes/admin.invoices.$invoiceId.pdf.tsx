import type { LoaderFunctionArgs } from '@remix-run/node';
import { getPlatformInvoicePrint } from '~/models/admin.server';
import { required } from '~/utils/form-action.server';
import { requireAdmin } from '~/utils/guards.server';
import { invoicePdfResponse } from '~/utils/invoice-pdf.server';

/** One of the platform's subscription invoices (docs/decisions/287), as the firm received it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return invoicePdfResponse(await required(getPlatformInvoicePrint(request, params.invoiceId!)));
}
