import type { FinancialReply } from '../../../server/contract/financial';
import { isoDateTime, isoDay } from '../../../server/contract/dates';
import { csvAmount, csvPercent, toCsv } from '../../../server/contract/csv';
import { AGE_BUCKETS, AGE_LABELS } from '../../../server/contract/ageing-rules';
import type { ProjectResultRow } from '../../../server/contract/results';
import { formatMinutes } from '../../../server/contract/time-rules';

type Figures = { clientPrice: number; tradeCost: number; netProfit: number; markup: number };
const figures = (f: Figures) => [csvAmount(f.clientPrice), csvAmount(f.tradeCost), csvAmount(f.netProfit), csvPercent(f.markup)];

/**
 * The Financial overview as CSV (rupees with exactly two decimals, markups too; text cells safe from formula injection) and
 * its file name. Its dates (the file name's day, each schedule's creation) are in the firm's time
 * zone, as its pages show them (decision 265), not the server's or UTC's.
 */
export function financialCsv(data: FinancialReply['data'], now: Date, timeZone: string, results: readonly ProjectResultRow[] = []): { fileName: string; body: string } {
  const body = toCsv([
    ['Project', 'Schedule', 'Client price (INR)', 'Trade cost (INR)', 'Net profit (INR)', 'Markup (%)', 'Committed (INR)', `Schedule created (${timeZone})`],
    ...data.rows.map((row) => [row.projectName, row.scheduleTitle, ...figures(row.figures), csvAmount(data.committed.bySchedule[row.scheduleId] ?? 0), isoDateTime(row.scheduleCreatedAt, timeZone)]),
    ['Total', '', ...figures(data.totals), csvAmount(data.committed.total), ''],
    // Where the money stands per project, below a blank row.
    [],
    ['Project', 'Quoted (INR)', 'Invoiced before GST (INR)', 'Received (INR)', 'Outstanding (INR)', 'Margin (INR)'],
    ...data.money.map((m) => [m.projectName, csvAmount(m.quoted), csvAmount(m.invoiced), csvAmount(m.received), csvAmount(m.outstanding), csvAmount(m.margin)]),
    // Receivables at a glance (decision 418): outstanding by age per client, then month by month.
    [],
    ['Client', ...AGE_BUCKETS.map((b) => b === 'current' ? 'Current (INR)' : `${AGE_LABELS[b]} overdue (INR)`), 'Outstanding (INR)'],
    ...[...data.receivables.byClient, { clientName: 'Total', ...data.receivables.total }].map((r) => [r.clientName, ...AGE_BUCKETS.map((b) => csvAmount(r[b])), csvAmount(r.total)]),
    [],
    ['Month', 'Invoiced with GST less credit notes (INR)', 'Received with TDS (INR)'],
    ...data.receivables.months.map((m) => [m.month, csvAmount(m.invoiced), csvAmount(m.received)]),
    // What each project made (decision 378): exact amounts, hours as h:mm and in minutes.
    ...(results.length
      ? [
          [],
          ['Project', 'Fee agreed (INR)', 'Billed before GST (INR)', 'Received (INR)', 'Hours (h:mm)', 'Minutes', 'Time at cost (INR)', 'Expenses before GST (INR)', 'Expenses recovered (INR)', 'Result (INR)'],
          ...results.map((r) => [r.projectName, r.feeAgreed === null ? '' : csvAmount(r.feeAgreed), csvAmount(r.billed), csvAmount(r.received), formatMinutes(r.minutes), String(r.minutes), csvAmount(r.timeCost), csvAmount(r.expenses), csvAmount(r.expensesRecovered), csvAmount(r.result)]),
        ]
      : []),
  ]);
  return { fileName: `financial-overview-${isoDay(now, timeZone)}.csv`, body };
}
