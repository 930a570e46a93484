import { describe, expect, it } from 'vitest';
import { csvCell, paiseAsRupees, toCsv } from './csv';

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
    expect(toCsv([['a', 1], ['b', paiseAsRupees(123456)]])).toBe('\ufeff"a","1"\r\n"b","1234.56"\r\n');
  });
});
