import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getPurchaseOrderPrint } from '~/models/purchase-orders.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { purchaseOrderFileName, renderPurchaseOrderPdf } from '~/utils/purchase-order-pdf.server';

/** A purchase order's PDF (docs/decisions/285): trade prices, so the api answers 403 to those who may not see them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const data = await required(getPurchaseOrderPrint(request, params.orderId ?? ''));
  if (data.order.projectId !== params.projectId) throw json({ message: 'Purchase order not found' }, { status: 404 });
  const pdf = await renderPurchaseOrderPdf(data);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="${purchaseOrderFileName(data.order.number)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
