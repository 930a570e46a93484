import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { itemFigures, parsePercent, parseRupees, sumFigures, type Figures } from '../../../server/contract/summary-rules';

export type MoneyField = 'retailPrice' | 'tradePrice' | 'discountBp' | 'quantity';
export type MoneyDraft = Partial<Record<MoneyField, string>>;
type Priced = { id: string; version: number; retailPrice: number; tradePrice: number; discountBp: number; quantity: number; figures?: Figures };

/**
 * What is typed in the money fields, outside React's state (issue 31, decision 251): a keystroke
 * re-renders only what shows live figures (the item's own figures, the section totals, the schedule
 * total), not the page's 200 items. Keyed by item and version, as the fields are: a draft lasts as
 * long as the field that shows it (`useDraftCleared`).
 */
export class Drafts {
  private drafts = new Map<string, MoneyDraft>();
  private listeners = new Set<() => void>();
  /** How often each item's draft changed: a total's snapshot (`stamp`), so only the totals of the item typed into are drawn again. */
  private changes = new Map<string, number>();
  /** Changes with every draft typed or cleared. */
  version = 0;

  static key = (item: Pick<Priced, 'id' | 'version'>) => `${item.id}:${item.version}`;

  get(item: Pick<Priced, 'id' | 'version'>): MoneyDraft | undefined {
    return this.drafts.get(Drafts.key(item));
  }

  set(item: Pick<Priced, 'id' | 'version'>, field: MoneyField, value: string) {
    const key = Drafts.key(item);
    this.drafts.set(key, { ...this.drafts.get(key), [field]: value });
    this.changed(key);
  }

  clear(item: Pick<Priced, 'id' | 'version'>) {
    const key = Drafts.key(item);
    if (this.drafts.delete(key)) this.changed(key);
  }

  /** A number that changes whenever the draft of one of `items` does. */
  stamp(items: ReadonlyArray<Pick<Priced, 'id' | 'version'>>): number {
    let stamp = 0;
    for (const item of items) stamp += this.changes.get(Drafts.key(item)) ?? 0;
    return stamp;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(key: string) {
    this.changes.set(key, (this.changes.get(key) ?? 0) + 1);
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** An item's figures as its fields read now (the saved ones without a draft); null when an amount cannot be read. */
  figuresOf(item: Priced): Figures | null {
    const draft = this.get(item);
    if (!draft) return item.figures ?? itemFigures(item);
    const read = (text: string | undefined, parse: (t: string) => number | null, fallback: number) => (text === undefined ? fallback : parse(text.trim() === '' ? '0' : text));
    const retailPrice = read(draft.retailPrice, parseRupees, item.retailPrice);
    const tradePrice = read(draft.tradePrice, parseRupees, item.tradePrice);
    const discountBp = read(draft.discountBp, parsePercent, item.discountBp);
    const quantity = read(draft.quantity, (t) => (/^\d{1,6}$/.test(t.trim()) ? Number(t) : null), item.quantity);
    if (retailPrice === null || tradePrice === null || discountBp === null || quantity === null) return null;
    return itemFigures({ retailPrice, tradePrice, discountBp, quantity });
  }

  /** The total of items as typed (an amount that cannot be read counts as saved). */
  totalOf(items: readonly Priced[]): Figures {
    return sumFigures(items.map((i) => this.figuresOf(i) ?? i.figures ?? itemFigures(i)));
  }
}

export const DraftsContext = createContext<Drafts>(new Drafts());

/** The drafts, and a re-render of the caller whenever the draft of one of `items` changes (every item when not named). */
export function useDrafts(items?: ReadonlyArray<Pick<Priced, 'id' | 'version'>>): Drafts {
  const drafts = useContext(DraftsContext);
  useSyncExternalStore(drafts.subscribe, () => (items ? drafts.stamp(items) : drafts.version), () => 0);
  return drafts;
}

/** Forgets an item's draft when its fields go (Done, Save, another item opened). */
export function useDraftCleared(item: Pick<Priced, 'id' | 'version'>) {
  const drafts = useContext(DraftsContext);
  const { id, version } = item;
  useEffect(() => () => drafts.clear({ id, version }), [drafts, id, version]);
}
