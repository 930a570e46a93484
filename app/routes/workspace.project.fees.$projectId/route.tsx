import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { Field, FormErrors } from '~/components/field';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { Toast } from '~/components/toast';
import { EmptyState } from '~/components/workspace/empty-state';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { getFeeAgreement } from '~/models/fees.server';
import { getSchedules } from '~/models/workspace-schedules.server';
import { asErrorResponse, attempt, required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import { useTimeZone } from '~/utils/time-zone';
import outputStyles from '~/styles/summary-output.css';
import ordersStyles from '~/styles/purchase-orders.css';
import { formatCalendarDay, formatDateTime, isoDay } from '../../../server/contract/dates';
import { FEE_PROPOSAL_STATUS_LABELS } from '../../../server/contract/fee-proposals';
import {
  COA_MINIMUM_RATE,
  COST_KIND_LABELS,
  COST_KINDS,
  FEE_BASES,
  FEE_BASIS_LABELS,
  formatRate,
  formatShare,
  rateToInput,
  shareToInput,
  WORK_KIND_LABELS,
  WORK_KINDS,
  type FeeAgreement,
  type FeeAgreementReply,
  type FeeStage,
} from '../../../server/contract/fees';
import { formatPaise, paiseToDecimal } from '../../../server/contract/money-text';
import { feesAction } from './actions.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Fees — ${data.project.projectName}` : 'Fees') },
  { name: 'description', content: "A project's fee agreement: the basis, the stage schedule, the cost of works as it became known, and the stage invoices." },
];

/**
 * A project's fee agreement (docs/decisions/428): every form posts and the action answers, so it
 * works without JavaScript; a stage is edited in a panel that is an address (`?stage={id}`).
 * Fees are financials: for those who may not see them the page says why it shows nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const sent = await attempt(getFeeAgreement(request, projectId));
  if (sent.ok) return json({ ...sent.reply, financialsOnly: false as const });
  if (sent.error.status !== 403) throw asErrorResponse(sent.error);
  const { data } = await required(getSchedules(request, projectId));
  return json({ project: data.project, agreement: null, clients: [] as FeeAgreementReply['data']['clients'], financialsOnly: true as const });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return feesAction(request, params.projectId ?? '');
}

/** The action's failure when it was this form's. */
function useFailure(intent: string) {
  const data = useActionData<typeof action>() as { intent?: string; result?: SubmissionResult<string[]>; toast?: { type: 'error'; message: string } } | undefined;
  return data && data.intent === intent ? data : undefined;
}

