import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemFigures } from '../contract/summary-rules.js';
import { GST_RATES_BP } from '../contract/billing-rules.js';
import { discountPaise, proposalLine, proposalTotals } from './proposal.js';

describe('proposal figures', () => {
  it('a line is the editor’s client price, plus GST at its rate', () => {
    const line = proposalLine({ retailPrice: 4_500_000, quantity: 2, discountBp: 1000, rateBp: 1800 });
    expect(line).toMatchObject({ gross: 9_000_000, discount: 900_000, taxable: 8_100_000, tax: 1_458_000, igst: 1_458_000, total: 9_558_000 });
  });

  it('the taxable value always equals the summary’s client price (any price, quantity, discount)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(...GST_RATES_BP), (retailPrice, quantity, discountBp, rateBp) => {
        const line = proposalLine({ retailPrice, quantity, discountBp, rateBp });
        expect(line.taxable).toBe(itemFigures({ retailPrice, quantity, discountBp, tradePrice: 0 }).clientPrice);
        expect(line.discount).toBe(discountPaise(retailPrice, quantity, discountBp));
        expect(line.total).toBe(line.taxable + line.tax);
      }),
    );
  });

  it('totals are the sums of the lines', () => {
    const lines = [proposalLine({ retailPrice: 100, quantity: 3, discountBp: 0, rateBp: 500 }), proposalLine({ retailPrice: 999, quantity: 1, discountBp: 0, rateBp: 1800 })];
    expect(proposalTotals(lines)).toMatchObject({ taxable: 1299, tax: 15 + 180, total: 1299 + 195 });
  });
});
