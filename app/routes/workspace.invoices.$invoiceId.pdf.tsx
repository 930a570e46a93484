import type { LoaderFunctionArgs } from '@remix-run/node';
import { getInvoicePrint } from '~/models/invoices.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { invoicePdfResponse } from '~/utils/invoice-pdf.server';

/** The Tax Invoice (or credit note) PDF (docs/decisions/281): a plain link, so it works without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return invoicePdfResponse(await required(getInvoicePrint(request, params.invoiceId!)));
}
