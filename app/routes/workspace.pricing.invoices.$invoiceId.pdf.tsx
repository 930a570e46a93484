import type { LoaderFunctionArgs } from '@remix-run/node';
import { getSubscriptionInvoicePrint } from '~/models/plan.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { invoicePdfResponse } from '~/utils/invoice-pdf.server';

/** The platform's subscription invoice to the firm (docs/decisions/287), for those who manage the firm. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return invoicePdfResponse(await required(getSubscriptionInvoicePrint(request, params.invoiceId!)));
}
