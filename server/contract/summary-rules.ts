/**
 * The plain rules of a schedule's summary (DESIGN.md section 8; workspace-and-admin.md screen 7,
 * sections 3, 4, 5, 8, 9): limits, statuses, item types, messages, the ordering of a list and
 * the financial formulas. No zod here: the api (summary.ts, queries/summary.ts) and the browser
 * editor compute the same figures from this one module (docs/decisions/058, 100). Amounts become
 * text in money-text.ts and are rounded by money-rounding.ts (docs/decisions/360).
 */

import { divideHalfUp } from './money-rounding.js';

export const SUMMARY_STATUSES = ['none', 'approved', 'in_review', 'rejected'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];
export const SUMMARY_STATUS_LABELS: Record<SummaryStatus, string> = {
  none: 'None',
  approved: 'Approved',
  in_review: 'In Review',
  rejected: 'Rejected',
};
/** The spec's backgrounds (section 4): grey, light green, light blue, light red; the PDF uses the same. */
export const SUMMARY_STATUS_COLOURS: Record<SummaryStatus, { background: string; border: string; text: string }> = {
  none: { background: '#f1f3f5', border: '#ced4da', text: '#495057' },
  approved: { background: '#e6f4ea', border: '#a8d5b5', text: '#1e6b34' },
  in_review: { background: '#e7f1fb', border: '#a9cbef', text: '#1d4f85' },
  rejected: { background: '#fdecec', border: '#f2b1b1', text: '#9b2226' },
};

export const SUMMARY_ITEM_TYPES = ['product', 'description', 'title', 'financial'] as const;
export type SummaryItemType = (typeof SUMMARY_ITEM_TYPES)[number];
export const SUMMARY_ITEM_TYPE_LABELS: Record<SummaryItemType, string> = {
  product: 'Product',
  description: 'Description',
  title: 'Title',
  financial: 'Financial',
};

/** The text fields an item has, by type (others stay empty), and the one that must not be blank. */
export const ITEM_TEXT_FIELDS = ['title', 'description', 'title1', 'description1'] as const;
export type ItemTextField = (typeof ITEM_TEXT_FIELDS)[number];
export const ITEM_FIELDS_BY_TYPE: Record<SummaryItemType, readonly ItemTextField[]> = {
  product: ['title', 'description'],
  description: ['description'],
  title: ['title', 'description', 'title1', 'description1'],
  financial: ['title', 'description'],
};
export const ITEM_REQUIRED_FIELD: Record<SummaryItemType, ItemTextField> = {
  product: 'title',
  description: 'description',
  title: 'title',
  financial: 'title',
};
/** What a new item of each type says until it is edited (never blank, so a new item saves). */
export const ITEM_DEFAULTS: Record<SummaryItemType, Partial<Record<ItemTextField, string>>> = {
  product: { title: 'New product', description: '' },
  description: { description: 'Description' },
  title: { title: 'Title', description: '', title1: 'Title', description1: '' },
  financial: { title: 'Financial item', description: '' },
};

export const SUMMARY_LIMITS = {
  roomsPerSchedule: 50,
  sectionsPerRoom: 100,
  itemsPerSection: 200,
  /** The spec's picker limit (section 9). */
  imagesPerItem: 10,
  /** The spec's extra specification cards (section 9). */
  cardsPerSection: 4,
  roomName: 120,
  sectionTitle: 200,
  itemTitle: 200,
  itemDescription: 5000,
  cardTitle: 200,
  cardDescription: 2000,
  /** ₹1 crore per unit, in paise: keeps every total exact in a JavaScript number. */
  pricePaise: 1_000_000_000,
  quantity: 100_000,
  /** Discount in basis points: 0–100 %. */
  discountBp: 10_000,
} as const;

