import { itemFigures, type Figures, type SummaryItemType, type SummaryStatus } from '../../../server/contract/summary-rules';
import { parseQuantity } from '../../../server/contract/quantity';

/**
 * The room on show as the loader sends it, and as the page reads it back (decision 251).
 * The loader's data travels in the page's HTML beside what it draws (Remix hydrates from it), so it
 * carries only what the browser cannot work out: no figures or totals (the page computes them with
 * the api's own `itemFigures`), no parent ids or positions (the nesting and the order say them), no
 * empty texts and no zero amounts, and one address per picture. Keys are one letter: 200 items
 * repeat them 200 times.
 */
export type WireItem = {
  i: string;
  k: SummaryItemType;
  v: number;
  /** title, description, title1, description1 (empty ones left out). */
  t?: string;
  d?: string;
  t1?: string;
  d1?: string;
  /** retailPrice, tradePrice (0 for those who may not see margins), quantity in thousandths, discountBp (zeros left out). */
  r?: number;
  p?: number;
  q?: number;
  b?: number;
  /** The unit when not NOS (decision 403). */
  u?: string;
  /** Pictures: id and the address of their 480 px version. */
  img?: Array<[string, string]>;
};
/** `v`: the version a rename or a status names (docs/decisions/320). */
export type WireSection = { i: string; t: string; s: SummaryStatus; v: number; items: WireItem[]; cards?: Array<[string, string, string]> };
export type WireRoom = { i: string; n: string; v: number; sections: WireSection[] };

/** An item as the editor's components read it. */
export type EditorItem = {
  id: string;
  sectionId: string;
  type: SummaryItemType;
  version: number;
  title: string;
  description: string;
  title1: string;
  description1: string;
  retailPrice: number;
  tradePrice: number;
  /** Thousandths of `unit` (12.5 MTR is 12500; decision 403). */
  quantityMilli: number;
  unit: string;
  discountBp: number;
  figures: Figures;
  images: Array<{ id: string; w480: string }>;
};
export type EditorSection = { id: string; roomId: string; title: string; status: SummaryStatus; version: number; items: EditorItem[]; cards: Array<{ id: string; title: string; description: string }> };
export type EditorRoom = { id: string; name: string; version: number; sections: EditorSection[] };

/** An item as the api answers it: its quantity as exact text ("12.5"). */
type FullItem = Omit<EditorItem, 'images' | 'figures' | 'sectionId' | 'quantityMilli'> & { quantity: string; images: Array<{ id: string }> };
type FullRoom = {
  id: string;
  name: string;
  version: number;
  sections: Array<{ id: string; title: string; status: SummaryStatus; version: number; items: FullItem[]; cards: Array<{ id: string; title: string; description: string }> }>;
};

const text = (value: string) => (value === '' ? undefined : value);
const amount = (value: number) => (value === 0 ? undefined : value);

/** The loader's side: the room on show, packed. `w480` is a picture's address in the web. */
export function packRoom(room: FullRoom, w480: (imageId: string) => string): WireRoom {
  return {
    i: room.id,
    n: room.name,
    v: room.version,
    sections: room.sections.map((section) => ({
      i: section.id,
      t: section.title,
      s: section.status,
      v: section.version,
      items: section.items.map((item) => ({
        i: item.id,
        k: item.type,
        v: item.version,
        t: text(item.title),
        d: text(item.description),
        t1: text(item.title1),
        d1: text(item.description1),
        r: amount(item.retailPrice),
        p: amount(item.tradePrice),
        q: amount(parseQuantity(item.quantity) ?? 0),
        b: amount(item.discountBp),
        u: item.unit === 'NOS' ? undefined : item.unit,
        img: item.images.length ? item.images.map((image) => [image.id, w480(image.id)] as [string, string]) : undefined,
      })),
      cards: section.cards.length ? section.cards.map((card) => [card.id, card.title, card.description] as [string, string, string]) : undefined,
    })),
  };
}

/** The page's side: the room read back, with each item's figures. */
export function unpackRoom(room: WireRoom): EditorRoom {
  return {
    id: room.i,
    name: room.n,
    version: room.v,
    sections: room.sections.map((section) => ({
      id: section.i,
      roomId: room.i,
      title: section.t,
      status: section.s,
      version: section.v,
      cards: (section.cards ?? []).map(([id, title, description]) => ({ id, title, description })),
      items: section.items.map((item) => {
        const money = { retailPrice: item.r ?? 0, tradePrice: item.p ?? 0, quantityMilli: item.q ?? 0, discountBp: item.b ?? 0 };
        return {
          id: item.i,
          sectionId: section.i,
          type: item.k,
          version: item.v,
          title: item.t ?? '',
          description: item.d ?? '',
          title1: item.t1 ?? '',
          description1: item.d1 ?? '',
          unit: item.u ?? 'NOS',
          ...money,
          figures: itemFigures(money),
          images: (item.img ?? []).map(([id, w480]) => ({ id, w480 })),
        };
      }),
    })),
  };
}
