import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropMove, itemDropTarget, orderReducer, type OrderAction, type OrderState } from './editor-reducer';

const state: OrderState = {
  rooms: [
    { id: 'r1', sections: [{ id: 's1', items: ['a', 'b', 'c'] }, { id: 's2', items: [] }] },
    { id: 'r2', sections: [{ id: 's3', items: ['d'] }] },
  ],
};
const items = (s: OrderState) => s.rooms.flatMap((r) => r.sections.flatMap((x) => x.items));
const sections = (s: OrderState) => s.rooms.flatMap((r) => r.sections.map((x) => x.id));

describe('orderReducer', () => {
  it('moves an item within a section, into another section, and ignores unknown ids', () => {
    expect(orderReducer(state, { type: 'moveItem', id: 'a', sectionId: 's1', index: 2 }).rooms[0]!.sections[0]!.items).toEqual(['b', 'c', 'a']);
    const moved = orderReducer(state, { type: 'moveItem', id: 'b', sectionId: 's3', index: 0 });
    expect(moved.rooms[0]!.sections[0]!.items).toEqual(['a', 'c']);
    expect(moved.rooms[1]!.sections[0]!.items).toEqual(['b', 'd']);
    expect(orderReducer(state, { type: 'moveItem', id: 'zz', sectionId: 's1', index: 0 })).toBe(state);
    expect(orderReducer(state, { type: 'moveItem', id: 'a', sectionId: 'nope', index: 0 })).toBe(state);
  });

  it('moves sections within and between rooms with their items, and rooms', () => {
    const moved = orderReducer(state, { type: 'moveSection', id: 's1', roomId: 'r2', index: 1 });
    expect(moved.rooms[0]!.sections.map((s) => s.id)).toEqual(['s2']);
    expect(moved.rooms[1]!.sections).toEqual([{ id: 's3', items: ['d'] }, { id: 's1', items: ['a', 'b', 'c'] }]);
    expect(orderReducer(state, { type: 'moveSection', id: 's2', roomId: 'r1', index: 0 }).rooms[0]!.sections.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(orderReducer(state, { type: 'moveRoom', id: 'r2', index: 0 }).rooms.map((r) => r.id)).toEqual(['r2', 'r1']);
  });

  it('drops an item on another one at that one’s place', () => {
    expect(itemDropTarget(state, 'a', 'c')).toEqual({ sectionId: 's1', index: 2 });
    expect(itemDropTarget(state, 'c', 'a')).toEqual({ sectionId: 's1', index: 0 });
    expect(itemDropTarget(state, 'a', 'd')).toEqual({ sectionId: 's3', index: 0 });
  });

  it('reads a drop as the api move it means, or nothing', () => {
    expect(dropMove(state, 'item:a', 'item:c')).toEqual({ kind: 'items', id: 'a', parentId: 's1', index: 2 });
    expect(dropMove(state, 'item:a', 'section-drop:s2')).toEqual({ kind: 'items', id: 'a', parentId: 's2', index: 0 });
    expect(dropMove(state, 'section:s2', 'section-drop:s1')).toEqual({ kind: 'sections', id: 's2', parentId: 'r1', index: 0 });
    // A section dropped on another room's tab goes to that room's end; on its own room's tab, nowhere.
    expect(dropMove(state, 'section:s1', 'room-drop:r2')).toEqual({ kind: 'sections', id: 's1', parentId: 'r2', index: 1 });
    expect(dropMove(state, 'section:s1', 'room-drop:r1')).toBeNull();
    // A room dropped on a room's tab takes its place.
    expect(dropMove(state, 'room:r2', 'room-drop:r1')).toEqual({ kind: 'rooms', id: 'r2', index: 0 });
    expect(dropMove(state, 'room:r1', 'room-drop:r1')).toBeNull();
    // Nothing else: a room on a section, an unknown room or section, a drop on itself.
    expect(dropMove(state, 'room:r1', 'section-drop:s3')).toBeNull();
    expect(dropMove(state, 'room:zz', 'room-drop:r1')).toBeNull();
    expect(dropMove(state, 'section:zz', 'room-drop:r2')).toBeNull();
    expect(dropMove(state, 'item:a', 'room-drop:r2')).toBeNull();
    expect(dropMove(state, 'section:s1', 'section-drop:s1')).toBeNull();
  });

  it('keeps every item and every section exactly once through any sequence of moves (property)', () => {
    const itemIds = ['a', 'b', 'c', 'd', 'x'];
    const sectionIds = ['s1', 's2', 's3', 'sx'];
    const action: fc.Arbitrary<OrderAction> = fc.oneof(
      fc.record({ type: fc.constant('moveItem' as const), id: fc.constantFrom(...itemIds), sectionId: fc.constantFrom(...sectionIds), index: fc.integer({ min: -2, max: 6 }) }),
      fc.record({ type: fc.constant('moveSection' as const), id: fc.constantFrom(...sectionIds), roomId: fc.constantFrom('r1', 'r2', 'rx'), index: fc.integer({ min: -2, max: 4 }) }),
      fc.record({ type: fc.constant('moveRoom' as const), id: fc.constantFrom('r1', 'r2', 'rx'), index: fc.integer({ min: -1, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const end = actions.reduce(orderReducer, state);
        expect([...items(end)].sort()).toEqual(['a', 'b', 'c', 'd']);
        expect([...sections(end)].sort()).toEqual(['s1', 's2', 's3']);
        expect(end.rooms.map((r) => r.id).sort()).toEqual(['r1', 'r2']);
      }),
      { numRuns: 500 },
    );
  });
});
