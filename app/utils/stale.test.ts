import { describe, expect, it } from 'vitest';
import { staleMessage } from './stale';

describe('what a form says when its save lost to someone else (decision 320)', () => {
  const stale = { changedBy: { id: 'u1', name: 'Priya Shah' }, changedAt: '2026-03-12T08:35:00.000Z' };

  it('names who and the time alone when it was today, in the viewer’s time zone', () => {
    expect(staleMessage(stale, 'Asia/Kolkata', new Date('2026-03-12T10:00:00.000Z'))).toBe('Priya Shah changed this at 2:05 PM — your changes are kept below; the current values are shown.');
    expect(staleMessage(stale, 'Europe/London', new Date('2026-03-12T10:00:00.000Z'))).toBe('Priya Shah changed this at 8:35 AM — your changes are kept below; the current values are shown.');
  });

  it('names the day too when it was another day, and someone else when the account is gone', () => {
    expect(staleMessage({ ...stale, changedBy: null }, 'Asia/Kolkata', new Date('2026-03-14T10:00:00.000Z'))).toBe('Someone else changed this at 12 Mar 2026, 2:05 PM — your changes are kept below; the current values are shown.');
  });

  it('says an inline change was not saved', () => {
    expect(staleMessage(stale, 'Asia/Kolkata', new Date('2026-03-12T10:00:00.000Z'), 'inline')).toBe('Priya Shah changed this at 2:05 PM — your change was not saved; the current values are shown.');
  });
});
