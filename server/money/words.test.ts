import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './words.js';

describe('amountInWords', () => {
  it.each([
    [1_20_000_50, 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'],
    [0, 'Rupees Zero Only'],
    [50, 'Fifty Paise Only'],
    [1_00, 'Rupees One Only'],
    [1_01, 'Rupees One and One Paise Only'],
    [99_99, 'Rupees Ninety Nine and Ninety Nine Paise Only'],
    [1_000_00, 'Rupees One Thousand Only'],
    [1_15_015_00, 'Rupees One Lakh Fifteen Thousand Fifteen Only'],
    [2_77_750_00, 'Rupees Two Lakh Seventy Seven Thousand Seven Hundred Fifty Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [12_34_56_789_10, 'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Ten Paise Only'],
    [1_00_00_00_000_00, 'Rupees One Hundred Crore Only'],
    [1_000_00_00_000_00, 'Rupees One Thousand Crore Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
  it('refuses negative and fractional amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
  it('counts below a hundred as one word group', () => {
    expect(numberInWords(19)).toBe('Nineteen');
    expect(numberInWords(20)).toBe('Twenty');
    expect(numberInWords(105)).toBe('One Hundred Five');
  });
});
