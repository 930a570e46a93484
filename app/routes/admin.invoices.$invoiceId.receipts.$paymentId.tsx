import type { LoaderFunctionArgs } from '@remix-run/node';
import { getPlatformReceiptPrint } from '~/models/admin.server';
import { required } from '~/utils/form-action.server';
import { requireAdmin } from '~/utils/guards.server';
import { receiptPdfResponse } from '~/utils/invoice-pdf.server';

/** The receipt of a firm's subscription payment (docs/decisions/287). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return receiptPdfResponse(await required(getPlatformReceiptPrint(request, params.invoiceId!, params.paymentId!)));
}
