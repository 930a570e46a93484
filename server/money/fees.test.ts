import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COA_MINIMUM_RATE, COA_STAGES, formatRate, formatShare, parseRate, parseShare } from '../contract/fees-rules.js';
import { costForStage, creditableTaxable, cumulativeDue, stageFigure, totalFee, type CostEntry, type FeeTerms } from './fees.js';
import { taxOn } from './gst.js';

const RUPEE = 100;
const terms: FeeTerms = { basis: 'percentage', rateMilli: 5000, lumpSum: 0, documentationCharge: false, billCheckingCharge: false };
const stage = (name: string, shareBp: number, costBasis: CostEntry['kind'] = 'rough', minimum = 0) => ({ name, shareBp, costBasis, minimum });

describe('the COA worked example (docs/decisions/427)', () => {
  // By hand, in rupees: a ₹2,00,00,000 estimate at 5 % is a fee of ₹10,00,000.
  // Concept, 10 % cumulative: 10,00,000 × 10 % − 0 = ₹1,00,000 (an invoice).
  // Preliminary, 20 %, on a ₹1,50,00,000 estimate: 7,50,000 × 20 % = 1,50,000 − 1,00,000 = ₹50,000.
  // Preliminary again on a ₹90,00,000 estimate: 4,50,000 × 20 % = 90,000 − 1,50,000 = −₹60,000 (credit notes).
  // Final, 100 %, on an actual ₹1,20,00,000: 6,00,000 − (1,50,000 − 60,000) = ₹5,10,000.
  const rough: CostEntry = { kind: 'rough', amount: 2_00_00_000 * RUPEE, recordedOn: '2026-04-10', position: 0 };
  const preliminary: CostEntry = { kind: 'preliminary', amount: 1_50_00_000 * RUPEE, recordedOn: '2026-06-01', position: 1 };
  const revised: CostEntry = { kind: 'preliminary', amount: 90_00_000 * RUPEE, recordedOn: '2026-07-01', position: 2 };
  const actual: CostEntry = { kind: 'actual', amount: 1_20_00_000 * RUPEE, recordedOn: '2027-03-01', position: 3 };

  it('bills each stage on its cost × cumulative share less what was billed', () => {
    expect(totalFee(terms, rough.amount)).toBe(10_00_000 * RUPEE);
    const concept = stageFigure(terms, stage('Concept design', 1000), costForStage([rough], 'rough'), 0);
    expect(concept.amount).toBe(1_00_000 * RUPEE);
    expect(concept.description).toBe('Fee for Concept design: 5 % of ₹2,00,00,000.00 (rough estimate of 10 Apr 2026) × 10 % cumulative = ₹1,00,000.00, less ₹0.00 already billed');
    const prelim = stageFigure(terms, stage('Preliminary design', 2000, 'preliminary'), costForStage([rough, preliminary], 'preliminary'), concept.amount);
    expect(prelim.amount).toBe(50_000 * RUPEE);
    const trueUp = stageFigure(terms, stage('Preliminary design', 2000, 'preliminary'), costForStage([rough, preliminary, revised], 'preliminary'), 1_50_000 * RUPEE);
    expect(trueUp.amount).toBe(-60_000 * RUPEE);
    const final = stageFigure(terms, stage('Completion', 10_000, 'actual'), costForStage([rough, preliminary, revised, actual], 'actual'), 90_000 * RUPEE);
    expect(final.amount).toBe(5_10_000 * RUPEE);
    expect(final.cost).toBe(actual);
  });

  it('the final stage takes the actual cost only; others the latest cost up to their basis', () => {
    expect(costForStage([rough, preliminary], 'actual')).toBeNull();
    expect(costForStage([rough, preliminary, actual], 'rough')).toBe(rough);
    expect(costForStage([rough, revised, preliminary], 'tender')).toBe(revised);
  });
});

describe('the COA scale and schedule', () => {
  it('starts at the minimum rates and the cumulative stage shares', () => {
    expect(COA_MINIMUM_RATE.individual_house).toBe(7500);
    expect(COA_MINIMUM_RATE.other).toBe(5000);
    expect(COA_STAGES.map((s) => s.shareBp)).toEqual([500, 1000, 2000, 3500, 4500, 5500, 6500, 8000, 10_000]);
    expect(COA_STAGES.at(-1)!.costBasis).toBe('actual');
  });

  it('the retainer is 5 % of the fee or ₹20,000, whichever is more', () => {
    // 5 % × (5 % of ₹10,00,000 = ₹50,000) = ₹2,500 → ₹20,000; on ₹2 crore: ₹50,000.
    expect(cumulativeDue(terms, 10_00_000 * RUPEE, 500, 20_000 * RUPEE)).toBe(20_000 * RUPEE);
    expect(cumulativeDue(terms, 2_00_00_000 * RUPEE, 500, 20_000 * RUPEE)).toBe(50_000 * RUPEE);
  });

  it('adds the documentation charge (10 % of the fee) and bill checking (1 % of the cost)', () => {
    // ₹1,00,00,000 at 7.5 %: 7,50,000; + 75,000 documentation; + 1,00,000 bill checking = ₹9,25,000.
    const house: FeeTerms = { ...terms, rateMilli: 7500, documentationCharge: true, billCheckingCharge: true };
    expect(totalFee(house, 1_00_00_000 * RUPEE)).toBe(9_25_000 * RUPEE);
  });

  it('a lump sum is shared by stage', () => {
    expect(cumulativeDue({ ...terms, basis: 'lump_sum', lumpSum: 3_00_000 * RUPEE }, 0, 3500, 0)).toBe(1_05_000 * RUPEE);
  });

  it('rounds once, half up, to the paisa', () => {
    // ₹1,234.57 at 5 % × 10 % = 6.17285 paise → 6.
    expect(cumulativeDue(terms, 123457, 1000, 0)).toBe(617);
    expect(cumulativeDue(terms, 123450, 1000, 0)).toBe(617); // 617.25
    expect(cumulativeDue(terms, 123500, 1000, 0)).toBe(618); // 617.5 → 618
  });

  it('is monotone in the share and never fractional', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 9999 }), (cost, rateMilli, share) => {
        const t = { ...terms, rateMilli };
        const a = cumulativeDue(t, cost, share, 0);
        expect(Number.isSafeInteger(a)).toBe(true);
        expect(cumulativeDue(t, cost, share + 1, 0)).toBeGreaterThanOrEqual(a);
        expect(cumulativeDue(t, cost, 10_000, 0)).toBe(totalFee(t, cost));
      }),
    );
  });
});

describe('credit notes against what is owed', () => {
  it('finds the largest taxable value whose total fits', () => {
    expect(creditableTaxable(59_000 * RUPEE, 1800, taxOn)).toBe(50_000 * RUPEE);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (owed) => {
        const t = creditableTaxable(owed, 1800, taxOn);
        expect(t + taxOn(t, 1800)).toBeLessThanOrEqual(owed);
        expect(t + 1 + taxOn(t + 1, 1800)).toBeGreaterThan(owed);
      }),
    );
  });
});

describe('percentages as typed', () => {
  it('reads and writes thousandths and basis points exactly', () => {
    expect(parseRate('7.5')).toBe(7500);
    expect(parseRate('3.125 %')).toBe(3125);
    expect(parseRate('3.1255')).toBeNull();
    expect(parseRate('101')).toBeNull();
    expect(parseShare('12.5')).toBe(1250);
    expect(parseShare('12.555')).toBeNull();
    expect(formatRate(7500)).toBe('7.5 %');
    expect(formatShare(1000)).toBe('10 %');
  });
});
