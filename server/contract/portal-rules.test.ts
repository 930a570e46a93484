import { describe, expect, it } from 'vitest';
import { maskPhone, smsNumber } from './portal-rules';

/** Which Address Book numbers a code may be texted to (docs/decisions/430). */
describe('smsNumber', () => {
  it('takes an Indian mobile however it is written, as +91 and ten digits', () => {
    for (const written of ['98450 77120', '098450-77120', '+91 98450 77120', '919845077120', '(98450) 77120']) expect(smsNumber(written), written).toBe('+919845077120');
  });

  it('keeps another country’s number written with its +, and refuses landlines, short numbers and nothing', () => {
    expect(smsNumber('+44 7700 900123')).toBe('+447700900123');
    for (const written of ['020 2550 1000', '2550 1000', '12345', '', null, undefined, '+1 23']) expect(smsNumber(written), String(written)).toBeNull();
  });

  it('shows only the last three digits', () => {
    expect(maskPhone('+919845077120')).toBe('+91 ••••• ••120');
  });
});
