import { assertWhole } from '../contract/money-rounding.js';

/**
 * An amount in words as Indian invoices print it (docs/decisions/255): the Indian numbering
 * system (thousand, lakh = 1,00,000, crore = 1,00,00,000; above 99 crore the crores are counted
 * in the same system: "One Lakh Crore"), no "and" inside the rupees, " and … Paise" for the
 * paise, "Only" at the end:
 * 1,20,000.50 → "Rupees One Lakh Twenty Thousand and Fifty Paise Only".
 */

const ONES = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]} ${ONES[unit]}` : TENS[Math.floor(n / 10)]!;
}

/** A whole number in words in the Indian system; "Zero" for 0. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`numberInWords takes a whole number ≥ 0 (got ${n})`);
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  let rest = n % 10_000_000;
  const groups: Array<[number, string]> = [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ];
  for (const [size, name] of groups) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${belowHundred(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** Paise in words: "Rupees One Lakh Twenty Thousand and Fifty Paise Only"; "Rupees Zero Only"; "Fifty Paise Only". */
export function amountInWords(paise: number): string {
  assertWhole('amount', paise);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest > 0) return `${belowHundred(rest)} Paise Only`;
  const words = `Rupees ${numberInWords(rupees)}`;
  return rest ? `${words} and ${belowHundred(rest)} Paise Only` : `${words} Only`;
}
