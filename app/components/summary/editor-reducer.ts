import { moveId } from '../../../server/contract/summary-rules';

/**
 * The editor's browser state of order (docs/decisions/103): which sections each room holds and
 * which items each section holds, in order. A drop changes it at once (so the card stays where it
 * was dropped) while the fetcher saves the move; the page's reload after the save replaces it
 * with the api's order (`reset`). Pure: same state and action, same result; every move keeps
 * every id exactly once (unit tests with fast-check), using the api's own ordering rule `moveId`.
 */

export type OrderSection = { id: string; items: string[] };
export type OrderRoom = { id: string; sections: OrderSection[] };
export type OrderState = { rooms: OrderRoom[] };

export type OrderAction =
  | { type: 'reset'; state: OrderState }
  | { type: 'moveRoom'; id: string; index: number }
  | { type: 'moveSection'; id: string; roomId: string; index: number }
  | { type: 'moveItem'; id: string; sectionId: string; index: number };

/** The state of a summary as the api answered it. */
export function orderOf(summary: { rooms: Array<{ id: string; sections: Array<{ id: string; items: Array<{ id: string }> }> }> }): OrderState {
  return { rooms: summary.rooms.map((r) => ({ id: r.id, sections: r.sections.map((s) => ({ id: s.id, items: s.items.map((i) => i.id) })) })) };
}

export function findItem(state: OrderState, id: string): { sectionId: string; index: number } | null {
  for (const room of state.rooms) {
    for (const section of room.sections) {
      const index = section.items.indexOf(id);
      if (index >= 0) return { sectionId: section.id, index };
    }
  }
  return null;
}

export function findSection(state: OrderState, id: string): { roomId: string; index: number } | null {
  for (const room of state.rooms) {
    const index = room.sections.findIndex((s) => s.id === id);
    if (index >= 0) return { roomId: room.id, index };
  }
  return null;
}

export function orderReducer(state: OrderState, action: OrderAction): OrderState {
  switch (action.type) {
    case 'reset':
      return action.state;
    case 'moveRoom': {
      if (!state.rooms.some((r) => r.id === action.id)) return state;
      const byId = new Map(state.rooms.map((r) => [r.id, r]));
      return { rooms: moveId(state.rooms.map((r) => r.id), action.id, action.index).map((id) => byId.get(id)!) };
    }
    case 'moveSection': {
      const from = findSection(state, action.id);
      if (!from || !state.rooms.some((r) => r.id === action.roomId)) return state;
      const section = state.rooms.find((r) => r.id === from.roomId)!.sections[from.index]!;
      return {
        rooms: state.rooms.map((room) => {
          const without = room.sections.filter((s) => s.id !== action.id);
          if (room.id !== action.roomId) return room.id === from.roomId ? { ...room, sections: without } : room;
          const byId = new Map([...without, section].map((s) => [s.id, s]));
          return { ...room, sections: moveId(without.map((s) => s.id), action.id, action.index).map((id) => byId.get(id)!) };
        }),
      };
    }
    case 'moveItem': {
      const from = findItem(state, action.id);
      if (!from || !findSection(state, action.sectionId)) return state;
      return {
        rooms: state.rooms.map((room) => ({
          ...room,
          sections: room.sections.map((section) => {
            if (section.id === action.sectionId) return { ...section, items: moveId(section.items, action.id, action.index) };
            if (section.id === from.sectionId) return { ...section, items: section.items.filter((i) => i !== action.id) };
            return section;
          }),
        })),
      };
    }
  }
}

/**
 * Where a dragged item lands when dropped on `overItemId`: that item's section, at its place
 * (after it when the dragged item came from above it in the same section, so a drag down works).
 */
export function itemDropTarget(state: OrderState, activeId: string, overItemId: string): { sectionId: string; index: number } | null {
  const from = findItem(state, activeId);
  const over = findItem(state, overItemId);
  if (!from || !over) return null;
  // `moveId` takes the dragged id out first, so the same index means "after it" when coming from above.
  return { sectionId: over.sectionId, index: over.index };
}

/** A move in the api's terms: `index` in the new parent after taking the row out (rooms stay in their schedule). */
export type Move = { kind: 'items' | 'sections'; id: string; parentId: string; index: number } | { kind: 'rooms'; id: string; index: number };

/** The items of a section, in order (undefined for an unknown section). */
export function sectionItems(state: OrderState, sectionId: string): string[] | undefined {
  for (const room of state.rooms) for (const section of room.sections) if (section.id === sectionId) return section.items;
  return undefined;
}

/**
 * The move a drop means, from the drag and drop ids (`item:<id>`, `section:<id>`, `room:<id>` for
 * what is dragged; `item:<id>`, `section-drop:<id>`, `room-drop:<id>` for where it lands), or null
 * when the drop changes nothing: an item on an item (its place) or on an empty section (its end);
 * a section on a section (its place) or on another room's tab (that room's end); a room on a room
 * (its place).
 */
export function dropMove(state: OrderState, activeId: string, overId: string): Move | null {
  const [kind, id] = splitDndId(activeId);
  const [overKind, target] = splitDndId(overId);
  if (activeId === overId) return null;
  if (kind === 'item') {
    if (overKind === 'item') {
      const place = itemDropTarget(state, id, target);
      return place ? { kind: 'items', id, parentId: place.sectionId, index: place.index } : null;
    }
    const items = overKind === 'section-drop' ? sectionItems(state, target) : undefined;
    return items && findItem(state, id) ? { kind: 'items', id, parentId: target, index: items.length } : null;
  }
  if (kind === 'room') {
    const index = state.rooms.findIndex((r) => r.id === target);
    return overKind === 'room-drop' && index >= 0 && target !== id && state.rooms.some((r) => r.id === id) ? { kind: 'rooms', id, index } : null;
  }
  const from = kind === 'section' ? findSection(state, id) : null;
  if (!from) return null;
  if (overKind === 'room-drop') {
    const room = state.rooms.find((r) => r.id === target);
    return room && room.id !== from.roomId ? { kind: 'sections', id, parentId: room.id, index: room.sections.length } : null;
  }
  const to = overKind === 'section-drop' ? findSection(state, target) : null;
  return to && target !== id ? { kind: 'sections', id, parentId: to.roomId, index: to.index } : null;
}

/** `kind:id` of a drag and drop id (an id may itself hold a colon). */
export function splitDndId(dndId: unknown): [string, string] {
  const text = String(dndId);
  const at = text.indexOf(':');
  return [text.slice(0, at), text.slice(at + 1)];
}
