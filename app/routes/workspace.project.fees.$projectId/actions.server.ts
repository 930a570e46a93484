import { shareFeeProposal, addFeeStage, billFeeStage, moveFeeStage, reachFeeStage, recordFeeCost, removeFeeStage, saveFeeAgreement, saveFeeStage } from '~/models/fees.server';
import { readFormData } from '~/utils/form-data.server';
import { attempt, redirectAfter, redirectFailure, submitForm } from '~/utils/form-action.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { FeeAgreementForm, FeeCostForm, FeeStageForm } from '../../../server/contract/fees';
import { feesPath } from './paths';

/**
 * The fee page's forms, told apart by `intent` (docs/decisions/428): each works without
 * JavaScript and answers with a redirect back (or the field errors of the form that failed).
 */
export async function feesAction(request: Request, projectId: string) {
  const here = feesPath(projectId);
  const stageId = (formData: FormData) => String(formData.get('stageId') ?? '');
  return dispatchIntent(await readFormData(request), {
    agreement: (formData) =>
      submitForm(formData, {
        schema: FeeAgreementForm,
        intent: 'agreement',
        send: ({ rate, ...v }) => saveFeeAgreement(request, projectId, { ...v, hourlyCap: v.hourlyCap || null, contactId: v.contactId || null, rateMilli: rate }),
        done: (reply) => redirectWithSuccess(here, reply.message),
      }),
    cost: (formData) =>
      submitForm(formData, { schema: FeeCostForm, intent: 'cost', send: (v) => recordFeeCost(request, projectId, v), done: (reply) => redirectWithSuccess(here, reply.message) }),
    'stage-add': (formData) =>
      submitForm(formData, {
        schema: FeeStageForm,
        intent: 'stage-add',
        send: (v) => addFeeStage(request, projectId, { version: v.version, name: v.name, shareBp: v.share, costBasis: v.costBasis, minimum: v.minimum }),
        done: (reply) => redirectWithSuccess(here, reply.message),
      }),
    'stage-save': (formData) =>
      submitForm(formData, {
        schema: FeeStageForm,
        intent: 'stage-save',
        send: (v) => saveFeeStage(request, projectId, stageId(formData), { version: v.version, name: v.name, shareBp: v.share, costBasis: v.costBasis, minimum: v.minimum }),
        done: (reply) => redirectWithSuccess(here, reply.message),
      }),
    'stage-remove': (formData) => redirectAfter(removeFeeStage(request, projectId, stageId(formData)), here, (r) => r.message),
    up: (formData) => redirectAfter(moveFeeStage(request, projectId, stageId(formData), 'up'), here, (r) => r.message),
    down: (formData) => redirectAfter(moveFeeStage(request, projectId, stageId(formData), 'down'), here, (r) => r.message),
    reached: (formData) => redirectAfter(reachFeeStage(request, projectId, stageId(formData), String(formData.get('reachedOn') ?? '')), here, (r) => r.message),
    share: (formData) => redirectAfter(shareFeeProposal(request, projectId, Number(formData.get('version') ?? 0)), here, (r) => r.message),
    bill: async (formData) => {
      const sent = await attempt(billFeeStage(request, projectId, stageId(formData)));
      if (!sent.ok) return redirectFailure(sent.error, here);
      // A drafted invoice opens on its own page, to be checked and issued; credit notes are issued at once.
      const to = sent.reply.data.kind === 'invoice' ? `/workspace/invoices/${encodeURIComponent(sent.reply.data.invoiceIds[0] ?? '')}` : here;
      return redirectWithSuccess(to, sent.reply.message);
    },
  });
}
