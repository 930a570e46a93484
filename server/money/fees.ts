import { formatCalendarDay } from '../contract/dates.js';
import { BILL_CHECKING_RATE, COST_KIND_LABELS, COST_KINDS, DOCUMENTATION_SHARE_BP, formatRate, formatShare, type CostKind, type FeeBasis } from '../contract/fees-rules.js';
import { assertWhole, divideHalfUp } from '../contract/money-rounding.js';
import { formatPaise } from '../contract/money-text.js';

/**
 * A stage's fee (docs/decisions/427): what is due cumulatively at a stage is the fee on the stage's
 * cost of works × its cumulative share (at least the stage's minimum, the retainer's ₹20,000);
 * what it bills is that less everything already billed under the agreement. A negative figure
 * is a credit (the caller issues credit notes, never a negative invoice). One division, through
 * the one rounding helper (docs/decisions/360).
 */

export type FeeTerms = {
  basis: FeeBasis;
  /** Thousandths of a percent of the cost of works (5 % = 5000). */
  rateMilli: number;
  lumpSum: number;
  documentationCharge: boolean;
  billCheckingCharge: boolean;
};

export type CostEntry = { kind: CostKind; amount: number; recordedOn: string; position: number };

const RANK: Record<CostKind, number> = Object.fromEntries(COST_KINDS.map((k, i) => [k, i])) as Record<CostKind, number>;

/**
 * The cost a stage figures its fee on: the most recent (by date, then by order recorded) cost of a
 * kind up to the stage's basis; a stage on the actual cost takes an actual cost only. None: null.
 */
export function costForStage(costs: readonly CostEntry[], basis: CostKind): CostEntry | null {
  const usable = costs.filter((c) => (basis === 'actual' ? c.kind === 'actual' : RANK[c.kind] <= RANK[basis]));
  let best: CostEntry | null = null;
  for (const c of usable) if (!best || c.recordedOn > best.recordedOn || (c.recordedOn === best.recordedOn && c.position > best.position)) best = c;
  return best;
}

/** The rate's numerator in thousandths-of-a-percent × basis points: the rate, plus 10 % of it for documentation, plus 1 % of the cost for bill checking. */
function rateTerm(terms: FeeTerms): bigint {
  const documentation = terms.documentationCharge ? DOCUMENTATION_SHARE_BP : 0;
  const billChecking = terms.billCheckingCharge ? BILL_CHECKING_RATE : 0;
  return BigInt(terms.rateMilli) * BigInt(10_000 + documentation) + BigInt(billChecking) * 10_000n;
}

/** 100 % in thousandths of a percent × 100 % in basis points. */
const RATE_SCALE = 100_000n * 10_000n;

/** The whole fee on `cost` (a percentage agreement) or the lump sum. */
export function totalFee(terms: FeeTerms, cost: number): number {
  if (terms.basis === 'lump_sum') return terms.lumpSum;
  assertWhole('cost of works', cost);
  return Number(divideHalfUp(BigInt(cost) * rateTerm(terms), RATE_SCALE));
}

/** What is due by a stage, cumulatively: fee × share, rounded once, at least the stage's minimum. */
export function cumulativeDue(terms: FeeTerms, cost: number, shareBp: number, minimum: number): number {
  assertWhole('share', shareBp, 10_000);
  assertWhole('minimum', minimum);
  const due =
    terms.basis === 'lump_sum'
      ? divideHalfUp(BigInt(terms.lumpSum) * BigInt(shareBp), 10_000n)
      : divideHalfUp(BigInt(cost) * BigInt(shareBp) * rateTerm(terms), RATE_SCALE * 10_000n);
  return Math.max(Number(due), minimum);
}

export type StageFigure = {
  cost: CostEntry | null;
  due: number;
  billed: number;
  /** due − billed: an invoice when positive, credit notes when negative. */
  amount: number;
  description: string;
};

/** The stage invoice's figure and the words of its line: how it was reached. */
export function stageFigure(terms: FeeTerms, stage: { name: string; shareBp: number; minimum: number; costBasis: CostKind }, cost: CostEntry | null, billed: number): StageFigure {
  const due = cumulativeDue(terms, cost?.amount ?? 0, stage.shareBp, stage.minimum);
  const amount = due - billed;
  return { cost, due, billed, amount, description: describeStage(terms, stage, cost, due, billed) };
}

function describeStage(terms: FeeTerms, stage: { name: string; shareBp: number; minimum: number }, cost: CostEntry | null, due: number, billed: number): string {
  const extras = [terms.documentationCharge ? 'with the documentation charge of 10 % of the fee' : '', terms.billCheckingCharge ? `with bill checking at ${formatRate(BILL_CHECKING_RATE)} of the cost` : ''].filter(Boolean).join(', ');
  const fee =
    terms.basis === 'lump_sum'
      ? `lump sum ${formatPaise(terms.lumpSum)}`
      : `${formatRate(terms.rateMilli)} of ${formatPaise(cost?.amount ?? 0)} (${cost ? `${COST_KIND_LABELS[cost.kind].toLowerCase()} of ${formatCalendarDay(cost.recordedOn)}` : 'no cost recorded'})${extras ? `, ${extras}` : ''}`;
  const minimum = stage.minimum > 0 ? ` (at least ${formatPaise(stage.minimum)})` : '';
  return `Fee for ${stage.name}: ${fee} × ${formatShare(stage.shareBp)} cumulative = ${formatPaise(due)}${minimum}, less ${formatPaise(billed)} already billed`.slice(0, 500);
}

/** The largest taxable value whose total with GST at `rateBp` fits in `owed` paise (a credit note against one invoice). */
export function creditableTaxable(owed: number, rateBp: number, taxOn: (taxable: number, rateBp: number) => number): number {
  assertWhole('owed', owed);
  let taxable = Number(divideHalfUp(BigInt(owed) * 10_000n, BigInt(10_000 + rateBp)));
  while (taxable > 0 && taxable + taxOn(taxable, rateBp) > owed) taxable -= 1;
  return taxable;
}
