import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemFigures } from '../contract/summary-rules.js';
import { GST_RATES_BP } from '../contract/billing-rules.js';
import { discountPaise, proposalLine, proposalTotals } from './proposal.js';

describe('proposal figures', () => {
  it('a line is the editor’s client price, plus GST at its rate', () => {
    const line = proposalLine({ retailPrice: 4_500_000, quantityMilli: 2000, discountBp: 1000, rateBp: 1800 });
    expect(line).toMatchObject({ gross: 9_000_000, discount: 900_000, taxable: 8_100_000, tax: 1_458_000, igst: 1_458_000, total: 9_558_000 });
  });

  it('a fractional quantity: 12.5 m at ₹1,200.99 less 10 % is the editor’s ₹13,511.14 (decision 403)', () => {
    // 12.5 × 1,20,099 paise = 15,01,237.5: gross 15,01,238; client price 15,01,237.5 × 0.9 = 13,51,113.75 → 13,51,114.
    const line = proposalLine({ retailPrice: 1_20_099, quantityMilli: 12_500, discountBp: 1000, rateBp: 1200 });
    expect(line).toMatchObject({ gross: 15_01_238, discount: 1_50_124, taxable: 13_51_114 });
    expect(itemFigures({ retailPrice: 1_20_099, quantityMilli: 12_500, discountBp: 1000, tradePrice: 0 }).clientPrice).toBe(13_51_114);
  });

  it('the taxable value always equals the summary’s client price (any price, quantity to the thousandth, discount)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(...GST_RATES_BP), (retailPrice, quantityMilli, discountBp, rateBp) => {
        const line = proposalLine({ retailPrice, quantityMilli, discountBp, rateBp });
        expect(line.taxable).toBe(itemFigures({ retailPrice, quantityMilli, discountBp, tradePrice: 0 }).clientPrice);
        expect(line.discount).toBe(discountPaise(retailPrice, quantityMilli, discountBp));
        expect(line.total).toBe(line.taxable + line.tax);
      }),
    );
  });

  it('totals are the sums of the lines', () => {
    const lines = [proposalLine({ retailPrice: 100, quantityMilli: 3000, discountBp: 0, rateBp: 500 }), proposalLine({ retailPrice: 999, quantityMilli: 1000, discountBp: 0, rateBp: 1800 })];
    expect(proposalTotals(lines)).toMatchObject({ taxable: 1299, tax: 15 + 180, total: 1299 + 195 });
  });
});
