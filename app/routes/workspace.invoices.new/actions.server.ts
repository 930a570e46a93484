import { createInvoice } from '~/models/invoices.server';
import { readFormData } from '~/utils/form-data.server';
import { submitForm } from '~/utils/form-action.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { INVOICE_MESSAGES, InvoiceCreateForm } from '../../../server/contract/invoices';

/** New invoice: the form's choice (approved sections, a milestone, a line) becomes the api's body; the draft opens next. */
export async function newInvoiceAction(request: Request) {
  return submitForm(await readFormData(request), {
    schema: InvoiceCreateForm,
    send: (body) => createInvoice(request, body),
    done: (reply) => redirectWithSuccess(`/workspace/invoices/${reply.data.id}`, INVOICE_MESSAGES.created),
    // The api's free line is the form's own fields; its milestone the percentage.
    failure: { rename: { 'lines.0.unitPrice': 'amount', 'lines.0.description': 'description', 'lines.0.rateBp': 'rateBp', 'lines.0.hsnSac': 'hsnSac', milestoneBp: 'milestonePercent' } },
  });
}
