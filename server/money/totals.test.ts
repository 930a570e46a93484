import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_RATES_BP } from '../contract/billing-rules.js';
import { lineAmounts } from './gst.js';
import { documentAmounts, inputsOf, sumLines, supplyKind } from './totals.js';

const line = fc
  .record({ quantity: fc.integer({ min: 0, max: 1000 }), unitPrice: fc.integer({ min: 0, max: 50_000_000 }), rateBp: fc.constantFrom(...GST_RATES_BP), share: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ share, quantity, ...l }) => ({ ...l, quantityMilli: quantity * 1000, discount: Math.floor(quantity * l.unitPrice * share) }));
const lines = fc.array(line, { maxLength: 40 });
const supply = fc.constantFrom('intra' as const, 'inter' as const);

describe('supplyKind', () => {
  it('is intra-state when the client is in the firm state, by name, ignoring case and spaces', () => {
    expect(supplyKind('Maharashtra', 'maharashtra ')).toBe('intra');
    expect(supplyKind('Maharashtra', 'Karnataka')).toBe('inter');
  });
  it('is inter-state for a client without a state (abroad)', () => {
    expect(supplyKind('Maharashtra', null)).toBe('inter');
    expect(supplyKind('Maharashtra', '')).toBe('inter');
  });
});

describe('documentAmounts', () => {
  it('sums the lines and summarises by rate', () => {
    const doc = documentAmounts(
      [
        { quantityMilli: 1_000, unitPrice: 50_000_00, discount: 0, rateBp: 1800 }, // design fee
        { quantityMilli: 2_000, unitPrice: 12_345_67, discount: 1_00, rateBp: 1200 },
        { quantityMilli: 1_000, unitPrice: 333, discount: 0, rateBp: 1800 },
      ],
      'intra',
    );
    expect(doc.totals.taxable).toBe(50_000_00 + 24_690_34 + 333);
    expect(doc.totals.tax).toBe(9_000_00 + 2_962_84 + 60);
    expect(doc.totals.total).toBe(doc.totals.taxable + doc.totals.tax);
    expect(doc.byRate.map((r) => r.rateBp)).toEqual([1200, 1800]);
    expect(doc.byRate[1]).toEqual({ rateBp: 1800, taxable: 50_003_33, cgst: 4_500_30, sgst: 4_500_30, igst: 0, tax: 9_000_60 });
  });
  it('of no lines is all zeros', () => {
    expect(documentAmounts([], 'inter').totals).toEqual({ gross: 0, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 0 });
  });

  it('property: the totals equal the sum of the lines, field by field', () => {
    fc.assert(
      fc.property(lines, supply, (ls, s) => {
        const doc = documentAmounts(ls, s);
        for (const field of ['gross', 'discount', 'taxable', 'cgst', 'sgst', 'igst', 'tax', 'total'] as const) {
          expect(doc.totals[field]).toBe(ls.reduce((sum, l) => sum + lineAmounts(l, s)[field], 0));
        }
        expect(doc.totals.cgst + doc.totals.sgst + doc.totals.igst).toBe(doc.totals.tax);
        expect(doc.byRate.reduce((sum, r) => sum + r.tax, 0)).toBe(doc.totals.tax);
        expect(doc.byRate.reduce((sum, r) => sum + r.taxable, 0)).toBe(doc.totals.taxable);
      }),
    );
  });
  it('property: no total is negative', () => {
    fc.assert(
      fc.property(lines, supply, (ls, s) => {
        for (const value of Object.values(documentAmounts(ls, s).totals)) expect(value).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('property: recomputing from a result gives the same result (idempotent), and line order does not change the totals', () => {
    fc.assert(
      fc.property(lines, supply, (ls, s) => {
        const once = documentAmounts(ls, s);
        expect(documentAmounts(inputsOf(once.lines), s)).toEqual(once);
        expect(sumLines(documentAmounts([...ls].reverse(), s).lines)).toEqual(once.totals);
      }),
    );
  });
});
