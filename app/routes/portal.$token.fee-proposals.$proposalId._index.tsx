import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useParams } from '@remix-run/react';
import { z } from 'zod/v4';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { PortalError, PortalFrame } from '~/components/portal/frame';
import { portalMeta } from '~/components/portal/meta';
import { portalFeeProposalPath, portalPath, provePath } from '~/components/portal/paths';
import { acceptFeeProposal, declineFeeProposal, getPortal, getPortalFeeProposal } from '~/models/portal.server';
import { attempt, redirectFailure, required, submitForm } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import portalStyles from '~/styles/portal.css';
import { formatCalendarDay, formatDateTime } from '../../server/contract/dates';
import { FEE_PROPOSAL_MESSAGES as PM, FEE_PROPOSAL_REASON_MAX, FEE_PROPOSAL_STATUS_LABELS } from '../../server/contract/fee-proposals';
import { COST_KIND_LABELS, formatRate, formatShare } from '../../server/contract/fees-rules';
import { formatPaise } from '../../server/contract/money-text';
import type { ApiError } from '~/utils/api.server';

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: portalStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  portalMeta(
    matches,
    data
      ? {
          firm: data.firm,
          title: `Fee proposal for ${data.letter.projectName}, version ${data.proposal.version} — ${data.firm.name}`,
          description: data.letter.fee !== null ? `A fee of ${formatPaise(data.letter.fee)} before GST, in stages, for you to read and accept.` : 'The fee and its stages, for you to read and accept.',
          path: portalFeeProposalPath(params.token ?? '', params.proposalId ?? ''),
        }
      : null,
  );

const DeclineForm = z.object({ reason: z.string({ error: PM.reasonRequired }).trim().min(1, PM.reasonRequired).max(FEE_PROPOSAL_REASON_MAX, `At most ${FEE_PROPOSAL_REASON_MAX} characters`) });