function AgreementForm({ agreement, clients }: { agreement: FeeAgreement | null; clients: FeeAgreementReply['data']['clients'] }) {
  const failed = useFailure('agreement');
  const [form, fields] = useForm({ id: 'fee-agreement', lastResult: failed?.result, ...SERVER_VALIDATION });
  const rate = agreement ? rateToInput(agreement.rateMilli) : '';
  return (
    <section className="po-card" aria-labelledby="agreement-title">
      <h2 id="agreement-title">Agreement</h2>
      {!agreement ? <p className="po-note">No fee agreement yet. Saving one starts from the Council of Architecture’s minimum scale and stage schedule; leave the rate empty for the COA minimum ({formatRate(COA_MINIMUM_RATE.individual_house)} for an individual house, {formatRate(COA_MINIMUM_RATE.other)} for other works).</p> : null}
      <Form method="post" {...getFormProps(form)} data-testid="agreement-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        {/* The version read: a change saved meanwhile by someone else answers 409 instead of being lost (docs/decisions/421). */}
        {agreement ? <input type="hidden" name="version" value={agreement.version} /> : null}
        {agreement?.inForce ? (
          <p className="po-note" data-testid="in-force-note">
            Version {agreement.inForce.version}, accepted by the client, is in force: its figures bill the stages.{' '}
            {agreement.changedSinceAccepted ? 'The terms below are a draft of the next version: share it for the client to accept.' : 'Changing the basis, rate, stages or shares makes a draft of the next version.'}
          </p>
        ) : null}
        <Field label="Basis" meta={fields.basis}>
          <select name={fields.basis.name} id={fields.basis.id} defaultValue={agreement?.basis ?? 'percentage'}>
            {FEE_BASES.map((b) => (
              <option key={b} value={b}>
                {FEE_BASIS_LABELS[b]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="The works" meta={fields.workKind}>
          <select name={fields.workKind.name} id={fields.workKind.id} defaultValue={agreement?.workKind ?? 'individual_house'}>
            {WORK_KINDS.map((k) => (
              <option key={k} value={k}>
                {WORK_KIND_LABELS[k]} (COA minimum {formatRate(COA_MINIMUM_RATE[k])})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Rate, % of the cost of works" meta={fields.rate}>
          <input name={fields.rate.name} id={fields.rate.id} defaultValue={rate} inputMode="decimal" />
        </Field>
        <Field label="Lump sum, ₹ (for a lump-sum agreement)" meta={fields.lumpSum}>
          <input name={fields.lumpSum.name} id={fields.lumpSum.id} defaultValue={agreement?.lumpSum ? paiseToDecimal(agreement.lumpSum) : ''} inputMode="decimal" />
        </Field>
        <Field label="Hourly rate, ₹" meta={fields.hourlyRate}>
          <input name={fields.hourlyRate.name} id={fields.hourlyRate.id} defaultValue={agreement?.hourlyRate ? paiseToDecimal(agreement.hourlyRate) : ''} inputMode="decimal" />
        </Field>
        <Field label="Cap on hourly fees, ₹ (optional)" meta={fields.hourlyCap}>
          <input name={fields.hourlyCap.name} id={fields.hourlyCap.id} defaultValue={agreement?.hourlyCap ? paiseToDecimal(agreement.hourlyCap) : ''} inputMode="decimal" />
        </Field>
        <div className="field">
          <label>
            <input type="checkbox" name="documentationCharge" defaultChecked={agreement?.documentationCharge ?? false} /> Documentation and communication charge (10 % of the fee)
          </label>
        </div>
        <div className="field">
          <label>
            <input type="checkbox" name="billCheckingCharge" defaultChecked={agreement?.billCheckingCharge ?? false} /> Bill checking (1 % of the cost of works)
          </label>
        </div>
        <Field label="Client the stage invoices go to" meta={fields.contactId}>
          <select name={fields.contactId.name} id={fields.contactId.id} defaultValue={agreement?.contactId ?? ''}>
            <option value="">Choose a client</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" name="intent" value="agreement" className="button button-primary">
          Save agreement
        </button>
      </Form>
      <Toast toast={failed?.toast} />
    </section>
  );
}

function Offer({ agreement }: { agreement: FeeAgreement }) {
  const offer = agreement.offer;
  const stage = offer && agreement.stages.find((s) => s.id === offer.stageId);
  return (
    <section className="po-card" aria-labelledby="offer-title" data-testid="fee-offer">
      <h2 id="offer-title">Billing</h2>
      <p>
        Fee {agreement.fee === null ? 'not known yet (record a cost of works)' : formatPaise(agreement.fee)} · billed {formatPaise(agreement.billed)} before GST · SAC {agreement.sac} at 18 %
      </p>
      {!offer || !stage ? (
        <p className="po-note">Mark a stage reached to bill it.</p>
      ) : (
        <>
          <p>
            <strong>{stage.name}</strong>: {offer.amount >= 0 ? `invoice ${formatPaise(offer.amount)}` : `credit ${formatPaise(-offer.amount)}`}
          </p>
          {offer.description ? <p className="so-sub">{offer.description}</p> : null}
          {offer.refusal ? (
            <p className="po-note" data-testid="offer-refusal">
              {offer.refusal}
            </p>
          ) : (
            <Form method="post">
              <input type="hidden" name="stageId" value={stage.id} />
              <button type="submit" name="intent" value="bill" className="button button-primary" data-testid="bill-stage">
                {offer.amount > 0 ? 'Draft the stage invoice' : 'Issue the credit note'}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

function StageEdit({ stage, version }: { stage: FeeStage | null; version: number }) {
  const failed = useFailure(stage ? 'stage-save' : 'stage-add');
  const [form, fields] = useForm({ id: stage ? `stage-${stage.id}` : 'stage-new', lastResult: failed?.result, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={stage ? `Edit ${stage.name}` : 'Add a stage'}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {stage ? <input type="hidden" name="stageId" value={stage.id} /> : null}
      <input type="hidden" name="version" value={version} />
      <Field label="Stage name" meta={fields.name}>
        <input name={fields.name.name} id={fields.name.id} defaultValue={stage?.name ?? ''} />
      </Field>
      <Field label="Cumulative share, %" meta={fields.share}>
        <input name={fields.share.name} id={fields.share.id} defaultValue={stage ? shareToInput(stage.shareBp) : ''} inputMode="decimal" />
      </Field>
      <Field label="Figured on" meta={fields.costBasis}>
        <select name={fields.costBasis.name} id={fields.costBasis.id} defaultValue={stage?.costBasis ?? 'preliminary'}>
          {COST_KINDS.map((k) => (
            <option key={k} value={k}>
              {COST_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="At least, ₹ (optional)" meta={fields.minimum}>
        <input name={fields.minimum.name} id={fields.minimum.id} defaultValue={stage?.minimum ? paiseToDecimal(stage.minimum) : ''} inputMode="decimal" />
      </Field>
      <button type="submit" name="intent" value={stage ? 'stage-save' : 'stage-add'} className="button button-primary">
        {stage ? 'Save stage' : 'Add stage'}
      </button>
      {stage ? (
        <Link to="." className="button button-secondary">
          Cancel
        </Link>
      ) : null}
      <Toast toast={failed?.toast} />
    </Form>
  );
}

function Stages({ agreement }: { agreement: FeeAgreement }) {
  const [params] = useSearchParams();
  const editing = agreement.stages.find((s) => s.id === params.get('stage')) ?? null;
  const today = isoDay(new Date(), useTimeZone());
  const last = agreement.stages.length - 1;
  return (
    <section className="po-card" aria-labelledby="stages-title">
      <h2 id="stages-title">Stages</h2>
      <TableScroll label="Stages">
        <table className="so-table" data-testid="fee-stages">
          <TableHead columns={['Stage', { label: 'Cumulative', className: 'num' }, 'Figured on', 'Reached', 'Change']} />
          <tbody>
            {agreement.stages.map((s, i) => (
              <tr key={s.id} data-testid="fee-stage">
                <td data-label="Stage">
                  {s.name}
                  {s.minimum ? <span className="so-sub">at least {formatPaise(s.minimum)}</span> : null}
                </td>
                <NumCell label="Cumulative">{formatShare(s.shareBp)}</NumCell>
                <td data-label="Figured on">{COST_KIND_LABELS[s.costBasis]}</td>
                <td data-label="Reached">
                  {s.reachedOn ? (
                    formatCalendarDay(s.reachedOn)
                  ) : (
                    <Form method="post" className="po-choose">
                      <input type="hidden" name="stageId" value={s.id} />
                      <label htmlFor={`reached-${s.id}`} className="visually-hidden">
                        {s.name} reached on
                      </label>
                      <input type="date" id={`reached-${s.id}`} name="reachedOn" defaultValue={today} />
                      <button type="submit" name="intent" value="reached" className="button button-secondary">
                        Mark reached
                      </button>
                    </Form>
                  )}
                </td>
                <td data-label="Change">
                  <Form method="post" className="po-choose">
                    <input type="hidden" name="stageId" value={s.id} />
                    <button type="submit" name="intent" value="up" className="button button-secondary" disabled={i === 0} aria-label={`Move ${s.name} up`}>
                      Up
                    </button>
                    <button type="submit" name="intent" value="down" className="button button-secondary" disabled={i === last} aria-label={`Move ${s.name} down`}>
                      Down
                    </button>
                    <Link to={`?stage=${encodeURIComponent(s.id)}`} className="button button-secondary" aria-label={`Edit ${s.name}`}>
                      Edit
                    </Link>
                    <button type="submit" name="intent" value="stage-remove" className="button button-secondary" aria-label={`Remove ${s.name}`}>
                      Remove
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {editing ? (
        <section aria-labelledby="stage-edit-title">
          <h3 id="stage-edit-title">Edit {editing.name}</h3>
          <StageEdit key={editing.id} stage={editing} version={agreement.version} />
        </section>
      ) : (
        <section aria-labelledby="stage-add-title">
          <h3 id="stage-add-title">Add a stage</h3>
          <StageEdit stage={null} version={agreement.version} />
        </section>
      )}
    </section>
  );
}

function Costs({ agreement }: { agreement: FeeAgreement }) {
  const failed = useFailure('cost');
  const [form, fields] = useForm({ id: 'fee-cost', lastResult: failed?.result, ...SERVER_VALIDATION });
  const today = isoDay(new Date(), useTimeZone());
  return (
    <section className="po-card" aria-labelledby="costs-title">
      <h2 id="costs-title">Cost of works</h2>
      {agreement.costs.length ? (
        <TableScroll label="Cost of works">
          <table className="so-table" data-testid="fee-costs">
            <TableHead columns={['Date', 'Which', { label: 'Amount', className: 'num' }, 'Note']} />
            <tbody>
              {agreement.costs.map((c) => (
                <tr key={c.id}>
                  <td data-label="Date">{formatCalendarDay(c.recordedOn)}</td>
                  <td data-label="Which">{COST_KIND_LABELS[c.kind]}</td>
                  <NumCell label="Amount">{formatPaise(c.amount)}</NumCell>
                  <td data-label="Note">{c.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="po-note">No cost of works recorded yet.</p>
      )}
      <Form method="post" {...getFormProps(form)} aria-label="Record a cost of works" data-testid="cost-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Which cost" meta={fields.kind}>
          <select name={fields.kind.name} id={fields.kind.id} defaultValue="rough">
            {COST_KINDS.map((k) => (
              <option key={k} value={k}>
                {COST_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Amount, ₹" meta={fields.amount}>
          <input name={fields.amount.name} id={fields.amount.id} inputMode="decimal" />
        </Field>
        <Field label="Known on" meta={fields.recordedOn}>
          <input type="date" name={fields.recordedOn.name} id={fields.recordedOn.id} defaultValue={today} />
        </Field>
        <Field label="Note (optional)" meta={fields.note}>
          <input name={fields.note.name} id={fields.note.id} maxLength={200} />
        </Field>
        <button type="submit" name="intent" value="cost" className="button button-primary">
          Record cost
        </button>
      </Form>
      <Toast toast={failed?.toast} />
    </section>
  );
}

function Documents({ agreement }: { agreement: FeeAgreement }) {
  if (!agreement.documents.length) return null;
  const stageName = (id: string | null) => agreement.stages.find((s) => s.id === id)?.name ?? '';
  return (
    <section className="po-card" aria-labelledby="documents-title">
      <h2 id="documents-title">Stage invoices and credit notes</h2>
      <TableScroll label="Stage invoices and credit notes">
        <table className="so-table" data-testid="fee-documents">
          <TableHead columns={['Number', 'Stage', 'Status', { label: 'Before GST', className: 'num' }, { label: 'Total', className: 'num' }]} />
          <tbody>
            {agreement.documents.map((d) => (
              <tr key={d.invoiceId} data-testid="fee-document">
                <td data-label="Number">
                  {d.kind === 'invoice' ? <Link to={`/workspace/invoices/${encodeURIComponent(d.invoiceId)}`}>{d.number ?? 'Draft'}</Link> : d.number}
                </td>
                <td data-label="Stage">{stageName(d.stageId)}</td>
                <td data-label="Status">{d.kind === 'credit-note' ? 'Credit note' : d.status}</td>
                <NumCell label="Before GST">{formatPaise(d.kind === 'credit-note' ? -d.taxable : d.taxable)}</NumCell>
                <NumCell label="Total">{formatPaise(d.kind === 'credit-note' ? -d.total : d.total)}</NumCell>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** The versions shared with the client for acceptance, and the button that shares the next (docs/decisions/421). */
function Acceptance({ agreement }: { agreement: FeeAgreement }) {
  const timeZone = useTimeZone();
  const failed = useFailure('share');
  const latest = agreement.proposals[0];
  return (
    <section className="po-card" aria-labelledby="acceptance-title" data-testid="fee-acceptance">
      <h2 id="acceptance-title">Client’s acceptance</h2>
      <p className="po-note">
        Sharing freezes the fee proposal as it reads now (the letter and its figures) as the next version in the client’s portal; the client reads it and accepts or declines it there after confirming their email address.
      </p>
      <Form method="post">
        <input type="hidden" name="version" value={agreement.version} />
        <button type="submit" name="intent" value="share" className="button button-primary" data-testid="share-proposal">
          {latest ? `Share version ${latest.version + 1} with the client` : 'Share with the client for acceptance'}
        </button>
      </Form>
      <Toast toast={failed?.toast} />
      {agreement.proposals.length ? (
        <TableScroll label="Versions shared with the client">
          <table className="so-table" data-testid="fee-proposals">
            <TableHead columns={['Version', 'Client', 'Shared', 'Answer', { label: 'Fee', className: 'num' }]} />
            <tbody>
              {agreement.proposals.map((p) => (
                <tr key={p.id} data-testid="fee-proposal" data-status={p.status}>
                  <td data-label="Version">Version {p.version}</td>
                  <td data-label="Client">{p.clientName}</td>
                  <td data-label="Shared">{formatDateTime(p.sharedAt, timeZone)}</td>
                  <td data-label="Answer">
                    <span data-testid="fee-proposal-status">{FEE_PROPOSAL_STATUS_LABELS[p.status]}</span>
                    {p.decidedAt ? ` on ${formatDateTime(p.decidedAt, timeZone)}` : ''}
                    {p.decidedEmail ? ` by ${p.decidedEmail}` : ''}
                    {p.declineReason ? <> · “{p.declineReason}”</> : null}
                  </td>
                  <NumCell label="Fee">{p.fee === null ? '—' : formatPaise(p.fee)}</NumCell>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}

export default function Fees() {
  const { project, agreement, clients, financialsOnly } = useLoaderData<typeof loader>();
  return (
    <>
      <ProjectTabs
        project={project}
        description="The fee agreement of this project: its basis, its stages and the cost of works they are figured on."
        actions={
          agreement && !financialsOnly ? (
            // The engagement letter at the current estimate (docs/decisions/381): a PDF, opened without JavaScript too.
            <a href={`/workspace/project/fees/${encodeURIComponent(project.id)}/letter.pdf`} className="button button-secondary" target="_blank" rel="noreferrer" data-testid="fee-letter">
              Fee proposal (PDF)
            </a>
          ) : undefined
        }
      />
      {financialsOnly ? (
        <EmptyState title="Fees are financials" icon="financial">
          Only the firm, its sub-admins and employees allowed to see financials can see fees.
        </EmptyState>
      ) : (
        <div className="po-page">
          {agreement ? <Offer agreement={agreement} /> : null}
          <AgreementForm agreement={agreement} clients={clients} />
          {agreement ? (
            <>
              <Acceptance agreement={agreement} />
              <Costs agreement={agreement} />
              <Stages agreement={agreement} />
              <Documents agreement={agreement} />
            </>
          ) : null}
        </div>
      )}
    </>
  );
}
