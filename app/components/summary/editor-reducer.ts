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
