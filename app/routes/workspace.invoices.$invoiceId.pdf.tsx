import type { LoaderFunctionArgs } from '@remix-run/node';
import { getInvoicePrint } from '~/models/invoices.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { documentFileName, pdfResponse, renderInvoicePdf } from '~/utils/invoice-pdf.server';

/** The Tax Invoice (or credit note) PDF (docs/decisions/281): a plain link, so it works without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const data = await required(getInvoicePrint(request, params.invoiceId!));
  return pdfResponse(await renderInvoicePdf(data), documentFileName(data.invoice.number, 'draft-invoice'));
}
