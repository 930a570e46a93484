import { z } from 'zod/v4';
import { changePurchaseOrder, getPurchaseOrderPrint, mailPurchaseOrder, receivePurchaseOrder } from '~/models/purchase-orders.server';
import { readFormData } from '~/utils/form-data.server';
import { submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { renderPurchaseOrderPdf } from '~/utils/purchase-order-pdf.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { ReceiveBody } from '../../../server/contract/purchase-orders';

const NoFields = z.object({});

/**
 * One order's forms: acknowledge, cancel, mail (the PDF made here from the order's print data, the
 * api sends it), and the received quantities per line. Each answers with the order's page again.
 */
export async function purchaseOrderAction(request: Request, orderId: string, pagePath: string) {
  const back = (message: string) => redirectWithSuccess(pagePath, message);
  const simple = (intent: 'acknowledge' | 'cancel') => (formData: FormData) =>
    submitForm(formData, { schema: NoFields, intent, send: () => changePurchaseOrder(request, orderId, intent), done: (reply) => back(reply.message) });
  return dispatchIntent(await readFormData(request), {
    acknowledge: simple('acknowledge'),
    cancel: simple('cancel'),
    mail: (formData) =>
      submitForm(formData, {
        schema: NoFields,
        intent: 'mail',
        send: async () => mailPurchaseOrder(request, orderId, await renderPurchaseOrderPdf(await getPurchaseOrderPrint(request, orderId))),
        done: (reply) => back(reply.message),
      }),
    receive: (formData) =>
      submitForm(formData, {
        schema: ReceiveBody,
        intent: 'receive',
        send: (body) => receivePurchaseOrder(request, orderId, body),
        done: (reply) => back(reply.message),
        // The api names a line's field `lines.1.receivedQuantity`; the form's is `lines[1].receivedQuantity`.
        failure: (value) => ({
          rename: (path) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]'),
          fields: (value?.lines ?? []).map((_, i) => `lines[${i}].receivedQuantity`),
        }),
      }),
  });
}