/**
 * A fee proposal shared with the client (docs/decisions/421): the frozen letter's basis, fee and
 * stage schedule, its PDF, and Accept or Decline with a reason. Answering asks for a proof of the
 * address first (decision 391): without one the client is sent to prove it and back here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const proposalId = params.proposalId ?? '';
  const [portal, sent] = await Promise.all([required(getPortal(request, token)), attempt(getPortalFeeProposal(request, token, proposalId))]);
  if (!sent.ok && sent.error.status === 403) throw redirect(provePath(token, portalFeeProposalPath(token, proposalId)));
  const data = await required(sent.ok ? Promise.resolve(sent.reply) : Promise.reject(sent.error));
  return json({ ...data, firm: portal.firm, proven: portal.proven }, { headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  const proposalId = params.proposalId ?? '';
  const here = portalFeeProposalPath(token, proposalId);
  // Proved first, then sent back here to answer again.
  const unproven = (error: ApiError) => (error.code === 'proof-required' ? redirect(provePath(token, `${here}#answer`)) : null);
  return dispatchIntent(await readFormData(request), {
    accept: async () => {
      const sent = await attempt(acceptFeeProposal(request, token, proposalId));
      if (!sent.ok) return unproven(sent.error) ?? redirectFailure(sent.error, here);
      return redirectWithSuccess(portalPath(token), sent.reply.message);
    },
    decline: (formData) =>
      submitForm(formData, {
        schema: DeclineForm,
        intent: 'decline',
        failure: { fields: ['reason'] },
        send: async (v) => {
          const sent = await attempt(declineFeeProposal(request, token, proposalId, v.reason));
          if (!sent.ok) throw unproven(sent.error) ?? sent.error;
          return sent.reply;
        },
        done: (reply) => redirectWithSuccess(portalPath(token), reply.message),
      }),
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function Basis({ letter }: { letter: Data['letter'] }) {
  if (letter.basis === 'lump_sum') return <p>A lump sum of {formatPaise(letter.lumpSum)}, paid in the stages below.</p>;
  if (letter.basis === 'hourly')
    return (
      <p>
        By the hour at {formatPaise(letter.hourlyRate)} an hour{letter.hourlyCap ? `, at most ${formatPaise(letter.hourlyCap)} in all` : ''}.
      </p>
    );
  return (
    <p>
      {formatRate(letter.rateMilli)} of the cost of works
      {letter.documentationCharge ? ', with the documentation and communication charge (10 % of the fee)' : ''}
      {letter.billCheckingCharge ? ', with bill checking (1 % of the cost of works)' : ''}
      {letter.estimate ? `, figured here on the ${COST_KIND_LABELS[letter.estimate.kind].toLowerCase()} of ${formatPaise(letter.estimate.amount)} (${formatCalendarDay(letter.estimate.recordedOn)}); each stage is billed on the latest cost, less what was billed before.` : '.'}
    </p>
  );
}

function Answer({ data }: { data: Data }) {
  const failed = useActionData<typeof action>() as { intent?: string; result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm({ id: 'decline', lastResult: failed?.intent === 'decline' ? failed.result : null, ...SERVER_VALIDATION });
  return (
    <section className="portal-card" aria-labelledby="answer-title" id="answer">
      <h2 id="answer-title">Your answer</h2>
      {!data.proven ? <p className="portal-muted">Before you answer, we send a code to your email address to confirm it is you.</p> : null}
      <Form method="post">
        <button type="submit" name="intent" value="accept" className="button button-primary" data-testid="accept-proposal">
          Accept version {data.proposal.version}
        </button>
      </Form>
      <Form method="post" className="portal-form" {...getFormProps(form)} aria-label="Decline">
        {form.errors?.length ? (
          <p className="portal-errors" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        <label htmlFor={fields.reason.id}>Or decline, and say why</label>
        <textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={FEE_PROPOSAL_REASON_MAX} />
        {fields.reason.errors ? (
          <p className="portal-errors" id={fields.reason.errorId}>
            {fields.reason.errors[0]}
          </p>
        ) : null}
        <button type="submit" name="intent" value="decline" className="button button-secondary">
          Decline
        </button>
      </Form>
    </section>
  );
}

export default function PortalFeeProposal() {
  const data = useLoaderData<typeof loader>();
  const token = useParams().token ?? '';
  const { letter, proposal } = data;
  const gst = letter.fee === null ? null : Math.round((letter.fee * letter.gstRateBp) / 10_000);
  return (
    <PortalFrame firmName={data.firm.name} home={portalPath(token)}>
      <p>
        <Link to={portalPath(token)}>← Everything from {data.firm.name}</Link>
      </p>
      <div>
        <p className="portal-muted">Fee proposal · version {proposal.version}</p>
        <h1>{letter.projectName}</h1>
        <p className="portal-muted" data-testid="proposal-status">
          {proposal.status === 'pending' ? 'Waiting for your answer' : FEE_PROPOSAL_STATUS_LABELS[proposal.status]}
          {proposal.decidedAt ? ` on ${formatDateTime(proposal.decidedAt, data.firm.timeZone)}` : ''}
          {proposal.declineReason ? ` · “${proposal.declineReason}”` : ''}
        </p>
      </div>
      <section className="portal-card" aria-labelledby="fee-title">
        <h2 id="fee-title">The fee</h2>
        <Basis letter={letter} />
        {letter.fee !== null ? (
          <p>
            Fee <span className="portal-amount" data-testid="proposal-fee">{formatPaise(letter.fee)}</span>, plus GST at {formatShare(letter.gstRateBp)} ({formatPaise(gst ?? 0)}).
          </p>
        ) : null}
        <table className="portal-table">
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col" className="num">
                By then
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {letter.stages.map((s) => (
              <tr key={s.name} data-testid="proposal-stage">
                <td>{s.name}</td>
                <td className="num">{formatShare(s.shareBp)}</td>
                <td className="num">{s.amount === null ? '—' : formatPaise(s.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="portal-muted">Invoices are payable within {letter.paymentTermsDays} days.</p>
        {letter.terms ? <p className="portal-terms">{letter.terms}</p> : null}
        <a href={`${portalFeeProposalPath(token, proposal.id)}/pdf`} className="button button-secondary">
          Download the letter (PDF)
        </a>
      </section>
      {proposal.status === 'pending' ? <Answer data={data} /> : null}
    </PortalFrame>
  );
}

export const ErrorBoundary = PortalError;
