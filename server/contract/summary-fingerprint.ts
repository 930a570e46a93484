import { ITEM_FIELDS_BY_TYPE, type ItemTextField, type SummaryItemType } from './summary-rules';

/** The values of an item that Save all carries: its texts as typed, its figures as read. */
/** `quantity` in thousandths and `unit` its UQC code (decision 403). */
export type ItemValues = Partial<Record<ItemTextField | 'unit', string> & Record<'retailPrice' | 'tradePrice' | 'discountBp' | 'quantity', number>>;

const SINGLE_LINE = new Set(['title', 'title1']);

/**
 * A text as the browser sends it back: a textarea's line ends come back as CRLF, a text input drops
 * its line breaks, and the api keeps texts trimmed.
 */
function asSent(field: string, text: string): string {
  const lines = text.replace(/\r\n?/g, '\n');
  return (SINGLE_LINE.has(field) ? lines.replace(/\n/g, '') : lines).trim();
}

/** cyrb53: a 53-bit string hash, small and the same in the browser and on the server. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * What an item's Save all fields read when the editor drew them, in a few characters. The editor
 * sends it beside the item's version; the web leaves out of the save an item whose fields still
 * read the same, so that an item nobody touched neither changes version under a colleague nor is
 * refused because a colleague changed it meanwhile (docs/decisions/199-save-all-sends-touched-items.md).
 * A collision would take a change for no change: at 53 bits it does not happen in practice.
 */
export function itemFingerprint(values: ItemValues): string {
  const entries = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => [field, typeof value === 'string' ? asSent(field, value) : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return hash53(JSON.stringify(entries));
}

type StoredItem = { type: SummaryItemType; retailPrice: number; tradePrice: number; discountBp: number; quantityMilli: number; unit: string } & Record<ItemTextField, string>;

/** The stored values of the fields Save all carries for an item: its texts, its figures, or both. */
export function fieldsInSaveAll(item: StoredItem, carries: { texts: boolean; figures: boolean }): ItemValues {
  const values: ItemValues = {};
  if (carries.texts) for (const field of ITEM_FIELDS_BY_TYPE[item.type]) values[field] = item[field];
  if (carries.figures) Object.assign(values, { retailPrice: item.retailPrice, tradePrice: item.tradePrice, discountBp: item.discountBp, quantity: item.quantityMilli, unit: item.unit });
  return values;
}
