import { describe, expect, it } from 'vitest';
import { addDays, formatMinutes, parseHours, timeValue, weekStartOf } from './time-rules';

/** Time in whole minutes and what it is worth (docs/decisions/371, 372; docs/guides/money.md). */

describe('time as typed', () => {
  it.each([
    ['1:30', 90],
    ['1.5', 90],
    ['2', 120],
    ['0:45', 45],
    ['.25', 15],
    ['1.01', 61],
    ['8 h', 480],
    ['24:00', 1440],
  ])('%s is %i minutes', (text, minutes) => expect(parseHours(text)).toBe(minutes));

  it.each(['', '0', '0:00', '24:01', '25', '1:60', '1.234', '-1', 'abc', '1,5', '.'])('%s is refused', (text) => expect(parseHours(text)).toBeNull());

  it('reads minutes back as a clock', () => {
    expect([90, 5, 1510, 0].map(formatMinutes)).toEqual(['1:30', '0:05', '25:10', '0:00']);
  });
});

describe('what time is worth', () => {
  it('is minutes × rate ÷ 60 to the paisa, half up, on the sum', () => {
    // ₹2,500 an hour: 20 minutes is ₹833.333… → ₹833.33; 3 × 20 minutes summed first is exactly ₹2,500.
    expect(timeValue(20, 2_500_00)).toBe(83_333);
    expect(timeValue(60, 2_500_00)).toBe(2_500_00);
    // 1 minute at ₹1.50 an hour is 2.5 paise → 3 (half up).
    expect(timeValue(1, 150)).toBe(3);
    expect(timeValue(740, 2_500_00)).toBe(30_833_33);
  });
});

describe('weeks', () => {
  it('start on Monday', () => {
    expect(weekStartOf('2026-12-03')).toBe('2026-11-30');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30');
    expect(addDays('2026-11-30', 6)).toBe('2026-12-06');
  });
});