export const SUMMARY_MESSAGES = {
  roomNameRequired: 'Room name cannot be empty',
  roomNameTaken: 'This schedule already has a room with this name',
  sectionTitleRequired: 'Section name cannot be empty',
  requiredFields: 'Please fill all required fields before saving',
  /** Save all refused for figures alone (no blank text): what is wrong, not "fill all required fields". */
  checkFigures: 'Some figures cannot be saved: correct the marked fields',
  discountRange: 'Discount must be between 0 and 100 %',
  priceRange: 'Enter an amount in rupees up to ₹1,00,00,000, such as 1,23,456.78',
  quantityRange: `Quantity must be a number from 0 to ${SUMMARY_LIMITS.quantity.toLocaleString('en-IN')}, with at most three decimals (12.5)`,
  unit: 'Choose a unit from the list (NOS, MTR, SQM…)',
  imagesMax: `You can add only ${SUMMARY_LIMITS.imagesPerItem} images`,
  imageType: 'Only JPG, PNG or GIF allowed',
  cardsMax: `Maximum limit reached: ${SUMMARY_LIMITS.cardsPerSection} cards allowed.`,
  confirmDelete: 'Are you sure you want to delete this item?',
  roomsMax: `A schedule can hold at most ${SUMMARY_LIMITS.roomsPerSchedule} rooms.`,
  sectionsMax: `A room can hold at most ${SUMMARY_LIMITS.sectionsPerRoom} sections.`,
  itemsMax: `A section can hold at most ${SUMMARY_LIMITS.itemsPerSection} items.`,
  stale: 'Someone else changed this item meanwhile. The page now shows their version; make your change again.',
  staleInSaveAll: 'Nothing was saved: someone else changed an item meanwhile, and it now shows their version. Everything else you typed is still here; Save all again to keep it.',
  notFound: 'Not found in this summary',
  scheduleNotFound: 'Schedule not found',
  imageMissing: 'Image not found; upload it again',
  imageTaken: 'This image was just saved elsewhere; upload it again',
  saved: 'Saved',
  deleted: 'Deleted',
  copied: 'Copied',
  moved: 'Moved',
} as const;

// Ordering ------------------------------------------------------------------------------------

/**
 * `ids` with `id` taken out and put at `toIndex` (clamped to the list): the one ordering rule
 * for rooms, sections, items, images and cards, on the api (queries/positions.ts writes the
 * result as 0..n-1) and in the editor's reducer. An id not in the list is inserted (a move
 * from another parent).
 */
export function moveId<T>(ids: readonly T[], id: T, toIndex: number): T[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(rest.length, Math.trunc(Number.isFinite(toIndex) ? toIndex : rest.length)));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

// Figures (DESIGN.md section 8) ---------------------------------------------------------------

export type ItemMoney = {
  /** Per unit, integer paise. */
  retailPrice: number;
  tradePrice: number;
  /** Thousandths of the item's unit (12.5 MTR is 12500; decision 403). */
  quantityMilli: number;
  /** Basis points: 1250 = 12.5 %. */
  discountBp: number;
};

export type Figures = {
  /** Integer paise. */
  clientPrice: number;
  tradeCost: number;
  netProfit: number;
  /** Percent with two decimals (12.34), 0 when the trade cost is 0. */
  markup: number;
};

/** markup % = profit ÷ trade cost × 100, to two decimals; 0 when the trade cost is 0. */
export function markupPercent(netProfit: number, tradeCost: number): number {
  if (tradeCost === 0) return 0;
  return Number(divideHalfUp(BigInt(netProfit) * 10_000n, BigInt(tradeCost))) / 100;
}

/**
 * One item's figures: client price = retail × quantity × (1 − discount % / 100), rounded to the
 * paisa (half away from zero) once; trade cost = trade × quantity, rounded the same way (exact for
 * a whole quantity; decision 403); net profit = client price − trade cost; markup as above.
 */
export function itemFigures(m: ItemMoney): Figures {
  const milli = BigInt(Math.trunc(m.quantityMilli));
  const clientPrice = Number(divideHalfUp(BigInt(Math.trunc(m.retailPrice)) * milli * BigInt(10_000 - Math.trunc(m.discountBp)), 10_000_000n));
  const tradeCost = Number(divideHalfUp(BigInt(Math.trunc(m.tradePrice)) * milli, 1_000n));
  const netProfit = clientPrice - tradeCost;
  return { clientPrice, tradeCost, netProfit, markup: markupPercent(netProfit, tradeCost) };
}

export const ZERO_FIGURES: Figures = { clientPrice: 0, tradeCost: 0, netProfit: 0, markup: 0 };

/** Totals of several figures (a section's items, a room's sections, a schedule's rooms): sums, and the markup of the sums. */
export function sumFigures(list: readonly Figures[]): Figures {
  let clientPrice = 0;
  let tradeCost = 0;
  for (const f of list) {
    clientPrice += f.clientPrice;
    tradeCost += f.tradeCost;
  }
  const netProfit = clientPrice - tradeCost;
  return { clientPrice, tradeCost, netProfit, markup: markupPercent(netProfit, tradeCost) };
}

// Money in forms ------------------------------------------------------------------------------

/** "12.5" → 1250 basis points; null unless 0–100 with at most 2 decimals. */
export function parsePercent(text: string): number | null {
  const cleaned = text.replace(/[%\s]/g, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= SUMMARY_LIMITS.discountBp ? bp : null;
}

/** Basis points as an input's value: "12.5". */
export const bpToInput = (bp: number) => String(bp / 100);

/** A markup as shown: "12.34 %". */
export const formatPercent = (value: number) => `${value.toFixed(2)} %`;
