import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseForm26as, parseTracesDay, reportedByTanAndQuarter } from './form-26as';
import { quarterOf, sectionOn, tdsOf } from './tds';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url), 'utf8');

describe('Form 26AS and AIS downloads (docs/decisions/416)', () => {
  it("reads Part I of a 26AS text download: each deductor's transactions in paise, dated and in their quarter", () => {
    const { entries, problems } = parseForm26as(fixture('form-26as-sample.txt'));
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({ tan: 'MUMS12345A', deductorName: 'SMILE DENTAL CLINIC PRIVATE LIMITED', section: '393', transactionDate: '2026-05-15', quarter: '2026-27 Q1', bookingStatus: 'F', amountPaid: 1_00_000_00, taxDeducted: 10_000_00, deposited: 10_000_00 });
    expect(entries[2]).toMatchObject({ tan: 'PNEK54321B', transactionDate: '2026-08-02', quarter: '2026-27 Q2', bookingStatus: 'U', taxDeducted: 1_000_00, deposited: 0 });
    const sums = reportedByTanAndQuarter(entries);
    expect(sums.get('MUMS12345A 2026-27 Q1')).toMatchObject({ deducted: 20_000_00, deposited: 20_000_00 });
  });

  it('reads the AIS CSV with Indian digit grouping and quoted cells, to the same entries', () => {
    const { entries, problems } = parseForm26as(fixture('ais-tds-sample.csv'));
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.tan, e.transactionDate, e.amountPaid, e.taxDeducted])).toEqual([
      ['MUMS12345A', '2026-05-15', 1_00_000_00, 10_000_00],
      ['MUMS12345A', '2026-06-20', 1_00_000_00, 10_000_00],
    ]);
  });

  it('says what is wrong with a file that is neither', () => {
    expect(parseForm26as('hello\nworld').problems[0]).toMatch(/TAN/);
    expect(parseForm26as('File Creation Date^02-12-2026\n').problems[0]).toMatch(/No TDS transactions/);
    expect(parseTracesDay('31-Feb-2026')).toBeNull();
    // A month past 12 is no day (it used to throw, not answer null).
    expect(parseTracesDay('15-13-2026')).toBeNull();
    expect(parseTracesDay('01-Apr-2026')).toBe('2026-04-01');
  });
});

describe('TDS rules (docs/decisions/415, 416)', () => {
  it("gives each quarter the statement's and the certificate's due dates", () => {
    expect(quarterOf('2026-05-15')).toMatchObject({ key: '2026-27 Q1', start: '2026-04-01', end: '2026-06-30', returnDue: '2026-07-31', certificateDue: '2026-08-15' });
    expect(quarterOf('2026-09-30')).toMatchObject({ key: '2026-27 Q2', returnDue: '2026-10-31', certificateDue: '2026-11-15' });
    expect(quarterOf('2026-12-01')).toMatchObject({ key: '2026-27 Q3', returnDue: '2027-01-31', certificateDue: '2027-02-15' });
    expect(quarterOf('2027-03-31')).toMatchObject({ key: '2026-27 Q4', start: '2027-01-01', end: '2027-03-31', returnDue: '2027-05-31', certificateDue: '2027-06-15' });
    expect(quarterOf('2026-03-31').key).toBe('2025-26 Q4');
  });

  it('names the section by the day and computes 10 % and 2 % half-up on the fee before GST', () => {
    expect(sectionOn('2026-03-31')).toBe('194J');
    expect(sectionOn('2026-04-01')).toBe('393');
    expect(tdsOf(1_00_000_00, 1000)).toBe(10_000_00);
    expect(tdsOf(75_000_50, 1000)).toBe(7_500_05);
    expect(tdsOf(12_345, 200)).toBe(247);
  });
});
