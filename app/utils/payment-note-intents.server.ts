import { confirmPaymentNote, declinePaymentNote } from '~/models/portal.server';
import { redirectAfter } from '~/utils/form-action.server';

/**
 * The intents of the payment notes' forms (components/portal/payment-notes.tsx), for a page's
 * `dispatchIntent`: confirm records the payment with its receipt, decline sends the reason to the
 * client (docs/decisions/392); each redirects `back` with the api's message.
 */
export function paymentNoteIntents(request: Request, back: string) {
  const noteOf = (f: FormData) => String(f.get('noteId') ?? '');
  return {
    confirm: (f: FormData) => redirectAfter(confirmPaymentNote(request, noteOf(f)), back, (r) => r.message),
    decline: (f: FormData) => redirectAfter(declinePaymentNote(request, noteOf(f), String(f.get('reason') ?? '')), back, (r) => r.message),
  };
}
