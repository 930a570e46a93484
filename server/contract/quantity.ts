/**
 * Quantities and their units on tax invoices (CGST rule 46(f): the quantity and its unit; decision
 * 430). A quantity is kept exactly, in thousandths of its unit (12.5 m of fabric is 12500), never a
 * float; the unit is a code of GST's Unique Quantity Code (UQC) list, the one GSTR-1's HSN table
 * takes. Services (SAC, chapter 99) have no quantity there: their unit is NA.
 */

/** Thousandths per unit: three decimals, as GSTR-1's HSN table allows. */
export const QUANTITY_DECIMALS = 3;
const SCALE = 10 ** QUANTITY_DECIMALS;

/** GST's UQC list (the GST portal's unit codes), with the names the portal gives them. */
export const UQC_UNITS = {
  BAG: 'Bags',
  BAL: 'Bale',
  BDL: 'Bundles',
  BKL: 'Buckles',
  BOU: 'Billion of units',
  BOX: 'Box',
  BTL: 'Bottles',
  BUN: 'Bunches',
  CAN: 'Cans',
  CBM: 'Cubic metres',
  CCM: 'Cubic centimetres',
  CMS: 'Centimetres',
  CTN: 'Cartons',
  DOZ: 'Dozens',
  DRM: 'Drums',
  GGK: 'Great gross',
  GMS: 'Grammes',
  GRS: 'Gross',
  GYD: 'Gross yards',
  KGS: 'Kilograms',
  KLR: 'Kilolitre',
  KME: 'Kilometre',
  LTR: 'Litres',
  MLT: 'Millilitre',
  MTR: 'Metres',
  MTS: 'Metric ton',
  NOS: 'Numbers',
  OTH: 'Others',
  PAC: 'Packs',
  PCS: 'Pieces',
  PRS: 'Pairs',
  QTL: 'Quintal',
  ROL: 'Rolls',
  SET: 'Sets',
  SQF: 'Square feet',
  SQM: 'Square metres',
  SQY: 'Square yards',
  TBS: 'Tablets',
  TGM: 'Ten gross',
  THD: 'Thousands',
  TON: 'Tonnes',
  TUB: 'Tubes',
  UGS: 'US gallons',
  UNT: 'Units',
  YDS: 'Yards',
  NA: 'Not applicable (services)',
} as const;

export type Uqc = keyof typeof UQC_UNITS;
export const UQC_CODES = Object.keys(UQC_UNITS) as Uqc[];
export const isUqc = (value: string): value is Uqc => Object.hasOwn(UQC_UNITS, value);

/** A SAC (services, chapter 99) has no quantity in GSTR-1: its unit is NA. */
export const isSacCode = (code: string) => code.startsWith('99');
/** The unit a line gets when none is chosen: NA for a service, numbers (NOS) for goods. */
export const defaultUnit = (hsnSac: string): Uqc => (isSacCode(hsnSac) ? 'NA' : 'NOS');

/** The unit a summary item's line carries (decision 403): its own, except a service's (SAC), which is NA. */
export const itemLineUnit = (hsnSac: string, unit: string): string => (isSacCode(hsnSac) ? 'NA' : unit);

/** Whole units as thousandths. */
export const wholeQuantity = (units: number): number => units * SCALE;

const QUANTITY_TEXT = /^(\d{1,9})(?:\.(\d{1,3}))?$/;
/** A quantity as typed, for the document: up to 9 digits and 3 decimals, spaces around allowed. */
export const QUANTITY_TYPED = `^\\s*${QUANTITY_TEXT.source.slice(1, -1)}\\s*$`;

/** "12.5" or "3.25" as thousandths (12500, 3250); null unless a plain number with at most three decimals. */
export function parseQuantity(text: string): number | null {
  const match = QUANTITY_TEXT.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * SCALE + Number((match[2] ?? '').padEnd(QUANTITY_DECIMALS, '0'));
}

/** Thousandths as the shortest exact text: 12500 is "12.5", 1000 is "1", 3250 is "3.25". */
export function formatQuantity(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const whole = Math.floor(abs / SCALE);
  const fraction = String(abs % SCALE)
    .padStart(QUANTITY_DECIMALS, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A line's quantity as printed: "12.5 MTR"; a service (NA) prints its number alone. */
export const quantityWithUnit = (quantity: string, unit: string) => (unit === 'NA' ? quantity : `${quantity} ${unit}`);
