import { addInvoiceLine, editInvoiceLine, getInvoicePrint, issueCreditNote, issueInvoice, mailInvoice, recordPayment, removeInvoiceLine, voidInvoice } from '~/models/invoices.server';
import { readFormData } from '~/utils/form-data.server';
import { submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { paymentNoteIntents } from '~/utils/payment-note-intents.server';
import { renderInvoicePdf } from '~/utils/invoice-pdf.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { json } from '@remix-run/node';
import { inviteReview } from '~/models/reviews.server';
import { env } from '~/utils/env.server';
import { REVIEW_MESSAGES } from '../../../server/contract/reviews-rules';
import { z } from 'zod/v4';
import { CreditNoteForm, FreeLineForm, IssueBody, LineEditForm, PaymentForm, VoidBody } from '../../../server/contract/invoices';

/** The forms of an invoice's page, told apart by intent; each answers with the api's message as a toast. */

const Nothing = z.object({});
const LineId = z.object({ lineId: z.string().min(1).max(64) });

export async function invoiceAction(request: Request, id: string) {
  const here = `/workspace/invoices/${id}`;
  const toast = (reply: { message: string }) => redirectWithSuccess(here, reply.message);
  return dispatchIntent(await readFormData(request), {
    // What the client said they paid through the portal: Confirm or Decline, as on the contact's portal page (docs/decisions/392).
    ...paymentNoteIntents(request, here),
    issue: (formData) => submitForm(formData, { schema: IssueBody, intent: 'issue', send: (body) => issueInvoice(request, id, body), done: toast }),
    void: (formData) => submitForm(formData, { schema: VoidBody, intent: 'void', send: (body) => voidInvoice(request, id, body), done: toast }),
    addLine: (formData) => submitForm(formData, { schema: FreeLineForm, intent: 'addLine', send: (body) => addInvoiceLine(request, id, body), done: toast }),
    // The line it names comes back with a refusal, so the page opens that line's form again.
    editLine: (formData) =>
      submitForm(formData, {
        schema: LineEditForm,
        intent: 'editLine',
        failure: { data: { lineId: String(formData.get('lineId') ?? '') } },
        send: ({ lineId, ...body }) => editInvoiceLine(request, id, lineId, body),
        done: toast,
      }),
    removeLine: (formData) => submitForm(formData, { schema: LineId, intent: 'removeLine', send: ({ lineId }) => removeInvoiceLine(request, id, lineId), done: toast }),
    payment: (formData) => submitForm(formData, { schema: PaymentForm, intent: 'payment', send: (body) => recordPayment(request, id, body), done: toast }),
    creditNote: (formData) => submitForm(formData, { schema: CreditNoteForm, intent: 'creditNote', send: (body) => issueCreditNote(request, id, body), done: toast }),
    // A paid invoice's review link (docs/decisions/409): shown on this answer only (the api keeps its hash), not redirected away.
    reviewLink: (formData) =>
      submitForm(formData, {
        schema: Nothing,
        intent: 'reviewLink',
        send: () => inviteReview(request, id),
        done: (reply) => json({ reviewLink: `${env.PUBLIC_URL.replace(/\/+$/, '')}${reply.path}`, message: REVIEW_MESSAGES.invitationMade }),
      }),
    // The mail carries the same PDF the Download link prints, rendered here and attached by the api.
    mail: (formData) =>
      submitForm(formData, {
        schema: Nothing,
        intent: 'mail',
        send: async () => mailInvoice(request, id, await renderInvoicePdf(await getInvoicePrint(request, id))),
        done: toast,
      }),
  });
}
