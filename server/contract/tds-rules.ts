/** TDS on a receipt, as the browser and the api check it (docs/decisions/415; the arithmetic is server/money/tds.ts). */

/** 194J of the Income-tax Act 1961 (before 1 April 2026), 393 of the Income-tax Act 2025 (from that day). */
export const TDS_SECTIONS = ['194J', '393'] as const;
export type TdsSection = (typeof TDS_SECTIONS)[number];
/** 10 % for professional fees, 2 % for technical services; another rate as the certificate states. */
export const TDS_RATES_BP = [1000, 200] as const;
/** A TAN: four letters, five digits, a letter (e.g. MUMA12345B). */
export const TAN_PATTERN = /^[A-Z]{4}\d{5}[A-Z]$/;
