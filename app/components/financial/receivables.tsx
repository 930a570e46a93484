import { scaleBand, scaleLinear, type ScaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { ListTable, NumCell } from '~/components/data-table';
import { AGE_BUCKETS, AGE_LABELS } from '../../../server/contract/ageing-rules';
import type { Receivables } from '../../../server/contract/financial';
import { formatPaise, formatPrice } from '../../../server/contract/money-text';

/**
 * Receivables at a glance (docs/decisions/418): the ageing table, and two charts drawn as SVG on
 * the server by React with d3-scale and d3-shape (no script needed to see them), each with a table
 * of the same figures beside it for screen readers and for whoever would rather read.
 */

const W = 400;
const H = 240;
const M = { top: 12, right: 8, bottom: 28, left: 72 };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const shortMonth = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1]!;
/** Whole rupees on an axis (ticks are round amounts of paise). */
const tickText = (paise: number) => formatPrice(Math.round(paise / 100) * 100);

function YAxis({ y, width }: { y: ScaleLinear<number, number>; width: number }) {
  return (
    <g className="rc-axis" aria-hidden="true">
      {y.ticks(4).map((t) => (
        <g key={t} transform={`translate(0,${y(t)})`}>
          <line x1={M.left} x2={width - M.right} className="rc-grid" />
          <text x={M.left - 6} dy="0.32em" textAnchor="end">
            {tickText(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

export function InvoicedReceivedChart({ months }: { months: Receivables['months'] }) {
  const x = scaleBand<string>()
    .domain(months.map((m) => m.month))
    .range([M.left, W - M.right])
    .padding(0.2);
  const top = Math.max(1, ...months.flatMap((m) => [m.invoiced, m.received]));
  // nice(4) and ticks(4) agree, so the top tick is at or above the tallest bar.
  const y = scaleLinear().domain([0, top]).nice(4).range([H - M.bottom, M.top]);
  const received = line<Receivables['months'][number]>()
    .x((m) => x(m.month)! + x.bandwidth() / 2)
    .y((m) => y(m.received))(months);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="rc-chart" role="img" aria-labelledby="rc-months-title rc-months-desc" data-testid="chart-invoiced-received">
      <title id="rc-months-title">Invoiced against received, month by month</title>
      <desc id="rc-months-desc">Bars: invoiced with GST less credit notes. Line: received, TDS included. The table beside has the same figures.</desc>
      <YAxis y={y} width={W} />
      {months.map((m) => (
        <g key={m.month}>
          <rect className="rc-bar-invoiced" x={x(m.month)} width={x.bandwidth()} y={y(Math.max(0, m.invoiced))} height={H - M.bottom - y(Math.max(0, m.invoiced))} />
          <text className="rc-axis-x" x={x(m.month)! + x.bandwidth() / 2} y={H - M.bottom + 16} textAnchor="middle" aria-hidden="true">
            {shortMonth(m.month)}
          </text>
        </g>
      ))}
      {received ? <path className="rc-line-received" d={received} fill="none" /> : null}
      {months.map((m) => (
        <circle key={m.month} className="rc-dot-received" cx={x(m.month)! + x.bandwidth() / 2} cy={y(m.received)} r={3} />
      ))}
    </svg>
  );
}

export function AgeChart({ total }: { total: Receivables['total'] }) {
  const y = scaleBand<string>()
    .domain([...AGE_BUCKETS])
    .range([M.top, H - M.bottom])
    .padding(0.25);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...AGE_BUCKETS.map((b) => total[b]))])
    .nice(3)
    .range([96, W - M.right - 28]);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="rc-chart" role="img" aria-labelledby="rc-age-title rc-age-desc" data-testid="chart-outstanding-age">
      <title id="rc-age-title">Outstanding by age</title>
      <desc id="rc-age-desc">What clients owe, with GST, by days past the due date. The table beside has the same figures.</desc>
      <g className="rc-axis" aria-hidden="true">
        {x.ticks(3).map((t) => (
          <g key={t} transform={`translate(${x(t)},0)`}>
            <line y1={M.top} y2={H - M.bottom} className="rc-grid" />
            <text y={H - M.bottom + 16} textAnchor="middle">
              {tickText(t)}
            </text>
          </g>
        ))}
      </g>
      {AGE_BUCKETS.map((b) => (
        <g key={b}>
          <text className="rc-axis-y" x={90} y={y(b)! + y.bandwidth() / 2} dy="0.32em" textAnchor="end" aria-hidden="true">
            {AGE_LABELS[b]}
          </text>
          <rect className={`rc-bar-age rc-age-${b}`} x={x(0)} width={x(total[b]) - x(0)} y={y(b)} height={y.bandwidth()} />
        </g>
      ))}
    </svg>
  );
}

const AGE_HEADS = AGE_BUCKETS.map((b) => (b === 'current' ? AGE_LABELS[b] : `${AGE_LABELS[b]} overdue`));

export function ReceivablesSection({ receivables }: { receivables: Receivables }) {
  const { byClient, total, months } = receivables;
  return (
    <section className="so-board-section" aria-labelledby="receivables-title" data-testid="receivables">
      <h2 id="receivables-title">Receivables at a glance</h2>
      <p className="so-meta">With GST. Received includes TDS the client deducted. Ages count the days past each invoice&apos;s due date. The month table lists the last twelve months with something invoiced or received.</p>
      <ListTable
        label="Outstanding by age per client"
        testId="ageing-table"
        columns={['Client', ...AGE_HEADS.map((label) => ({ label, className: 'num' })), { label: 'Outstanding', className: 'num' }]}
        foot={
          <tr data-testid="ageing-total">
            <td>Total</td>
            {AGE_BUCKETS.map((b, i) => (
              <NumCell key={b} label={AGE_HEADS[i]!}>
                {formatPaise(total[b])}
              </NumCell>
            ))}
            <NumCell label="Outstanding">{formatPaise(total.total)}</NumCell>
          </tr>
        }
      >
        {byClient.map((c) => (
          <tr key={c.clientKey} data-testid="ageing-row">
            <td data-label="Client">{c.clientName}</td>
            {AGE_BUCKETS.map((b, i) => (
              <NumCell key={b} label={AGE_HEADS[i]!}>
                {formatPaise(c[b])}
              </NumCell>
            ))}
            <NumCell label="Outstanding">{formatPaise(c.total)}</NumCell>
          </tr>
        ))}
      </ListTable>
      <div className="rc-pair">
        <figure className="rc-figure">
          <InvoicedReceivedChart months={months} />
          <figcaption className="rc-legend">
            <span className="rc-key rc-key-invoiced" aria-hidden="true" /> Invoiced <span className="rc-key rc-key-received" aria-hidden="true" /> Received
          </figcaption>
        </figure>
        {/* The months with something invoiced or received; the chart shows the empty ones as zero. */}
        <ListTable label="Invoiced and received by month" testId="months-table" columns={['Month', { label: 'Invoiced', className: 'num' }, { label: 'Received', className: 'num' }]}>
          {months.filter((m) => m.invoiced || m.received).map((m) => (
            <tr key={m.month}>
              <td data-label="Month">{monthLabel(m.month)}</td>
              <NumCell label="Invoiced">{formatPaise(m.invoiced)}</NumCell>
              <NumCell label="Received">{formatPaise(m.received)}</NumCell>
            </tr>
          ))}
        </ListTable>
      </div>
      <div className="rc-pair">
        <figure className="rc-figure">
          <AgeChart total={total} />
        </figure>
        <ListTable label="Outstanding by age" testId="age-table" columns={['Age', { label: 'Outstanding', className: 'num' }]}>
          {AGE_BUCKETS.map((b, i) => (
            <tr key={b}>
              <td data-label="Age">{AGE_HEADS[i]}</td>
              <NumCell label="Outstanding">{formatPaise(total[b])}</NumCell>
            </tr>
          ))}
        </ListTable>
      </div>
    </section>
  );
}
