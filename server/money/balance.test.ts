import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountTo, fitsOutstanding, issuedStatus, isOverdue, outstandingOf, shareOf } from './balance.js';

const amount = fc.integer({ min: 0, max: 1_000_000_000 });

describe('outstanding and status', () => {
  it('follows payments and credit notes', () => {
    expect(issuedStatus({ total: 100_00, credited: 0, received: 0 })).toBe('issued');
    expect(issuedStatus({ total: 100_00, credited: 0, received: 40_00 })).toBe('part_paid');
    expect(issuedStatus({ total: 100_00, credited: 10_00, received: 90_00 })).toBe('paid');
    expect(issuedStatus({ total: 100_00, credited: 100_00, received: 0 })).toBe('paid');
    expect(outstandingOf({ total: 100_00, credited: 10_00, received: 40_00 })).toBe(50_00);
  });
  it('is overdue only when something is owed after the due day', () => {
    const b = { total: 100, credited: 0, received: 0 };
    expect(isOverdue(b, '2026-05-01', '2026-05-02')).toBe(true);
    expect(isOverdue(b, '2026-05-01', '2026-05-01')).toBe(false);
    expect(isOverdue({ ...b, received: 100 }, '2026-05-01', '2026-06-01')).toBe(false);
    expect(isOverdue(b, null, '2026-06-01')).toBe(false);
  });
  it('property: payments that fit never make the outstanding negative, and paying it all is Paid', () => {
    fc.assert(
      fc.property(amount, fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 20 }), (total, tries) => {
        const b = { total, credited: 0, received: 0 };
        for (const pay of tries) if (fitsOutstanding(b, pay)) b.received += pay;
        expect(b.received).toBeLessThanOrEqual(total);
        expect(outstandingOf(b)).toBe(total - b.received);
        const rest = outstandingOf(b);
        if (rest > 0) expect(fitsOutstanding(b, rest + 1)).toBe(false);
        if (rest > 0 && fitsOutstanding(b, rest)) b.received += rest;
        expect(issuedStatus(b)).toBe(total === 0 ? 'issued' : 'paid');
      }),
    );
  });
});

describe('shareOf', () => {
  it('rounds half-up', () => {
    expect(shareOf(1_00_000_00, 3000)).toBe(30_000_00);
    expect(shareOf(5, 5000)).toBe(3); // 2.5 → 3
    expect(shareOf(5, 10_000)).toBe(5);
  });
  it('property: shares of complementary percentages add up to the amount within a paisa', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 10_000 }), (a, bp) => {
        const sum = shareOf(a, bp) + shareOf(a, 10_000 - bp);
        expect(sum - a === 0 || sum - a === 1).toBe(true);
      }),
    );
  });
});

describe('discountTo', () => {
  it('is the gross less the client price', () => {
    expect(discountTo(3000, 1000, 2700)).toBe(300);
    expect(() => discountTo(1000, 100, 101)).toThrow(RangeError);
    // Quantities in thousandths (decision 403): 2.5 × ₹10.00 is ₹25.00.
    expect(discountTo(2500, 1000, 2000)).toBe(500);
  });
});
