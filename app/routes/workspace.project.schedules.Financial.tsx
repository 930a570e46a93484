import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react';
import { ListTable, NumCell } from '~/components/data-table';
import { EmptyState } from '~/components/workspace/empty-state';
import { ReceivablesSection } from '~/components/financial/receivables';
import { PageHeader } from '~/components/workspace/page-header';
import { getFinancialOverview } from '~/models/summary-output.server';
import { listProjectResults } from '~/models/results.server';
import { formatMinutes } from '../../server/contract/time-rules';
import type { ProjectResultRow } from '../../server/contract/results';
import outputStyles from '~/styles/summary-output.css';
import { formatPercent, type Figures } from '../../server/contract/summary-rules';
import { formatPaise } from '../../server/contract/money-text';
import type { ProjectMoneyRow } from '../../server/contract/financial';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Financial') }, { name: 'description', content: 'The firm-wide financial overview of every schedule.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: outputStyles }];

/**
 * The firm-wide financial overview (DESIGN.md section 9, docs/decisions/107): client price, trade
 * cost, net profit and markup per project and schedule, with totals; a project filter (a GET
 * form: works without JavaScript, submits on change with it) and a CSV download of what is shown.
 * The firm and its sub-admins only (the api answers 403 to a plain employee).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = new URL(request.url).searchParams.get('project') || null;
  const [{ data }, results] = await Promise.all([required(getFinancialOverview(request, projectId)), required(listProjectResults(request))]);
  return json({ ...data, results: resultsShown(results.rows, data.projectId) });
}

/** The projects' results the filter shows (docs/decisions/378): every project, or the one chosen. */
const resultsShown = (rows: ProjectResultRow[], projectId: string | null) => (projectId ? rows.filter((r) => r.projectId === projectId) : rows);

const money = (paise: number) => <span className={paise < 0 ? 'neg' : undefined}>{formatPaise(paise)}</span>;

/** The four figure columns, in the order of the table's head and of each row's cells. */
const FIGURE_LABELS = ['Client price', 'Trade cost', 'Net profit', 'Markup'] as const;

function FigureCells({ figures }: { figures: Figures }) {
  const values = [money(figures.clientPrice), formatPaise(figures.tradeCost), money(figures.netProfit), formatPercent(figures.markup)];
  return (
    <>
      {FIGURE_LABELS.map((label, index) => (
        <NumCell key={label} label={label}>
          {values[index]}
        </NumCell>
      ))}
    </>
  );
}

/** Where the money stands per project: quoted, invoiced, received, outstanding, margin. */
const MONEY_LABELS = ['Quoted', 'Invoiced', 'Received', 'Outstanding', 'Margin'] as const;

