/**
 * GSTIN and PAN checks (docs/decisions/255), in the contract because the forms and the api share them. A GSTIN is 15 characters: the GST state code (2
 * digits), the holder's PAN (10), the registration's number within the state (1–9, A–Z), "Z", and
 * a check character computed from the first 14 (the Luhn "mod 36" scheme the GST network uses).
 * Browser-safe: no imports, so forms and the api share it.
 */

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** PAN: five letters, four digits, a letter; the fourth letter is the holder's kind (P person, C company, F firm…). */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]$/;
export const GSTIN_PATTERN = /^\d{2}[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * GST state codes by the state's name as the places data spells it. Andhra Pradesh kept 28 for
 * registrations before its split (37 now); Dadra and Nagar Haveli (26) and Daman and Diu (25)
 * merged in 2020 under 26: both old codes are accepted.
 */
export const GST_STATE_CODES: Record<string, readonly string[]> = {
  'Jammu and Kashmir': ['01'],
  'Himachal Pradesh': ['02'],
  Punjab: ['03'],
  Chandigarh: ['04'],
  Uttarakhand: ['05'],
  Haryana: ['06'],
  Delhi: ['07'],
  Rajasthan: ['08'],
  'Uttar Pradesh': ['09'],
  Bihar: ['10'],
  Sikkim: ['11'],
  'Arunachal Pradesh': ['12'],
  Nagaland: ['13'],
  Manipur: ['14'],
  Mizoram: ['15'],
  Tripura: ['16'],
  Meghalaya: ['17'],
  Assam: ['18'],
  'West Bengal': ['19'],
  Jharkhand: ['20'],
  Odisha: ['21'],
  Chhattisgarh: ['22'],
  'Madhya Pradesh': ['23'],
  Gujarat: ['24'],
  'Dadra and Nagar Haveli and Daman and Diu': ['26', '25'],
  Maharashtra: ['27'],
  Karnataka: ['29'],
  Goa: ['30'],
  Lakshadweep: ['31'],
  Kerala: ['32'],
  'Tamil Nadu': ['33'],
  Puducherry: ['34'],
  'Andaman and Nicobar Islands': ['35'],
  Telangana: ['36'],
  'Andhra Pradesh': ['37', '28'],
  Ladakh: ['38'],
};
/** GST's code for a place of supply outside India (the portal's "Other countries"). */
export const OUTSIDE_INDIA_CODE = '96';

/**
 * A place of supply as CGST rule 46(f) prints it: the state's name with its GST code,
 * "Karnataka (29)"; "Outside India (96)" for a client abroad. A name the table does not know is
 * printed as it is (decision 395).
 */
export function placeOfSupplyText(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed === 'Outside India') return `Outside India (${OUTSIDE_INDIA_CODE})`;
  if (/\(\d{2}\)$/.test(trimmed)) return trimmed;
  const key = Object.keys(GST_STATE_CODES).find((state) => state.toLowerCase() === trimmed.toLowerCase());
  return key ? `${key} (${GST_STATE_CODES[key]![0]})` : trimmed;
}

/** Codes valid in a GSTIN: the states' and the two that belong to no state (97 other territory, 99 centre). */
const VALID_CODES = new Set([...Object.values(GST_STATE_CODES).flat(), '97', '99']);

/** The check character of a GSTIN's first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARSET.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`${first14[i]} cannot be in a GSTIN`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36]!;
}

export const GSTIN_MESSAGES = {
  length: 'A GSTIN has 15 characters',
  format: 'This is not a GSTIN: 2 digits of the state, the 10-character PAN, 1 character, Z, 1 check character (like 27AAPFU0939F1ZV)',
  stateCode: 'The first two digits of this GSTIN are not a GST state code',
  checkDigit: 'The last character of this GSTIN does not match the others: check it for a typing mistake',
  wrongState: (state: string) => `This GSTIN is registered in another state, not ${state}`,
  panFormat: 'A PAN is five letters, four digits and a letter (like AAPFU0939F)',
} as const;

/** The normalised form people type a GSTIN or PAN in: upper case, no spaces. */
export const normaliseTaxId = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/**
 * Why `gstin` is not a valid GSTIN (a message of GSTIN_MESSAGES), or null when it is. With
 * `state`, the GSTIN must also be registered in that state (the state code must be the state's).
 */
export function gstinProblem(gstin: string, state?: string | null): string | null {
  const value = normaliseTaxId(gstin);
  if (value.length !== 15) return GSTIN_MESSAGES.length;
  if (!GSTIN_PATTERN.test(value)) return GSTIN_MESSAGES.format;
  const code = value.slice(0, 2);
  if (!VALID_CODES.has(code)) return GSTIN_MESSAGES.stateCode;
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return GSTIN_MESSAGES.checkDigit;
  if (state && GST_STATE_CODES[state] && !GST_STATE_CODES[state]!.includes(code)) return GSTIN_MESSAGES.wrongState(state);
  return null;
}

export const isValidGstin = (gstin: string) => gstinProblem(gstin) === null;

/** Why `pan` is not a PAN, or null. */
export function panProblem(pan: string): string | null {
  return PAN_PATTERN.test(normaliseTaxId(pan)) ? null : GSTIN_MESSAGES.panFormat;
}

/** The PAN inside a GSTIN (its characters 3–12). */
export const panOfGstin = (gstin: string) => normaliseTaxId(gstin).slice(2, 12);
