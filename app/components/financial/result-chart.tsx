import { scalePoint, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { ListTable, NumCell } from '~/components/data-table';
import type { ResultMonth } from '../../../server/contract/results';
import { formatPaise, formatPrice } from '../../../server/contract/money-text';

/**
 * Fee against cost over time (docs/decisions/379): three running totals month by month (billed,
 * received, cost of time and expenses), drawn as SVG on the server by React with d3-scale and
 * d3-shape like the receivables charts (no script needed to see it), with the table of the same
 * figures as its text alternative.
 */

const W = 420;
const H = 250;
const M = { top: 12, right: 12, bottom: 28, left: 92 };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const shortMonth = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1]!;
const tickText = (paise: number) => formatPrice(Math.round(paise / 100) * 100);

export type RunningMonth = ResultMonth & { billedToDate: number; receivedToDate: number; costToDate: number };

/** The running totals, month by month (sums of whole paise: exact). */
export function runningTotals(months: readonly ResultMonth[]): RunningMonth[] {
  let billed = 0;
  let received = 0;
  let cost = 0;
  return months.map((m) => {
    billed += m.billed;
    received += m.received;
    cost += m.cost;
    return { ...m, billedToDate: billed, receivedToDate: received, costToDate: cost };
  });
}

const SERIES = [
  { key: 'billedToDate', label: 'Billed', className: 'rs-billed' },
  { key: 'receivedToDate', label: 'Received', className: 'rs-received' },
  { key: 'costToDate', label: 'Cost', className: 'rs-cost' },
] as const;

export function ResultChart({ months }: { months: readonly ResultMonth[] }) {
  const running = runningTotals(months);
  // Every month labelled when they fit, else every third, so the axis never overlaps at 24 months.
  const step = running.length > 12 ? 3 : 1;
  const x = scalePoint<string>()
    .domain(running.map((m) => m.month))
    .range([M.left, W - M.right])
    .padding(0.5);
  const values = running.flatMap((m) => [m.billedToDate, m.receivedToDate, m.costToDate]);
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(1, ...values)])
    .nice(4)
    .range([H - M.bottom, M.top]);
  return (
    <figure className="rc-figure rs-figure">
      <svg viewBox={`0 0 ${W} ${H}`} className="rc-chart rs-chart" role="img" aria-labelledby="rs-chart-title rs-chart-desc" data-testid="result-chart">
        <title id="rs-chart-title">Fee billed and received against cost, month by month</title>
        <desc id="rs-chart-desc">Running totals: billed before GST less credit notes, received with TDS, and the cost of time and expenses. The table below has the same figures.</desc>
        <g className="rc-axis" aria-hidden="true">
          {y.ticks(4).map((t) => (
            <g key={t} transform={`translate(0,${y(t)})`}>
              <line x1={M.left} x2={W - M.right} className="rc-grid" />
              <text x={M.left - 6} dy="0.32em" textAnchor="end">
                {tickText(t)}
              </text>
            </g>
          ))}
          {running.map((m, i) =>
            i % step === 0 ? (
              <text key={m.month} className="rc-axis-x" x={x(m.month)} y={H - M.bottom + 16} textAnchor="middle">
                {shortMonth(m.month)}
              </text>
            ) : null,
          )}
        </g>
        {SERIES.map((s) => {
          const path = line<RunningMonth>()
            .x((m) => x(m.month)!)
            .y((m) => y(m[s.key]))(running);
          return (
            <g key={s.key} className={s.className}>
              {path ? <path d={path} fill="none" className="rs-line" /> : null}
              {running.map((m) => (
                <circle key={m.month} cx={x(m.month)} cy={y(m[s.key])} r={2.5} className="rs-dot" />
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="rc-legend">
        {SERIES.map((s) => (
          <span key={s.key} className="rs-legend-item">
            <span className={`rc-key rs-key ${s.className}`} aria-hidden="true" /> {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** The chart's figures as a table: each month's, and the result to date (billed − cost). */
export function ResultMonthsTable({ months }: { months: readonly ResultMonth[] }) {
  const running = runningTotals(months);
  return (
    <ListTable
      label="Billed, received and cost by month"
      testId="result-months"
      columns={['Month', { label: 'Billed', className: 'num' }, { label: 'Received', className: 'num' }, { label: 'Cost', className: 'num' }, { label: 'Result to date', className: 'num' }]}
    >
      {running.map((m) => (
        <tr key={m.month} data-testid="result-month">
          <td data-label="Month">{monthLabel(m.month)}</td>
          <NumCell label="Billed">{formatPaise(m.billed)}</NumCell>
          <NumCell label="Received">{formatPaise(m.received)}</NumCell>
          <NumCell label="Cost">{formatPaise(m.cost)}</NumCell>
          <NumCell label="Result to date">{formatPaise(m.billedToDate - m.costToDate)}</NumCell>
        </tr>
      ))}
    </ListTable>
  );
}
