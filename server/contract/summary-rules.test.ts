import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemFigures, markupPercent, moveId, parsePercent, sumFigures } from './summary-rules';
import { formatPaise, parseRupees } from './money-text';

/** DESIGN.md section 8's formulas, as a table of cases (integer paise; discount in basis points). */
describe('itemFigures', () => {
  it.each([
    // retail, trade, qty, discountBp → clientPrice, tradeCost, netProfit, markup
    { name: 'no discount', m: [100_00, 80_00, 1, 0], f: [100_00, 80_00, 20_00, 25] },
    { name: 'quantity 3', m: [100_00, 80_00, 3, 0], f: [300_00, 240_00, 60_00, 25] },
    { name: 'discount 10 %', m: [100_00, 80_00, 2, 1000], f: [180_00, 160_00, 20_00, 12.5] },
    { name: 'discount 100 %: free to the client, a loss', m: [100_00, 80_00, 2, 10_000], f: [0, 160_00, -160_00, -100] },
    { name: 'quantity 0: nothing, markup 0', m: [100_00, 80_00, 0, 1000], f: [0, 0, 0, 0] },
    { name: 'trade 0: markup 0, not infinite', m: [100_00, 0, 1, 0], f: [100_00, 0, 100_00, 0] },
    { name: 'all 0', m: [0, 0, 1, 0], f: [0, 0, 0, 0] },
    { name: 'rounding half up to the paisa: 0.99 × 1 × 0.5 = 0.495 → 0.50', m: [99, 0, 1, 5000], f: [50, 0, 50, 0] },
    { name: 'rounding down: 0.01 × 1 × 0.75 = 0.0075 → 0.01', m: [1, 0, 1, 2500], f: [1, 0, 1, 0] },
    { name: 'rounding: 3.33 × 3 × 0.875 = 8.74125 → 8.74', m: [333, 100, 3, 1250], f: [874, 300, 574, 191.33] },
    { name: 'markup to two decimals: 1/3 = 33.33 %', m: [400, 300, 1, 0], f: [400, 300, 100, 33.33] },
    { name: 'largest values stay exact', m: [1_000_000_000, 999_999_999, 100_000, 1], f: [99_990_000_000_000, 99_999_999_900_000, -9_999_900_000, -0.01] },
  ])('$name', ({ m, f }) => {
    const [retailPrice, tradePrice, quantity, discountBp] = m as [number, number, number, number];
    const [clientPrice, tradeCost, netProfit, markup] = f as [number, number, number, number];
    expect(itemFigures({ retailPrice, tradePrice, quantityMilli: quantity * 1000, discountBp })).toEqual({ clientPrice, tradeCost, netProfit, markup });
  });

  it('a fractional quantity (decision 403): 12.5 m at ₹1,200.99 less 10 %, trade ₹800.55; 3.25 sq m at ₹2,999.99', () => {
    // 12.5 × 1,20,099 = 15,01,237.5 paise; × 0.9 = 13,51,113.75 → 13,51,114. Trade 12.5 × 80,055 = 10,00,687.5 → 10,00,688.
    expect(itemFigures({ retailPrice: 1_20_099, tradePrice: 80_055, quantityMilli: 12_500, discountBp: 1000 })).toEqual({ clientPrice: 13_51_114, tradeCost: 10_00_688, netProfit: 3_50_426, markup: 35.02 });
    // 3.25 × 2,99,999 = 9,74,996.75 → 9,74,997 (₹9,749.97), as the invoice line's gross (decision 407).
    expect(itemFigures({ retailPrice: 2_99_999, tradePrice: 0, quantityMilli: 3_250, discountBp: 0 }).clientPrice).toBe(9_74_997);
  });

  it('markup rounds half away from zero, for losses too', () => {
    expect(markupPercent(1, 8)).toBe(12.5);
    expect(markupPercent(-1, 8)).toBe(-12.5);
    expect(markupPercent(1, 30_000)).toBe(0); // 0.0033 %
    expect(markupPercent(1, 20_000)).toBe(0.01); // 0.005 % → 0.01
  });

  it('totals are sums, and the markup of the sums (not the mean of markups)', () => {
    const a = itemFigures({ retailPrice: 200_00, tradePrice: 100_00, quantityMilli: 1000, discountBp: 0 });
    const b = itemFigures({ retailPrice: 100_00, tradePrice: 100_00, quantityMilli: 1000, discountBp: 0 });
    expect(sumFigures([a, b])).toEqual({ clientPrice: 300_00, tradeCost: 200_00, netProfit: 100_00, markup: 50 });
    expect(sumFigures([])).toEqual({ clientPrice: 0, tradeCost: 0, netProfit: 0, markup: 0 });
  });

  it('client price is never negative and never above retail × quantity (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e5 }), fc.integer({ min: 0, max: 10_000 }), (retail, qty, bp) => {
        const f = itemFigures({ retailPrice: retail, tradePrice: 0, quantityMilli: qty * 1000, discountBp: bp });
        expect(Number.isSafeInteger(f.clientPrice)).toBe(true);
        expect(f.clientPrice).toBeGreaterThanOrEqual(0);
        expect(f.clientPrice).toBeLessThanOrEqual(retail * qty);
      }),
    );
  });
});

describe('money in forms', () => {
  it('reads rupees and percents, and shows ₹ with Indian grouping', () => {
    expect(parseRupees('1,23,456.78')).toBe(12_345_678);
    expect(parseRupees('₹ 45')).toBe(4500);
    expect(parseRupees('12.5')).toBe(1250);
    expect(parseRupees('1.234')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('100.01')).toBeNull();
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatPaise(100)).toBe('₹1.00');
    expect(formatPaise(-5)).toBe('−₹0.05');
    expect(formatPaise(1_000_000_000_00)).toBe('₹1,00,00,00,000.00');
  });
});

describe('moveId', () => {
  it('moves within a list, clamps the index and inserts an id from elsewhere', () => {
    expect(moveId(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moveId(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 'b', 99)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b'], 'x', 1)).toEqual(['a', 'x', 'b']);
  });

  it('keeps every id exactly once (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 30 }), fc.nat(), fc.integer({ min: -5, max: 40 }), (ids, pick, to) => {
        const id = ids[pick % ids.length]!;
        const moved = moveId(ids, id, to);
        expect([...moved].sort()).toEqual([...ids].sort());
      }),
    );
  });
});
