import { billTime, changeTime, recordTime, removeTime, startTimer, stopTimer } from '~/models/time.server';
import { readFormData } from '~/utils/form-data.server';
import { attempt, redirectAfter, redirectFailure, submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { BillTimeForm, TimeEntryForm, TimerForm } from '../../../server/contract/time';
import { timePath } from './paths';

/**
 * The time page's forms, told apart by `intent` (docs/decisions/373): each works without
 * JavaScript and answers with a redirect back to the week it was sent from (or the field errors of
 * the form that failed). The api's `minutes` is the form's `hours`.
 */
export async function timeAction(request: Request, projectId: string) {
  const formData = await readFormData(request);
  const here = timePath(projectId, String(formData.get('week') ?? '') || null);
  const entryId = String(formData.get('entryId') ?? '');
  const failure = { rename: { minutes: 'hours' } };
  const entry = (v: { workDate: string; hours: number; stageId: string | null; taskId: string | null; billable: boolean; note: string }) => ({ workDate: v.workDate, minutes: v.hours, stageId: v.stageId, taskId: v.taskId, billable: v.billable, note: v.note });
  return dispatchIntent(formData, {
    record: (f) => submitForm(f, { schema: TimeEntryForm, intent: 'record', failure, send: (v) => recordTime(request, projectId, entry(v)), done: (reply) => redirectWithSuccess(here, reply.message) }),
    change: (f) =>
      submitForm(f, {
        schema: TimeEntryForm,
        intent: 'change',
        failure,
        send: (v) => changeTime(request, projectId, entryId, { ...entry(v), version: v.version }),
        done: (reply) => redirectWithSuccess(here, reply.message),
      }),
    remove: () => redirectAfter(removeTime(request, projectId, entryId), here, (r) => r.message),
    start: (f) => submitForm(f, { schema: TimerForm, intent: 'start', send: (v) => startTimer(request, projectId, v), done: (reply) => redirectWithSuccess(here, reply.message) }),
    stop: () => redirectAfter(stopTimer(request), here, (r) => r.message),
    bill: async (f) => {
      const parsed = BillTimeForm.safeParse(Object.fromEntries(f));
      if (!parsed.success) return redirectWithError(here, parsed.error.issues[0]?.message ?? 'Choose how to bill');
      const sent = await attempt(billTime(request, projectId, parsed.data));
      if (!sent.ok) return redirectFailure(sent.error, here);
      // The drafted invoice opens on its own page, to be checked and issued.
      return redirectWithSuccess(`/workspace/invoices/${encodeURIComponent(sent.reply.data.invoiceId)}`, sent.reply.message);
    },
  });
}
