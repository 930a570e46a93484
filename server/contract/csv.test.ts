import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvPercent, toCsv } from './csv';

describe('csv', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('Rao "Sea View"')).toBe('"Rao ""Sea View"""');
    expect(csvCell(12.5)).toBe('"12.5"');
  });

  it('keeps formulas as text', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
    // Numbers, negative ones included, stay numbers.
    expect(csvCell(-12.5)).toBe('"-12.5"');
  });

  it('writes a BOM, CRLF lines and rupees from paise', () => {
    expect(toCsv([['a', 1], ['b', csvAmount(123456)]])).toBe('\ufeff"a","1"\r\n"b","1234.56"\r\n');
  });

  it('writes amounts exactly with two decimals, a negative one as a number, not as a formula (docs/decisions/360)', () => {
    expect(csvCell(csvAmount(1230))).toBe('"12.30"');
    expect(csvCell(csvAmount(100))).toBe('"1.00"');
    expect(csvCell(csvAmount(-50))).toBe('"-0.50"');
    expect(csvCell(csvPercent(36.7))).toBe('"36.70"');
    expect(() => csvCell({ decimal: '=1+1' })).toThrow(RangeError);
  });
});
