import { describe, expect, it } from 'vitest';
import { financialYearOf, financialYearStarting, formatDocumentNumber } from './numbering.js';

describe('financialYearOf', () => {
  it.each([
    ['2026-04-01T00:00:00+05:30', '2026-27'],
    ['2027-03-31T23:59:59+05:30', '2026-27'],
    ['2026-03-31T23:59:59+05:30', '2025-26'],
    // 31 March 19:00 UTC is already 1 April 00:30 in Kolkata.
    ['2026-03-31T19:00:00Z', '2026-27'],
    ['2026-03-31T18:29:59Z', '2025-26'],
    ['2099-12-31T12:00:00Z', '2099-00'],
  ])('%s is in %s', (iso, label) => {
    expect(financialYearOf(new Date(iso)).label).toBe(label);
  });
});

describe('formatDocumentNumber', () => {
  const fy = financialYearStarting(2026);
  it('prints PREFIX/YYYY-YY/NNNN', () => {
    expect(formatDocumentNumber('MSA', fy, 1)).toBe('MSA/2026-27/0001');
    expect(formatDocumentNumber('MSA', fy, 9999)).toBe('MSA/2026-27/9999');
  });
  it('shortens the year when the number would pass 16 characters (GST rule 46)', () => {
    expect(formatDocumentNumber('STUDI', fy, 1)).toBe('STUDI/26-27/0001');
    expect(formatDocumentNumber('MSA', fy, 10000)).toBe('MSA/26-27/10000');
  });
  it('refuses a number that fits neither way, and bad prefixes', () => {
    expect(() => formatDocumentNumber('STUDI', fy, 10000)).toThrow(RangeError);
    expect(() => formatDocumentNumber('ms a', fy, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber('', fy, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber('MSA', fy, 0)).toThrow(RangeError);
  });
});
