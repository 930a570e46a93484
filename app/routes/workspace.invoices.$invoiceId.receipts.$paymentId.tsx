import type { LoaderFunctionArgs } from '@remix-run/node';
import { getReceiptPrint } from '~/models/invoices.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { receiptPdfResponse } from '~/utils/invoice-pdf.server';

/** A payment's receipt PDF (docs/decisions/281). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return receiptPdfResponse(await required(getReceiptPrint(request, params.invoiceId!, params.paymentId!)));
}
