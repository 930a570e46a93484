import { parseQuantity } from '../../../server/contract/quantity';
import { describe, expect, it } from 'vitest';
import { itemFigures } from '../../../server/contract/summary-rules';
import { packRoom, unpackRoom } from './editor-data';

const item = (n: number, sectionId: string) => ({
  id: `item-${n}`,
  sectionId,
  type: n % 5 === 4 ? ('financial' as const) : ('product' as const),
  position: n,
  version: 3,
  title: `Item ${n + 1}: solid oak side table`,
  description: n % 2 ? 'Hand-finished solid oak with a natural oil finish' : '',
  title1: '',
  description1: '',
  retailPrice: 1_000_000 + n * 1_000,
  tradePrice: n % 3 ? 700_000 : 0,
  // Every third item fractional (12.5 MTR), as the api answers it (decision 403).
  quantity: n % 3 === 2 ? '12.5' : String(1 + (n % 3)),
  unit: n % 3 === 2 ? 'MTR' : 'NOS',
  discountBp: (n % 4) * 250,
  images: n === 0 ? [{ id: 'img-1' }] : [],
});

const room = {
  id: 'room-1',
  name: 'Living room',
  version: 2,
  sections: Array.from({ length: 40 }, (_, s) => ({
    id: `section-${s}`,
    title: `Section ${s + 1}`,
    status: 'approved' as const,
    version: s + 1,
    cards: s ? [] : [{ id: 'card-1', title: 'Finish', description: '' }],
    items: Array.from({ length: 5 }, (_, i) => item(s * 5 + i, `section-${s}`)),
  })),
};

describe('the room on show as the loader packs it (decision 251)', () => {
  it('reads back as it was: texts, amounts, pictures, cards, parents, and the figures the api computes', () => {
    const back = unpackRoom(JSON.parse(JSON.stringify(packRoom(room, (id) => `/w480/${id}`))));
    expect(back.id).toBe(room.id);
    expect(back.version).toBe(room.version);
    expect(back.sections.map((s) => [s.id, s.roomId, s.title, s.status, s.version])).toEqual(room.sections.map((s) => [s.id, room.id, s.title, s.status, s.version]));
    expect(back.sections[0]!.cards).toEqual([{ id: 'card-1', title: 'Finish', description: '' }]);
    for (const [s, section] of room.sections.entries()) {
      for (const [i, original] of section.items.entries()) {
        const read = back.sections[s]!.items[i]!;
        const { position: _position, images, quantity, ...rest } = original;
        const quantityMilli = parseQuantity(quantity)!;
        expect(read).toEqual({ ...rest, quantityMilli, figures: itemFigures({ ...original, quantityMilli }), images: images.map(({ id }) => ({ id, w480: `/w480/${id}` })) });
      }
    }
  });

  it('keeps a room of 200 items under 40 KB of JSON (they travel in the page beside what it draws)', () => {
    expect(JSON.stringify(packRoom(room, (id) => `/w480/${id}`)).length).toBeLessThan(40 * 1024);
  });
});
