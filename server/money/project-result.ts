import { COST_KINDS, type CostKind, type FeeBasis } from '../contract/fees-rules.js';
import { sumPaise } from './totals.js';

/** A sum that may be negative (a month with more credited than invoiced). */
const add = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0);
import { timeValue } from '../contract/time-rules.js';
import { costForStage, totalFee, type CostEntry, type FeeTerms } from './fees.js';

/**
 * What a project really made (docs/decisions/378), from sums the database grouped: one definition
 * per figure (docs/guides/money.md, "What a project made"). Every amount is paise before GST,
 * except received (with GST, TDS included, as the client settles an invoice).
 *
 * Time is worth `timeValue` of the minutes of one person at one rate in one stage and one month:
 * the finest group the figures are shown by, so the stages and the months each add up to the
 * same total to the paisa (never entry by entry, docs/decisions/372).
 */

export type AgreementInput = FeeTerms & { hourlyRate: number; hourlyCap: number | null; costs: Array<{ kind: string; amount: number; recordedOn: string }> };

/** Time grouped by stage, month, person and rates: `costRate` frozen at approval, else the person's present one. */
export type TimeGroup = { stageId: string | null; month: string; userId: string; minutes: number; costRate: number; approvedBillable: boolean; billRate: number | null };

/** Expenses grouped by month: before GST, the GST paid (input tax), and what the billed ones were billed at. */
export type ExpenseGroup = { month: string; amount: number; gst: number; recovered: number };

/** Invoices (issued, part paid, paid) and credit notes by issue month; payments (amount + TDS) by payment month. */
export type MoneyGroup = { month: string; invoiced: number; credited: number; received: number };

export type StageName = { id: string; name: string };

export type ResultMonth = { month: string; billed: number; received: number; cost: number };

export type ProjectResultFigures = {
  /** The fee agreed: null without an agreement, or a percentage one without a cost of works. */
  feeAgreed: number | null;
  basis: FeeBasis | null;
  billed: number;
  received: number;
  minutes: number;
  timeCost: number;
  stages: Array<{ stageId: string | null; name: string; minutes: number; cost: number }>;
  expenses: number;
  expensesGst: number;
  expensesRecovered: number;
  result: number;
  months: ResultMonth[];
};

/**
 * The fee agreed: a percentage of the cost of works on the actual cost once known, else the
 * latest estimate (as the fee page shows it); a lump sum; hourly, the approved billable time at
 * the bill rates frozen at approval (else the agreement's rate), at most the cap.
 */
export function feeAgreed(agreement: AgreementInput | null, time: readonly TimeGroup[]): number | null {
  if (!agreement) return null;
  if (agreement.basis === 'lump_sum') return agreement.lumpSum;
  if (agreement.basis === 'hourly') {
    const byRate = new Map<string, { minutes: number; rate: number }>();
    for (const t of time) {
      if (!t.approvedBillable) continue;
      const rate = t.billRate ?? agreement.hourlyRate;
      const key = `${t.userId}\u0000${rate}`;
      const group = byRate.get(key) ?? { minutes: 0, rate };
      group.minutes += t.minutes;
      byRate.set(key, group);
    }
    const worth = sumPaise([...byRate.values()].map((g) => timeValue(g.minutes, g.rate)));
    return agreement.hourlyCap === null ? worth : Math.min(worth, agreement.hourlyCap);
  }
  const entries: CostEntry[] = agreement.costs.filter((c) => (COST_KINDS as readonly string[]).includes(c.kind)).map((c, position) => ({ kind: c.kind as CostKind, amount: c.amount, recordedOn: c.recordedOn, position }));
  const cost = costForStage(entries, 'actual') ?? costForStage(entries, 'tender');
  return cost ? totalFee(agreement, cost.amount) : null;
}

/** Every month from `first` to `last` (YYYY-MM), at most `limit`, the latest kept. */
export function monthsBetween(first: string, last: string, limit = 24): string[] {
  const out: string[] = [];
  let [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  const end = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7));
  while (y * 12 + m <= end) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out.slice(-limit);
}

/**
 * The figures of one project. `thisMonth` closes the chart's months (the firm's today); the chart
 * starts at the first month anything happened, at most 24 months back.
 */
export function projectResult(input: { agreement: AgreementInput | null; time: readonly TimeGroup[]; expenses: readonly ExpenseGroup[]; money: readonly MoneyGroup[]; stageNames: readonly StageName[]; thisMonth: string }): ProjectResultFigures {
  const { agreement, time, expenses, money, stageNames, thisMonth } = input;
  const worth = (t: TimeGroup) => timeValue(t.minutes, t.costRate);
  const billed = add(money.map((m) => m.invoiced - m.credited));
  const received = sumPaise(money.map((m) => m.received));
  const stageOrder = new Map(stageNames.map((s, i) => [s.id, i]));
  const byStage = new Map<string | null, { minutes: number; cost: number }>();
  for (const t of time) {
    const key = t.stageId !== null && stageOrder.has(t.stageId) ? t.stageId : null;
    const s = byStage.get(key) ?? { minutes: 0, cost: 0 };
    s.minutes += t.minutes;
    s.cost += worth(t);
    byStage.set(key, s);
  }
  const stages = [...byStage.entries()]
    .map(([stageId, s]) => ({ stageId, name: stageId === null ? 'No stage' : stageNames[stageOrder.get(stageId)!]!.name, ...s }))
    .sort((a, b) => (a.stageId === null ? 1 : b.stageId === null ? -1 : stageOrder.get(a.stageId)! - stageOrder.get(b.stageId)!));
  const timeCost = sumPaise(stages.map((s) => s.cost));
  const spent = sumPaise(expenses.map((e) => e.amount));
  const firstMonth = [...time.map((t) => t.month), ...expenses.map((e) => e.month), ...money.map((m) => m.month)].sort()[0];
  const months = firstMonth
    ? monthsBetween(firstMonth < thisMonth ? firstMonth : thisMonth, thisMonth).map((month) => ({
        month,
        billed: add(money.filter((m) => m.month === month).map((m) => m.invoiced - m.credited)),
        received: sumPaise(money.filter((m) => m.month === month).map((m) => m.received)),
        cost: sumPaise([...time.filter((t) => t.month === month).map(worth), ...expenses.filter((e) => e.month === month).map((e) => e.amount)]),
      }))
    : [];
  return {
    feeAgreed: feeAgreed(agreement, time),
    basis: agreement?.basis ?? null,
    billed,
    received,
    minutes: time.reduce((n, t) => n + t.minutes, 0),
    timeCost,
    stages,
    expenses: spent,
    expensesGst: sumPaise(expenses.map((e) => e.gst)),
    expensesRecovered: sumPaise(expenses.map((e) => e.recovered)),
    result: billed - timeCost - spent,
    months,
  };
}
