import { createContext, useContext, useEffect } from 'react';
import { itemFigures, parsePercent, sumFigures, type Figures } from '../../../server/contract/summary-rules';
import { parseRupees } from '../../../server/contract/money-text';
import { parseQuantity } from '../../../server/contract/quantity';

export type MoneyField = 'retailPrice' | 'tradePrice' | 'discountBp' | 'quantity';
export type MoneyDraft = Partial<Record<MoneyField, string>>;
type Priced = { id: string; version: number; retailPrice: number; tradePrice: number; discountBp: number; quantityMilli: number; figures?: Figures };

export type DraftKey = Pick<Priced, 'id' | 'version'>;

const savedFigures = (item: Priced): Figures => item.figures ?? itemFigures(item);

/**
 * What is typed in the money fields, outside React's state (decisions 251 and 299): a
 * keystroke repaints only the figures it changes (figures.tsx: the item's own, its section's total,
 * the schedule's total), not the page's 200 items. Keyed by item and version, as the fields are: a
 * draft lasts as long as the field that shows it (`useDraftCleared`).
 */
export class Drafts {
  private drafts = new Map<string, MoneyDraft>();
  /** Who repaints on a draft of these items (keyed as the drafts), and on every draft (`everyDraft`). */
  private listeners = new Map<string, Set<() => void>>();
  private everyDraft = new Set<() => void>();
  /** Each items list's saved total, reused while the list is the same (the loader's data). */
  private savedTotals = new WeakMap<readonly Priced[], { total: Figures; byKey: Map<string, Priced> }>();

  static key = (item: DraftKey) => `${item.id}:${item.version}`;

  get(item: DraftKey): MoneyDraft | undefined {
    return this.drafts.get(Drafts.key(item));
  }

  set(item: DraftKey, field: MoneyField, value: string) {
    const key = Drafts.key(item);
    this.drafts.set(key, { ...this.drafts.get(key), [field]: value });
    this.changed(key);
  }

  clear(item: DraftKey) {
    const key = Drafts.key(item);
    if (this.drafts.delete(key)) this.changed(key);
  }

  /** Calls `listener` when the draft of one of `keys` (Drafts.key) changes, or any draft when none are named; answers the unsubscribe. */
  subscribe(listener: () => void, keys?: readonly string[]) {
    if (!keys) {
      this.everyDraft.add(listener);
      return () => void this.everyDraft.delete(listener);
    }
    for (const key of keys) {
      const set = this.listeners.get(key) ?? new Set();
      set.add(listener);
      this.listeners.set(key, set);
    }
    return () => {
      for (const key of keys) this.listeners.get(key)?.delete(listener);
    };
  }

  private changed(key: string) {
    for (const listener of [...this.everyDraft, ...(this.listeners.get(key) ?? [])]) listener();
  }

  /** An item's figures as its fields read now (the saved ones without a draft); null when an amount cannot be read. */
  figuresOf(item: Priced): Figures | null {
    const draft = this.get(item);
    if (!draft) return savedFigures(item);
    const read = (text: string | undefined, parse: (t: string) => number | null, fallback: number) => (text === undefined ? fallback : parse(text.trim() === '' ? '0' : text));
    const retailPrice = read(draft.retailPrice, parseRupees, item.retailPrice);
    const tradePrice = read(draft.tradePrice, parseRupees, item.tradePrice);
    const discountBp = read(draft.discountBp, parsePercent, item.discountBp);
    // Thousandths, as the api reads "12.5" (decision 403).
    const quantityMilli = read(draft.quantity, parseQuantity, item.quantityMilli);
    if (retailPrice === null || tradePrice === null || discountBp === null || quantityMilli === null) return null;
    return itemFigures({ retailPrice, tradePrice, discountBp, quantityMilli });
  }

  /**
   * The total of items as typed (an amount that cannot be read counts as saved): their saved total,
   * worked out once a list, with the few drafted items' changes, so that a keystroke does not add up
   * a room of 200 items again.
   */
  totalOf(items: readonly Priced[]): Figures {
    let saved = this.savedTotals.get(items);
    if (!saved) {
      saved = { total: sumFigures(items.map(savedFigures)), byKey: new Map(items.map((item) => [Drafts.key(item), item])) };
      this.savedTotals.set(items, saved);
    }
    let { clientPrice, tradeCost } = saved.total;
    for (const key of this.drafts.keys()) {
      const item = saved.byKey.get(key);
      if (!item) continue;
      const before = savedFigures(item);
      const now = this.figuresOf(item) ?? before;
      clientPrice += now.clientPrice - before.clientPrice;
      tradeCost += now.tradeCost - before.tradeCost;
    }
    return sumFigures([{ clientPrice, tradeCost, netProfit: 0, markup: 0 }]);
  }
}

export const DraftsContext = createContext<Drafts>(new Drafts());

/** Forgets an item's draft when its fields go (Done, Save, another item opened). */
export function useDraftCleared(item: DraftKey) {
  const drafts = useContext(DraftsContext);
  const { id, version } = item;
  useEffect(() => () => drafts.clear({ id, version }), [drafts, id, version]);
}
