import { describe, expect, it } from 'vitest';
import { honeypotInputProps, isSpam } from './honeypot.server';

describe('the honeypot of the enquiry and sign-up forms', () => {
  const form = (props: ReturnType<typeof honeypotInputProps>, name = '') => {
    const data = new FormData();
    data.set(props.nameFieldName, name);
    data.set(props.validFromFieldName!, props.encryptedValidFrom);
    return data;
  };

  it('serves the same fields to the pages of one second, and they pass the check', async () => {
    const first = honeypotInputProps();
    expect(honeypotInputProps()).toBe(first);
    expect(await isSpam(form(first))).toBe(false);
  });

  it('catches a filled trap, a forged time and missing fields', async () => {
    const props = honeypotInputProps();
    expect(await isSpam(form(props, 'bot'))).toBe(true);
    expect(await isSpam(form({ ...props, encryptedValidFrom: 'forged' }))).toBe(true);
    // Forgeries that decrypt to bytes which are not UTF-8 made crypto-js throw, which was a 500.
    for (let i = 0; i < 200; i++) expect(await isSpam(form({ ...props, encryptedValidFrom: `U2FsdGVkX1${Buffer.from(String(i * 7919)).toString('base64')}${'A'.repeat(i % 24)}` })), String(i)).toBe(true);
    expect(await isSpam(new FormData())).toBe(true);
  });
});
