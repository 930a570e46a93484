import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_RATES_BP } from '../contract/billing-rules.js';
import { lineAmounts, MAX_QUANTITY, splitTax, taxOn } from './gst.js';

const rate = fc.constantFrom(...GST_RATES_BP);
const supply = fc.constantFrom('intra' as const, 'inter' as const);
/** A line whose gross stays within ₹10 crore, and a discount no larger than it. */
const line = fc
  .record({ quantity: fc.integer({ min: 0, max: MAX_QUANTITY }), unitPrice: fc.integer({ min: 0, max: 10_000_000 }), rateBp: rate, share: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ share, ...l }) => ({ ...l, discount: Math.floor(l.quantity * l.unitPrice * share) }));

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

describe('splitTax', () => {
  it('halves the tax within a state, the odd paisa to CGST', () => {
    expect(splitTax(101, 'intra')).toEqual({ cgst: 51, sgst: 50, igst: 0 });
    expect(splitTax(100, 'intra')).toEqual({ cgst: 50, sgst: 50, igst: 0 });
    expect(splitTax(1, 'intra')).toEqual({ cgst: 1, sgst: 0, igst: 0 });
  });
  it('puts all of it in IGST across states', () => {
    expect(splitTax(101, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 101 });
  });
});

describe('lineAmounts', () => {
  it('is quantity × unit price − discount, taxed at the line rate', () => {
    // 3 × ₹1,250.50 − ₹100 = ₹3,651.50; 18 % = ₹657.27 → CGST ₹328.64 + SGST ₹328.63
    expect(lineAmounts({ quantity: 3, unitPrice: 1_250_50, discount: 100_00, rateBp: 1800 }, 'intra')).toEqual({
      quantity: 3,
      unitPrice: 1_250_50,
      gross: 3_751_50,
      discount: 100_00,
      taxable: 3_651_50,
      rateBp: 1800,
      tax: 657_27,
      cgst: 328_64,
      sgst: 328_63,
      igst: 0,
      total: 4_308_77,
    });
  });
  it('refuses a discount above the line, fractions and negatives', () => {
    expect(() => lineAmounts({ quantity: 1, unitPrice: 100, discount: 101, rateBp: 0 }, 'inter')).toThrow(/discount/);
    expect(() => lineAmounts({ quantity: 1.5, unitPrice: 100, discount: 0, rateBp: 0 }, 'inter')).toThrow(/quantity/);
    expect(() => lineAmounts({ quantity: 1, unitPrice: -1, discount: 0, rateBp: 0 }, 'inter')).toThrow(/unit price/);
    expect(() => lineAmounts({ quantity: 1, unitPrice: 0.5, discount: 0, rateBp: 0 }, 'inter')).toThrow(/unit price/);
  });

  it('property: the split adds up to the tax, whatever the supply', () => {
    fc.assert(
      fc.property(line, supply, (l, s) => {
        const a = lineAmounts(l, s);
        expect(a.cgst + a.sgst + a.igst).toBe(a.tax);
        expect(a.cgst - a.sgst === 0 || a.cgst - a.sgst === 1).toBe(true);
        // The same line carries the same tax within a state and across states.
        expect(lineAmounts(l, s === 'intra' ? 'inter' : 'intra').tax).toBe(a.tax);
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
        expect(a.taxable).toBe(l.quantity * l.unitPrice - l.discount);
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
