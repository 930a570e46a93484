import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { feeAgreed, monthsBetween, projectResult, type AgreementInput, type TimeGroup } from './project-result';

/** The worked example of docs/guides/money.md, "What a project made", computed by hand there. */

const agreement: AgreementInput = {
  basis: 'percentage',
  rateMilli: 5000,
  lumpSum: 0,
  hourlyRate: 0,
  hourlyCap: null,
  documentationCharge: false,
  billCheckingCharge: false,
  costs: [
    { kind: 'rough', amount: 2_00_00_000_00, recordedOn: '2026-04-01' },
    { kind: 'preliminary', amount: 1_50_00_000_00, recordedOn: '2026-06-10' },
  ],
};
const stageNames = [
  { id: 'concept', name: 'Concept design' },
  { id: 'preliminary', name: 'Preliminary design' },
];
const time: TimeGroup[] = [
  { stageId: 'concept', month: '2026-04', userId: 'meera', minutes: 1330, costRate: 1_000_00, approvedBillable: true, billRate: 2_500_00 },
  { stageId: 'preliminary', month: '2026-06', userId: 'arjun', minutes: 20, costRate: 1_250_00, approvedBillable: false, billRate: null },
];
const expenses = [{ month: '2026-05', amount: 5_000_00, gst: 900_00, recovered: 5_500_00 }];
const money = [
  { month: '2026-04', invoiced: 1_00_000_00, credited: 0, received: 0 },
  { month: '2026-05', invoiced: 5_500_00, credited: 0, received: 1_18_000_00 },
  { month: '2026-06', invoiced: 50_000_00, credited: 10_000_00, received: 0 },
];

describe('what a project made', () => {
  it('matches the hand computation of the money guide', () => {
    const r = projectResult({ agreement, time, expenses, money, stageNames, thisMonth: '2026-07' });
    expect(r.feeAgreed).toBe(7_50_000_00); // 5 % of ₹1,50,00,000, the latest estimate
    expect(r.billed).toBe(1_45_500_00); // 1,00,000 + 5,500 + 50,000 − 10,000
    expect(r.received).toBe(1_18_000_00); // ₹1,08,000 arrived + ₹10,000 TDS
    expect(r.minutes).toBe(1350);
    expect(r.stages).toEqual([
      { stageId: 'concept', name: 'Concept design', minutes: 1330, cost: 22_166_67 }, // 1330 × 1,00,000 ÷ 60 = 22,16,666.67
      { stageId: 'preliminary', name: 'Preliminary design', minutes: 20, cost: 416_67 }, // 20 × 1,25,000 ÷ 60 = 41,666.67
    ]);
    expect(r.timeCost).toBe(22_583_34);
    expect(r.expenses).toBe(5_000_00); // before GST: the ₹900 is input credit
    expect(r.expensesGst).toBe(900_00);
    expect(r.expensesRecovered).toBe(5_500_00);
    expect(r.result).toBe(1_17_916_66); // 1,45,500 − 22,583.34 − 5,000
    expect(r.months).toEqual([
      { month: '2026-04', billed: 1_00_000_00, received: 0, cost: 22_166_67 },
      { month: '2026-05', billed: 5_500_00, received: 1_18_000_00, cost: 5_000_00 },
      { month: '2026-06', billed: 40_000_00, received: 0, cost: 416_67 },
      { month: '2026-07', billed: 0, received: 0, cost: 0 },
    ]);
  });

  it('takes the actual cost once there is one, and the lump sum as it is', () => {
    expect(feeAgreed({ ...agreement, costs: [...agreement.costs, { kind: 'actual', amount: 1_20_00_000_00, recordedOn: '2026-01-01' }] }, [])).toBe(6_00_000_00);
    expect(feeAgreed({ ...agreement, basis: 'lump_sum', lumpSum: 3_00_000_00 }, [])).toBe(3_00_000_00);
    expect(feeAgreed({ ...agreement, costs: [] }, [])).toBeNull();
    expect(feeAgreed(null, time)).toBeNull();
  });

  it('bills hourly time approved and billable at its frozen rate, never above the cap', () => {
    const hourly = { ...agreement, basis: 'hourly' as const, hourlyRate: 1_500_00 };
    const unfrozen = { ...time[0]!, billRate: null };
    expect(feeAgreed(hourly, time)).toBe(55_416_67); // 1330 × 2,50,000 ÷ 60; Arjun's 0:20 is not approved
    expect(feeAgreed(hourly, [unfrozen])).toBe(33_250_00); // at the agreement's ₹1,500
    expect(feeAgreed({ ...hourly, hourlyCap: 50_000_00 }, time)).toBe(50_000_00);
  });

  it('adds up: the stages and the months each sum to the totals, to the paisa', () => {
    const group = fc.record({
      stageId: fc.constantFrom('concept', 'preliminary', null),
      month: fc.constantFrom('2025-11', '2026-01', '2026-02'),
      userId: fc.constantFrom('a', 'b'),
      minutes: fc.integer({ min: 1, max: 10_000 }),
      costRate: fc.integer({ min: 0, max: 10_000_00 }),
      approvedBillable: fc.boolean(),
      billRate: fc.option(fc.integer({ min: 0, max: 10_000_00 })),
    });
    fc.assert(
      fc.property(fc.array(group, { maxLength: 12 }), fc.array(fc.record({ month: fc.constantFrom('2025-12', '2026-02'), amount: fc.integer({ min: 1, max: 1e9 }), gst: fc.nat(1e8), recovered: fc.nat(1e9) }), { maxLength: 4 }), (t, e) => {
        const r = projectResult({ agreement, time: t, expenses: e, money, stageNames, thisMonth: '2026-07' });
        expect(r.stages.reduce((n, s) => n + s.cost, 0)).toBe(r.timeCost);
        expect(r.months.reduce((n, m) => n + m.cost, 0)).toBe(r.timeCost + r.expenses);
        expect(r.months.reduce((n, m) => n + m.billed, 0)).toBe(r.billed);
        expect(r.result).toBe(r.billed - r.timeCost - r.expenses);
        expect(Number.isSafeInteger(r.timeCost)).toBe(true);
      }),
    );
  });

  it('lists the months across a new year, the latest 24 kept', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2020-01', '2026-02')).toHaveLength(24);
  });
});
