import { describe, expect, it, vi } from 'vitest';
import { itemFigures, sumFigures } from '../../../server/contract/summary-rules';
import { Drafts } from './drafts';

const item = (id: string, retailPrice: number, tradePrice = 0) => {
  const money = { retailPrice, tradePrice, discountBp: 0, quantityMilli: 1000 };
  return { id, version: 1, ...money, figures: itemFigures(money) };
};

describe('Drafts', () => {
  const room = [item('a', 10_000, 6_000), item('b', 20_000, 5_000), item('c', 30_000)];

  it('totals the saved figures while nothing is typed', () => {
    expect(new Drafts().totalOf(room)).toEqual(sumFigures(room.map((i) => i.figures)));
  });

  it('totals what is typed in place of what is saved, and goes back when the draft is cleared', () => {
    const drafts = new Drafts();
    drafts.totalOf(room);
    drafts.set(room[1]!, 'retailPrice', '250.50');
    expect(drafts.totalOf(room)).toEqual(sumFigures([room[0]!.figures, itemFigures({ ...room[1]!, retailPrice: 25_050 }), room[2]!.figures]));
    drafts.set(room[1]!, 'tradePrice', '');
    expect(drafts.totalOf(room).clientPrice).toBe(10_000 + 25_050 + 30_000);
    expect(drafts.totalOf(room).tradeCost).toBe(6_000);
    drafts.clear(room[1]!);
    expect(drafts.totalOf(room)).toEqual(sumFigures(room.map((i) => i.figures)));
  });

  it('counts an amount that cannot be read as saved, and ignores drafts of items not in the list', () => {
    const drafts = new Drafts();
    drafts.set(room[0]!, 'retailPrice', '12.345');
    expect(drafts.figuresOf(room[0]!)).toBeNull();
    expect(drafts.totalOf(room)).toEqual(sumFigures(room.map((i) => i.figures)));
    expect(drafts.totalOf(room.slice(1))).toEqual(sumFigures(room.slice(1).map((i) => i.figures)));
  });

  it('calls the listeners of the item typed into and those of every draft, no others', () => {
    const drafts = new Drafts();
    const [ofA, ofB, ofAll] = [vi.fn(), vi.fn(), vi.fn()];
    drafts.subscribe(ofA, [Drafts.key(room[0]!)]);
    const stopB = drafts.subscribe(ofB, [Drafts.key(room[1]!)]);
    drafts.subscribe(ofAll);
    drafts.set(room[0]!, 'quantity', '2');
    expect([ofA.mock.calls.length, ofB.mock.calls.length, ofAll.mock.calls.length]).toEqual([1, 0, 1]);
    stopB();
    drafts.set(room[1]!, 'quantity', '2');
    expect([ofA.mock.calls.length, ofB.mock.calls.length, ofAll.mock.calls.length]).toEqual([1, 0, 2]);
    drafts.clear(room[2]!);
    expect(ofAll.mock.calls.length).toBe(2);
  });
});
