import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise, formatPrice, MINUS, paiseToDecimal, parseRupees } from './money-text';

const amounts = fc.integer({
  min: -1_000_000_000_000_00,
  max: 1_000_000_000_000_00,
});

describe('money as text (docs/decisions/360)', () => {
  it('shows an amount with ₹, Indian grouping and two decimals; a negative one with a minus first', () => {
    expect(formatPaise(1230)).toBe('₹12.30');
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatPaise(0)).toBe('₹0.00');
    expect(formatPaise(-1230)).toBe('−₹12.30');
    expect(formatPaise(-50)).toBe('−₹0.50');
    expect(formatPaise(-0)).toBe('₹0.00');
  });

  it('writes a price in a sentence without ".00" and with the same minus', () => {
    expect(formatPrice(300_000)).toBe('₹3,000');
    expect(formatPrice(123_456_750)).toBe('₹12,34,567.50');
    expect(formatPrice(99)).toBe('₹0.99');
    expect(formatPrice(-500_000)).toBe('−₹5,000');
  });

  it('writes the decimal a program reads: exactly two decimals, an ASCII minus, no grouping', () => {
    expect(paiseToDecimal(1230)).toBe('12.30');
    expect(paiseToDecimal(100_000_01)).toBe('100000.01');
    // Before, a price field showed −50 paise as "0.50": Math.trunc(−0.5) is −0, which String() prints as "0".
    expect(paiseToDecimal(-50)).toBe('-0.50');
    expect(paiseToDecimal(-1230)).toBe('-12.30');
  });

  it('rounds a stray fraction of a paisa rather than cutting it off, and refuses NaN', () => {
    expect(formatPaise(1229.6)).toBe('₹12.30');
    expect(formatPaise(-0.3)).toBe('₹0.00');
    expect(() => formatPaise(Number.NaN)).toThrow(RangeError);
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_99 }), (paise) => {
        expect(parseRupees(paiseToDecimal(paise))).toBe(paise);
        expect(parseRupees(formatPaise(paise))).toBe(paise);
        expect(parseRupees(formatPrice(paise))).toBe(paise);
      }),
    );
  });

  it('prints the same digits in every form, the sign first', () => {
    fc.assert(
      fc.property(amounts, (paise) => {
        const shown = formatPaise(paise);
        const decimal = paiseToDecimal(paise);
        expect(shown.replace(/[₹,]/g, '').replace(MINUS, '-')).toBe(decimal);
        expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
        expect(Number(decimal) * 100).toBeCloseTo(paise, 0);
        expect(shown.startsWith(MINUS)).toBe(paise < 0);
      }),
    );
  });
});
