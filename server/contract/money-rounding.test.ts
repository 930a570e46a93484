import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideHalfUp } from './money-rounding';

const abs = (v: bigint) => (v < 0n ? -v : v);
const numerators = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
const denominators = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);

describe('divideHalfUp, the one rounding helper (docs/decisions/360)', () => {
  it('rounds halves away from zero', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(15n, 10n)).toBe(2n);
    expect(divideHalfUp(14n, 10n)).toBe(1n);
    expect(divideHalfUp(-5n, 10n)).toBe(-1n);
    expect(divideHalfUp(-15n, 10n)).toBe(-2n);
    expect(divideHalfUp(-14n, 10n)).toBe(-1n);
    expect(divideHalfUp(5n, -10n)).toBe(-1n);
    expect(divideHalfUp(0n, 7n)).toBe(0n);
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it('is the nearest whole number, and on a tie the one farther from zero', () => {
    fc.assert(
      fc.property(numerators, denominators, (n, d) => {
        const q = divideHalfUp(n, d);
        const twiceError = abs(2n * (n - q * d));
        expect(twiceError <= abs(d)).toBe(true);
        if (twiceError === abs(d)) expect(abs(q * d) > abs(n)).toBe(true);
      }),
    );
  });

  it('is odd: a negative figure rounds as the mirror of the positive one', () => {
    fc.assert(
      fc.property(numerators, denominators, (n, d) => {
        expect(divideHalfUp(-n, d)).toBe(-divideHalfUp(n, d));
        expect(divideHalfUp(n, -d)).toBe(-divideHalfUp(n, d));
      }),
    );
  });

  it('agrees with both helpers it replaced wherever they were used', () => {
    // server/money's divideHalfUp (non-negative only) and summary-rules' divRound, as they were.
    const oldHalfUp = (n: bigint, d: bigint) => (n * 2n + d) / (d * 2n);
    const oldDivRound = (a: bigint, b: bigint) => {
      const q = (abs(a) * 2n + abs(b)) / (abs(b) * 2n);
      return a < 0n !== b < 0n ? -q : q;
    };
    fc.assert(
      fc.property(numerators, denominators, (n, d) => {
        expect(divideHalfUp(n, d)).toBe(oldDivRound(n, d));
        if (n >= 0n && d > 0n) expect(divideHalfUp(n, d)).toBe(oldHalfUp(n, d));
      }),
    );
  });

  it('matches Math.round on small non-negative quotients', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 10_000 }), (n, d) => {
        expect(Number(divideHalfUp(BigInt(n), BigInt(d)))).toBe(Math.round(n / d));
      }),
    );
  });
});
