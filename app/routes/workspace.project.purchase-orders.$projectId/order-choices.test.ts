import { describe, expect, it } from 'vitest';
import { orderChoices } from './order-choices';

const item = (id: string, type: string, orderedOn: string[] = []) => ({ id, type, title: id, roomName: 'Living', sectionTitle: 'Seating', quantity: 1, tradePrice: 100_00, orderedOn });

describe('a new purchase order (decision 400)', () => {
  it('starts with goods only, none ticked: a fee is not offered and nothing is chosen for the person', () => {
    const choices = orderChoices([item('sofa', 'product'), item('design fee', 'financial'), item('lamp', 'product', ['PO/2026-27/0001'])]);
    expect(choices.map((c) => c.id)).toEqual(['sofa', 'lamp']);
    expect(choices.every((c) => !c.ticked)).toBe(true);
  });
});
