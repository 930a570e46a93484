import { describe, expect, it } from 'vitest';
import { dateParts, formatCalendarDay, formatDateTime, formatDay, formatTime, isoDay, isRealDay, isTimeZone, monthName, timeZoneChoices, zoneOf } from './dates';

describe('workspace dates', () => {
  it('reads an instant in India time (UTC+5:30), across the day boundary', () => {
    expect(dateParts('2025-03-11T20:05:00.000Z')).toEqual({ year: 2025, month: 3, day: 12, hour: 1, minute: 35 });
    expect(formatDateTime('2025-03-11T20:05:00.000Z')).toBe('12 Mar 2025, 1:35 AM');
  });

  it('writes the clock in 12 hours with AM and PM, noon and midnight included', () => {
    expect(formatTime({ hour: 0, minute: 5 })).toBe('12:05 AM');
    expect(formatTime({ hour: 12, minute: 0 })).toBe('12:00 PM');
    expect(formatTime({ hour: 23, minute: 59 })).toBe('11:59 PM');
  });

  it('names every month', () => {
    expect(Array.from({ length: 12 }, (_, i) => monthName(i + 1)).join(' ')).toBe('Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec');
  });

  it('writes a day (the lists of files and folders), and nothing for a value that is not a date', () => {
    expect(formatDay('2025-03-11T20:05:00.000Z')).toBe('12 Mar 2025');
    expect(formatDay('not a date')).toBe('');
  });
});

describe('one module for every date', () => {
  it('reads the same instant in another zone when told, and India’s by default', () => {
    expect(formatDateTime('2025-03-11T20:05:00.000Z', 'Europe/London')).toBe('11 Mar 2025, 8:05 PM');
    expect(isoDay('2025-03-11T20:05:00.000Z')).toBe('2025-03-12');
    expect(isoDay('2025-03-11T20:05:00.000Z', 'UTC')).toBe('2025-03-11');
  });

  it('writes a calendar day (a due date, a paid-until day) without moving it across zones', () => {
    expect(formatCalendarDay('2027-06-30')).toBe('30 Jun 2027');
    expect(formatCalendarDay('nonsense')).toBe('');
  });
});

describe('timeZoneChoices (decision 265)', () => {
  it("offers India's zone by its current name, UTC first, and the firm's own zone", () => {
    const choices = timeZoneChoices('Europe/London');
    expect(choices[0]).toBe('UTC');
    expect(choices).toContain('Asia/Kolkata');
    expect(choices).not.toContain('Asia/Calcutta');
    expect(choices).toContain('America/New_York');
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices.every(isTimeZone)).toBe(true);
  });

  it('reads a viewer’s zone, or India’s for none or an unknown one', () => {
    expect(zoneOf({ timeZone: 'Europe/London' })).toBe('Europe/London');
    expect(zoneOf({ timeZone: 'Mars/Base' })).toBe('Asia/Kolkata');
    expect(zoneOf(null)).toBe('Asia/Kolkata');
  });
});

describe('isRealDay', () => {
  it('is a day of the calendar as YYYY-MM-DD, and never throws for a month or day out of range', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].map(isRealDay)).toEqual([true, true, true]);
    expect(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '9999-99-99', '28-02-2026', '2026-2-28', ''].map(isRealDay)).toEqual(Array(8).fill(false));
  });
});
