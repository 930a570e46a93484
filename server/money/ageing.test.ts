import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageReceivables, AGE_BUCKETS, bucketOf, lastMonths } from './ageing';

describe('receivables by age (docs/decisions/418)', () => {
  it('puts the boundaries in the right buckets', () => {
    const today = '2026-12-02';
    expect(bucketOf(null, today)).toBe('current');
    expect(bucketOf('2026-12-02', today)).toBe('current');
    expect(bucketOf('2026-12-01', today)).toBe('d1_30');
    expect(bucketOf('2026-11-02', today)).toBe('d1_30');
    expect(bucketOf('2026-11-01', today)).toBe('d31_60');
    expect(bucketOf('2026-10-03', today)).toBe('d31_60');
    expect(bucketOf('2026-10-02', today)).toBe('d61_90');
    expect(bucketOf('2026-09-03', today)).toBe('d61_90');
    expect(bucketOf('2026-09-02', today)).toBe('over90');
  });

  it('ages a worked example per client and in total', () => {
    const today = '2026-12-02';
    const { byClient, total } = ageReceivables(
      [
        // ₹4,779.00 less ₹3,000.00 received, 10 days late; ₹1,000.00 not yet due.
        { clientKey: 'a', clientName: 'Rhea Kapoor', total: 477900, credited: 0, received: 300000, dueDate: '2026-11-22' },
        { clientKey: 'a', clientName: 'Rhea Kapoor', total: 100000, credited: 0, received: 0, dueDate: '2026-12-20' },
        // ₹1,18,000.00, 95 days late; a paid one counts nowhere.
        { clientKey: 'b', clientName: 'Smile Dental', total: 11800000, credited: 0, received: 0, dueDate: '2026-08-29' },
        { clientKey: 'b', clientName: 'Smile Dental', total: 5000, credited: 1000, received: 4000, dueDate: '2026-01-01' },
      ],
      today,
    );
    expect(byClient.map((c) => c.clientName)).toEqual(['Smile Dental', 'Rhea Kapoor']);
    expect(byClient[1]).toMatchObject({ current: 100000, d1_30: 177900, total: 277900 });
    expect(byClient[0]).toMatchObject({ over90: 11800000, total: 11800000 });
    expect(total).toEqual({ current: 100000, d1_30: 177900, d31_60: 0, d61_90: 0, over90: 11800000, total: 12077900 });
  });

  it('always adds up: the buckets sum to the total, per client and overall', () => {
    const invoice = fc.record({ clientKey: fc.constantFrom('a', 'b', 'c'), total: fc.integer({ min: 0, max: 1e10 }), credited: fc.constant(0), received: fc.integer({ min: 0, max: 1e10 }), dueDate: fc.option(fc.date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))) });
    fc.assert(
      fc.property(fc.array(invoice), (list) => {
        const { byClient, total } = ageReceivables(list.map((i) => ({ ...i, clientName: i.clientKey })), '2026-06-15');
        for (const row of [...byClient, total]) expect(AGE_BUCKETS.reduce((s, b) => s + row[b], 0)).toBe(row.total);
        expect(byClient.reduce((s, r) => s + r.total, 0)).toBe(total.total);
      }),
    );
  });

  it('lists the last twelve months across a year end', () => {
    expect(lastMonths('2026-02-10', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(lastMonths('2026-12-02')).toHaveLength(12);
  });
});
