import { describe, expect, it } from 'vitest';
import { serviceSacOf } from '../contract/fees-rules';
import { codeOfFreeLine, freeLine } from './invoice-drafts';

/** CGST rule 46(g): every line of a tax invoice carries its HSN (goods) or SAC (services) code (decision 382). */
describe('CGST rule 46(g): the SAC of a free service line by firm type', () => {
  it('residential architecture 998322, other architecture 998323, interior design 998391', () => {
    expect(serviceSacOf('architect', 'individual_house')).toBe('998322');
    expect(serviceSacOf('architect', 'housing_above_20000')).toBe('998322');
    expect(serviceSacOf('architect', 'other')).toBe('998323');
    expect(serviceSacOf('architect', null)).toBe('998323');
    expect(serviceSacOf('interiorDesigner', null)).toBe('998391');
    // A fee agreement's kind of works decides, whatever the firm is.
    expect(serviceSacOf('interiorDesigner', 'individual_house')).toBe('998322');
  });

  it('a line without a code and without a unit of goods takes it; a code sent or goods in a unit keep theirs', () => {
    expect(codeOfFreeLine('', undefined, '998391')).toBe('998391');
    expect(codeOfFreeLine('', 'NA', '998391')).toBe('998391');
    expect(codeOfFreeLine('998392', undefined, '998391')).toBe('998392');
    expect(codeOfFreeLine('', 'MTR', '998391')).toBe('');
    expect(codeOfFreeLine('', undefined, undefined)).toBe('');
  });

  it('the line gets the SAC and NA as its unit (a service has no quantity in GSTR-1)', () => {
    const line = freeLine({ description: 'Design fee', hsnSac: '', quantity: 1000, unitPrice: 100, rateBp: 1800 }, '998323');
    expect(line).toMatchObject({ hsnSac: '998323', unit: 'NA', input: { quantityMilli: 1000 } });
    expect(freeLine({ description: 'Fabric', hsnSac: '', quantity: 12500, unit: 'MTR', unitPrice: 100, rateBp: 1200 }, '998323')).toMatchObject({ hsnSac: '', unit: 'MTR' });
  });
});
