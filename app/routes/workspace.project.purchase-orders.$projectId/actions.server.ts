import { raisePurchaseOrder } from '~/models/purchase-orders.server';
import { readFormData } from '~/utils/form-data.server';
import { orderPath } from '~/utils/purchase-order-paths';
import { submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { NewPurchaseOrderBody } from '../../../server/contract/purchase-orders';


/** The new-order form (`raise`): checked with the api's own schema first; on success, the order's page. */
export async function purchaseOrdersAction(request: Request, projectId: string) {
  return dispatchIntent(await readFormData(request), {
    raise: (formData) =>
      submitForm(formData, {
        schema: NewPurchaseOrderBody,
        intent: 'raise',
        send: (body) => raisePurchaseOrder(request, body),
        done: (reply) => redirectWithSuccess(orderPath(projectId, reply.data.id), reply.message),
      }),
  });
}
