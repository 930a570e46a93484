/**
 * Fee agreements of architects (docs/decisions/425–428): the Council of Architecture's minimum scale
 * and stage schedule as the starting point a firm edits, the words of the forms, and the exact
 * percentage text. Zod-free: the browser and the api read it alike (docs/decisions/058).
 *
 * Units: a fee rate is in **thousandths of a percent** (5 % is 5000, 7.5 % is 7500), so a rate such
 * as 3.25 % stays whole; a stage's cumulative share is in **basis points** (10 % is 1000); money
 * in paise.
 */

export const FEE_BASES = ['percentage', 'lump_sum', 'hourly'] as const;
export type FeeBasis = (typeof FEE_BASES)[number];
export const FEE_BASIS_LABELS: Record<FeeBasis, string> = {
  percentage: 'A percentage of the cost of works',
  lump_sum: 'A lump sum',
  hourly: 'Hourly, with an optional cap',
};

/** What the works are: it picks the COA minimum rate and the SAC (998322 residential, 998323 other). */
export const WORK_KINDS = ['individual_house', 'housing_up_to_5000', 'housing_up_to_10000', 'housing_up_to_20000', 'housing_above_20000', 'other'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export const WORK_KIND_LABELS: Record<WorkKind, string> = {
  individual_house: 'An individual house',
  housing_up_to_5000: 'Housing, site up to 5,000 m²',
  housing_up_to_10000: 'Housing, site 5,000 to 10,000 m²',
  housing_up_to_20000: 'Housing, site 10,000 to 20,000 m²',
  housing_above_20000: 'Housing, site above 20,000 m²',
  other: 'Other works',
};

/** The COA minimum scale, in thousandths of a percent (docs/decisions/425). */
export const COA_MINIMUM_RATE: Record<WorkKind, number> = {
  individual_house: 7500,
  housing_up_to_5000: 5000,
  housing_up_to_10000: 3500,
  housing_up_to_20000: 2500,
  housing_above_20000: 2000,
  other: 5000,
};

export const SAC_RESIDENTIAL = '998322';
export const SAC_OTHER = '998323';
/** Architecture services are taxed at 18 % (basis points). */
export const ARCHITECTURE_GST_BP = 1800;
export const sacFor = (kind: WorkKind) => (kind === 'other' ? SAC_OTHER : SAC_RESIDENTIAL);
/** Interior design services (SAC 998391). */
export const SAC_INTERIOR = '998391';
/**
 * The SAC of a firm's professional time: its fee agreement's when it has one, else by what the firm
 * is (an interior designer's 998391, an architect's 998323 for works other than a house).
 */
export const serviceSacOf = (firmType: string | null, kind: WorkKind | null) => (kind ? sacFor(kind) : firmType === 'interiorDesigner' ? SAC_INTERIOR : SAC_OTHER);

/** The documentation and communication charge: 10 % of the fee; the bill-checking charge: 1 % of the cost (thousandths of a percent). */
export const DOCUMENTATION_SHARE_BP = 1000;
export const BILL_CHECKING_RATE = 1000;

/** Which cost of works a stage's fee is figured on; they become known in this order. */
export const COST_KINDS = ['rough', 'preliminary', 'tender', 'actual'] as const;
export type CostKind = (typeof COST_KINDS)[number];
export const COST_KIND_LABELS: Record<CostKind, string> = {
  rough: 'Rough estimate',
  preliminary: 'Preliminary estimate',
  tender: 'Tender cost',
  actual: 'Actual cost',
};

export type StageTemplate = { name: string; shareBp: number; costBasis: CostKind; minimum: number };

/**
 * The COA stage schedule (docs/decisions/426): cumulative shares of the fee. On appointment the
 * retainer is 5 % of the fee or ₹20,000, whichever is more; the site stages run to 100 % on the
 * actual cost.
 */
export const COA_STAGES: readonly StageTemplate[] = [
  { name: 'On appointment (retainer)', shareBp: 500, costBasis: 'rough', minimum: 2_000_000 },
  { name: 'Concept design', shareBp: 1000, costBasis: 'rough', minimum: 0 },
  { name: 'Preliminary design and estimate', shareBp: 2000, costBasis: 'preliminary', minimum: 0 },
  { name: 'Approvals from the authorities', shareBp: 3500, costBasis: 'preliminary', minimum: 0 },
  { name: 'Working drawings and tender', shareBp: 4500, costBasis: 'preliminary', minimum: 0 },
  { name: 'Contractor appointed', shareBp: 5500, costBasis: 'tender', minimum: 0 },
  { name: 'Construction drawings', shareBp: 6500, costBasis: 'tender', minimum: 0 },
  { name: 'Construction half done', shareBp: 8000, costBasis: 'tender', minimum: 0 },
  { name: 'Completion and final bill', shareBp: 10_000, costBasis: 'actual', minimum: 0 },
];

export const FEE_LIMITS = { name: 120, stages: 30, costs: 100, note: 200, rateMilli: 100_000 } as const;

export const FEE_MESSAGES = {
  notFound: 'Fee agreement not found',
  stageNotFound: 'Stage not found',
  saved: 'Fee agreement saved',
  stageAdded: 'Stage added',
  stageSaved: 'Stage saved',
  stageMoved: 'Stage moved',
  stageRemoved: 'Stage removed',
  stageReached: 'Stage marked reached',
  costRecorded: 'Cost of works recorded',
  rate: 'Enter a rate from 0 to 100 % with at most 3 decimals',
  share: 'Enter a cumulative share from 0 to 100 % with at most 2 decimals',
  sharesInOrder: 'Each stage’s cumulative share must be at least the one before it',
  amount: 'Enter an amount in rupees, like 25,000 or 25,000.50',
  nameRequired: 'Name the stage',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  basis: 'Choose how the fee is figured',
  workKind: 'Choose what the works are',
  costKind: 'Choose which cost this is',
  tooManyStages: `At most ${FEE_LIMITS.stages} stages`,
  tooManyCosts: `At most ${FEE_LIMITS.costs} costs`,
  clientRequired: 'Choose the client the stage invoices go to',
  notAClient: 'Choose a client of your Address Book',
  notReached: 'Mark the stage reached before billing it',
  alreadyReached: 'This stage is already marked reached',
  noCost: (kind: string) => `Record a cost of works first (this stage is figured on the ${kind.toLowerCase()})`,
  nothingToBill: 'Nothing to bill: this stage’s fee is already billed in full',
  hourlyByTime: 'An hourly agreement is billed by time, not by stage',
  draftPending: (number: string) => `Issue or void the draft stage invoice first (${number})`,
  creditTooLarge: (rest: string) => `The stage invoices do not owe enough to credit; ${rest} has to be refunded outside the credit notes`,
  invoiceDrafted: 'Stage invoice drafted: check it and issue it',
  creditNoteIssued: (numbers: string) => `Credit note issued: ${numbers}`,
  moveInvalid: 'Choose up or down',
  notInForce: 'This stage is not in the version the client accepted: share the new version and bill it once they accept',
} as const;

/** Thousandths of a percent as people read them: 5000 → "5 %", 7500 → "7.5 %", 3250 → "3.25 %". */
export function formatRate(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const fraction = String(milli % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} %`;
}

/** Basis points as people read them: 1000 → "10 %", 1250 → "12.5 %". */
export const formatShare = (bp: number) => formatRate(bp * 10);

/** A percentage as typed ("7.5", "7.5 %") → thousandths of a percent; null unless 0–100 with at most `decimals` decimals. */
function parsePercentTo(text: string, decimals: number): number | null {
  const cleaned = text.replace(/[%\s]/g, '');
  if (!new RegExp(`^\\d{1,3}(\\.\\d{1,${decimals}})?$`).test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return milli <= FEE_LIMITS.rateMilli ? milli : null;
}

export const parseRate = (text: string) => parsePercentTo(text, 3);
/** A share as typed ("10", "12.5") → basis points. */
export function parseShare(text: string): number | null {
  const milli = parsePercentTo(text, 2);
  return milli === null ? null : milli / 10;
}

/** An input's value for a rate or a share. */
export const rateToInput = (milli: number) => formatRate(milli).replace(' %', '');
export const shareToInput = (bp: number) => formatShare(bp).replace(' %', '');
