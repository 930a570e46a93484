import type { LoaderFunctionArgs } from '@remix-run/node';
import { getSubscriptionReceiptPrint } from '~/models/plan.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { receiptPdfResponse } from '~/utils/invoice-pdf.server';

/** The receipt of the firm's subscription payment (docs/decisions/287). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return receiptPdfResponse(await required(getSubscriptionReceiptPrint(request, params.invoiceId!, params.paymentId!)));
}
