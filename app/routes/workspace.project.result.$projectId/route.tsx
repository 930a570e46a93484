import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ListTable, NumCell } from '~/components/data-table';
import { ResultChart, ResultMonthsTable } from '~/components/financial/result-chart';
import { EmptyState } from '~/components/workspace/empty-state';
import { ProjectTabs, projectPaths } from '~/components/workspace/project-tabs';
import { getProjectResult } from '~/models/results.server';
import { getSchedules } from '~/models/workspace-schedules.server';
import { asErrorResponse, attempt, required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import outputStyles from '~/styles/summary-output.css';
import { FEE_BASIS_LABELS } from '../../../server/contract/fees-rules';
import { formatPaise } from '../../../server/contract/money-text';
import type { ProjectResultReply } from '../../../server/contract/results';
import { formatMinutes } from '../../../server/contract/time-rules';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: outputStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Result — ${data.project.projectName}` : 'Result') },
  { name: 'description', content: 'What the project really made: fee agreed, billed and received, time by stage at cost, expenses and the result, month by month.' },
];

/**
 * What the project really made (docs/decisions/378, 379): its figures, time by stage, and fee
 * against cost month by month as a chart drawn on the server with its table. Nothing to submit,
 * so it is the same page without JavaScript. A plain employee is told why it shows nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  const sent = await attempt(getProjectResult(request, projectId));
  if (sent.ok) return json({ data: sent.reply, project: sent.reply.project });
  if (sent.error.status !== 403) throw asErrorResponse(sent.error);
  const { data } = await required(getSchedules(request, projectId));
  return json({ data: null, project: data.project });
}

type Data = ProjectResultReply['data'];

const money = (paise: number) => <span className={paise < 0 ? 'neg' : undefined}>{formatPaise(paise)}</span>;
const hours = (minutes: number) => `${formatMinutes(minutes)} h`;

function Figures({ data }: { data: Data }) {
  const figures: Array<[string, React.ReactNode, string]> = [
    ['Fee agreed', data.feeAgreed === null ? '—' : formatPaise(data.feeAgreed), 'fee-agreed'],
    ['Billed', money(data.billed), 'billed'],
    ['Received', formatPaise(data.received), 'received'],
    ['Time', hours(data.minutes), 'minutes'],
    ['Time at cost', formatPaise(data.timeCost), 'time-cost'],
    ['Expenses', formatPaise(data.expenses), 'expenses'],
    ['Result', money(data.result), 'result'],
  ];
  return (
    <dl className="so-totals" data-testid="result-figures">
      {figures.map(([label, value, id]) => (
        <div key={id} className="so-total">
          <dt>{label}</dt>
          <dd data-testid={`result-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StageTable({ data }: { data: Data }) {
  if (!data.stages.length) return <p className="so-meta">No time recorded on this project yet.</p>;
  return (
    <ListTable
      label="Time by stage"
      testId="result-stages"
      columns={['Stage', { label: 'Hours', className: 'num' }, { label: 'At cost', className: 'num' }]}
      foot={
        <tr>
          <td>Total</td>
          <NumCell label="Hours">{hours(data.minutes)}</NumCell>
          <NumCell label="At cost">{formatPaise(data.timeCost)}</NumCell>
        </tr>
      }
    >
      {data.stages.map((s) => (
        <tr key={s.stageId ?? 'none'} data-testid="result-stage">
          <td data-label="Stage">{s.name}</td>
          <NumCell label="Hours">{hours(s.minutes)}</NumCell>
          <NumCell label="At cost">{formatPaise(s.cost)}</NumCell>
        </tr>
      ))}
    </ListTable>
  );
}

export default function ProjectResult() {
  const { data, project } = useLoaderData<typeof loader>();
  const paths = projectPaths(project.id);
  return (
    <>
      <ProjectTabs project={project} description="What this project really made: what was billed and received against the time and expenses it cost." />
      {!data ? (
        <EmptyState title="The result is financials" icon="financial">
          Only the firm, its sub-admins and employees allowed to see financials can see what a project made. Your own time is on the <Link to={paths.time}>Time</Link> tab.
        </EmptyState>
      ) : (
        <>
          <section className="so-board-section" aria-labelledby="result-title">
            <h2 id="result-title">The result</h2>
            <p className="so-meta">
              Before GST. Fee agreed: {data.basis ? FEE_BASIS_LABELS[data.basis].toLowerCase() : 'no fee agreement'}
              {data.basis === 'percentage' ? ', on the actual cost of works once known, else the latest estimate' : data.basis === 'hourly' ? ': approved billable time at its bill rates, at most the cap' : ''}. Billed: issued invoices less credit notes
              {data.expensesRecovered ? `, ${formatPaise(data.expensesRecovered)} of it expenses recovered` : ''}. Received with GST, TDS included. Expenses without the GST paid on them ({formatPaise(data.expensesGst)}, claimed as input tax). Result = billed − time at cost − expenses.
            </p>
            <Figures data={data} />
          </section>
          <section className="so-board-section" aria-labelledby="result-stages-title">
            <h2 id="result-stages-title">Time by stage</h2>
            <p className="so-meta">Everyone&apos;s time on the project, at the cost rate frozen when its week was approved, else the person&apos;s present cost rate.</p>
            <StageTable data={data} />
          </section>
          <section className="so-board-section" aria-labelledby="result-months-title">
            <h2 id="result-months-title">Fee against cost over time</h2>
            {data.months.length ? (
              <div className="rs-stack">
                <ResultChart months={data.months} />
                <ResultMonthsTable months={data.months} />
              </div>
            ) : (
              <p className="so-meta">Nothing billed, received or spent yet.</p>
            )}
          </section>
        </>
      )}
    </>
  );
}
