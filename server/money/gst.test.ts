import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_RATES_BP } from '../contract/billing-rules.js';
import { lineAmounts, MAX_QUANTITY, QUANTITY_SCALE, taxesOn, taxOn } from './gst.js';

const rate = fc.constantFrom(...GST_RATES_BP);
const supply = fc.constantFrom('intra' as const, 'inter' as const);
/** A line whose gross stays within ₹10 crore, and a discount no larger than it. */
const line = fc
  .record({ quantityMilli: fc.integer({ min: 0, max: MAX_QUANTITY * QUANTITY_SCALE }), unitPrice: fc.integer({ min: 0, max: 10_000_000 }), rateBp: rate, share: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ share, ...l }) => ({ ...l, discount: Math.floor(((l.quantityMilli * l.unitPrice) / QUANTITY_SCALE) * share) }));

describe('taxOn', () => {
  it('rounds half-up to the paisa', () => {
    expect(taxOn(25, 1800)).toBe(5); // 4.5 → 5
    expect(taxOn(5, 500)).toBe(0); // 0.25 → 0
    expect(taxOn(10, 500)).toBe(1); // 0.5 → 1
    expect(taxOn(1_00_000_00, 1800)).toBe(18_000_00);
    expect(taxOn(1, 2800)).toBe(0); // 0.28 → 0
    expect(taxOn(2, 2800)).toBe(1); // 0.56 → 1
  });
  it('refuses a rate that is not a GST slab', () => {
    expect(() => taxOn(100, 1700)).toThrow(RangeError);
  });
});

describe('taxesOn', () => {
  it('CGST rule 46(j): CGST and SGST each computed on its own at half the rate (₹75,000.50 at 18 %: ₹6,750.05 each)', () => {
    // 7,500,050 × 9 % = 675,004.5 → 675,005 for each; the odd paisa no longer goes to CGST alone.
    expect(taxesOn(75_000_50, 1800, 'intra')).toEqual({ cgst: 6_750_05, sgst: 6_750_05, igst: 0 });
    // 0.25 % halves to 0.125 %: 1,000 × 0.125 % = 1.25 → 1 each.
    expect(taxesOn(1_000, 25, 'intra')).toEqual({ cgst: 1, sgst: 1, igst: 0 });
  });
  it('puts all of it in IGST across states, at the full rate', () => {
    expect(taxesOn(75_000_50, 1800, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 13_500_09 });
  });
});

describe('lineAmounts', () => {
  it('is quantity × unit price − discount, taxed at the line rate', () => {
    // 3 × ₹1,250.50 − ₹100 = ₹3,651.50; 9 % = ₹328.635 → CGST ₹328.64 and SGST ₹328.64 (rule 46(j))
    expect(lineAmounts({ quantityMilli: 3000, unitPrice: 1_250_50, discount: 100_00, rateBp: 1800 }, 'intra')).toEqual({
      quantityMilli: 3000,
      unitPrice: 1_250_50,
      gross: 3_751_50,
      discount: 100_00,
      taxable: 3_651_50,
      rateBp: 1800,
      tax: 657_28,
      cgst: 328_64,
      sgst: 328_64,
      igst: 0,
      total: 4_308_78,
    });
  });
  it('takes fractional quantities exactly, rounding the gross once to the paisa (rule 46(f); decision 407)', () => {
    // 12.5 MTR of fabric × ₹1,200 = ₹15,000 exactly; 3.25 SQM of stone × ₹2,999.99 = ₹9,749.9675 → ₹9,749.97.
    expect(lineAmounts({ quantityMilli: 12_500, unitPrice: 1_200_00, discount: 0, rateBp: 1200 }, 'inter')).toMatchObject({ gross: 15_000_00, taxable: 15_000_00, igst: 1_800_00 });
    expect(lineAmounts({ quantityMilli: 3_250, unitPrice: 2_999_99, discount: 0, rateBp: 1800 }, 'intra')).toMatchObject({ gross: 9_749_97, cgst: 877_50, sgst: 877_50 });
  });
  it('refuses a discount above the line, fractions and negatives', () => {
    expect(() => lineAmounts({ quantityMilli: 1000, unitPrice: 100, discount: 101, rateBp: 0 }, 'inter')).toThrow(/discount/);
    expect(() => lineAmounts({ quantityMilli: 1.5, unitPrice: 100, discount: 0, rateBp: 0 }, 'inter')).toThrow(/quantity/);
    expect(() => lineAmounts({ quantityMilli: 1000, unitPrice: -1, discount: 0, rateBp: 0 }, 'inter')).toThrow(/unit price/);
    expect(() => lineAmounts({ quantityMilli: 1000, unitPrice: 0.5, discount: 0, rateBp: 0 }, 'inter')).toThrow(/unit price/);
  });

  it('property: the split adds up to the tax, whatever the supply', () => {
    fc.assert(
      fc.property(line, supply, (l, s) => {
        const a = lineAmounts(l, s);
        expect(a.cgst + a.sgst + a.igst).toBe(a.tax);
        expect(a.cgst).toBe(a.sgst);
        // Each half rounded on its own is within a paisa of the whole tax at the full rate.
        expect(Math.abs(lineAmounts(l, 'intra').tax - lineAmounts(l, 'inter').tax)).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('property: no amount is negative or fractional, and the total is taxable + tax', () => {
    fc.assert(
      fc.property(line, supply, (l, s) => {
        const a = lineAmounts(l, s);
        for (const value of Object.values(a)) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(a.total).toBe(a.taxable + a.tax);
        expect(a.taxable).toBe(Math.round((l.quantityMilli * l.unitPrice) / QUANTITY_SCALE) - l.discount);
      }),
    );
  });
  it('property: the tax is the exact tax rounded half-up (never more than half a paisa off)', () => {
    fc.assert(
      fc.property(line, (l) => {
        const a = lineAmounts(l, 'inter');
        const exactTimes10000 = BigInt(a.taxable) * BigInt(a.rateBp);
        const diff = BigInt(a.tax) * 10_000n - exactTimes10000; // (tax − exact) × 10000
        expect(diff > -5_000n && diff <= 5_000n).toBe(true); // exactly half a paisa rounds up
      }),
    );
  });
});