function MoneyTable({ projects }: { projects: ProjectMoneyRow[] }) {
  return (
    <section className="so-board-section" aria-labelledby="money-title">
      <h2 id="money-title">Where the money stands</h2>
      <p className="so-meta">Before GST: quoted (client price of approved sections), invoiced (issued invoices less credit notes), committed (purchase orders), and margin (net profit of the approved sections less credit notes). With GST: received (including TDS the client deducted) and outstanding. A section the client rejected counts nowhere.</p>
      <ListTable label="Where the money stands" testId="financial-money" columns={['Project', ...MONEY_LABELS.map((label) => ({ label, className: 'num' }))]}>
        {projects.map((m) => (
          <tr key={m.projectId} data-testid="financial-money-row">
            <td data-label="Project">{m.projectName}</td>
            {[m.quoted, m.invoiced, m.received, m.outstanding, m.margin].map((value, index) => (
              <NumCell key={MONEY_LABELS[index]} label={MONEY_LABELS[index]}>
                {money(value)}
              </NumCell>
            ))}
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

/** What each project made (docs/decisions/378): the same figures as its Result tab. */
const RESULT_LABELS = ['Fee agreed', 'Billed', 'Received', 'Hours', 'Time at cost', 'Expenses', 'Result'] as const;

function ResultsTable({ rows }: { rows: ProjectResultRow[] }) {
  return (
    <section className="so-board-section" aria-labelledby="results-title">
      <h2 id="results-title">What each project made</h2>
      <p className="so-meta">Before GST: billed (issued invoices less credit notes), time at cost, expenses (without their GST, claimed as input tax). Received with GST, TDS included. Result = billed − time at cost − expenses.</p>
      <ListTable label="What each project made" testId="financial-results" columns={['Project', ...RESULT_LABELS.map((label) => ({ label, className: 'num' }))]}>
        {rows.map((r) => (
          <tr key={r.projectId} data-testid="financial-result-row">
            <td data-label="Project">
              <Link to={`/workspace/project/result/${encodeURIComponent(r.projectId)}`}>{r.projectName}</Link>
            </td>
            <NumCell label="Fee agreed">{r.feeAgreed === null ? '—' : formatPaise(r.feeAgreed)}</NumCell>
            <NumCell label="Billed">{money(r.billed)}</NumCell>
            <NumCell label="Received">{formatPaise(r.received)}</NumCell>
            <NumCell label="Hours">{formatMinutes(r.minutes)}</NumCell>
            <NumCell label="Time at cost">{formatPaise(r.timeCost)}</NumCell>
            <NumCell label="Expenses">{formatPaise(r.expenses)}</NumCell>
            <NumCell label="Result">{money(r.result)}</NumCell>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

/** Committed on purchase orders not cancelled, before GST like the trade cost (docs/decisions/285, 417). */
const COMMITTED = 'Committed';
const CommittedCell = ({ paise }: { paise: number }) => <NumCell label={COMMITTED}>{formatPaise(paise)}</NumCell>;

export default function FinancialOverview() {
  const { projects, projectId, rows, totals, money: projectMoney, committed, receivables, results } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const csvHref = `/workspace/project/schedules/Financial/csv${projectId ? `?project=${encodeURIComponent(projectId)}` : ''}`;
  return (
    <>
      <PageHeader
        title="Financial"
        description="Client price, trade cost, net profit and markup of every schedule, and what purchase orders commit, across your projects."
        actions={
          <>
            <a href={csvHref} className="button button-secondary" download data-testid="financial-csv">
              Download CSV
            </a>
            <Link to="/workspace/project/schedules/Financial/accounting-exports" className="button button-secondary" data-testid="accounting-exports-link">
              Accounting exports
            </Link>
          </>
        }
      />
      <Form method="get" className="so-filter" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })} aria-label="Filter by project">
        <div className="field">
          <label htmlFor="financial-project">Project</label>
          <select id="financial-project" name="project" defaultValue={projectId ?? ''} key={projectId ?? ''}>
            <option value="">All projects</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.projectName}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="button button-secondary">
            Show
          </button>
        </noscript>
      </Form>
      <dl className="so-totals" data-testid="financial-totals">
        <div className="so-total">
          <dt>Client price</dt>
          <dd>{money(totals.clientPrice)}</dd>
        </div>
        <div className="so-total">
          <dt>Trade cost</dt>
          <dd>{formatPaise(totals.tradeCost)}</dd>
        </div>
        <div className="so-total">
          <dt>Net profit</dt>
          <dd>{money(totals.netProfit)}</dd>
        </div>
        <div className="so-total">
          <dt>Markup</dt>
          <dd>{formatPercent(totals.markup)}</dd>
        </div>
        <div className="so-total">
          <dt>Committed</dt>
          <dd data-testid="financial-committed">{formatPaise(committed.total)}</dd>
        </div>
      </dl>
      {rows.length ? (
        <ListTable
          label="Figures per schedule"
          testId="financial-table"
          columns={['Project', 'Schedule', ...[...FIGURE_LABELS, COMMITTED].map((label) => ({ label, className: 'num' }))]}
          foot={
            <tr>
              <td colSpan={2}>Total</td>
              <FigureCells figures={totals} />
              <CommittedCell paise={committed.total} />
            </tr>
          }
        >
          {rows.map((row) => (
            <tr key={row.scheduleId} data-testid="financial-row">
              <td data-label="Project">{row.projectName}</td>
              <td data-label="Schedule">
                <Link to={`/workspace/project/schedules/summary-financial/${row.projectId}?schedule=${row.scheduleId}&tab=financial`}>{row.scheduleTitle}</Link>
              </td>
              <FigureCells figures={row.figures} />
              <CommittedCell paise={committed.bySchedule[row.scheduleId] ?? 0} />
            </tr>
          ))}
        </ListTable>
      ) : null}
      {projectMoney.length ? <MoneyTable projects={projectMoney} /> : null}
      {results.length ? <ResultsTable rows={results} /> : null}
      <ReceivablesSection receivables={receivables} />
      {rows.length ? null : (
        <EmptyState title="No schedules yet" icon="financial">
          Add a schedule to a project and give its items prices: their figures add up here.
        </EmptyState>
      )}
    </>
  );
}
