import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { createContext, startTransition, useContext, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { dropMove, sectionItems, splitDndId, type Move, type OrderState } from './editor-reducer';
import { RowIcon } from './icons';

/**
 * Drag and drop of the editor (DESIGN.md section 5: @dnd-kit with JavaScript, Move buttons
 * without): items within and between sections, sections within the room or onto another room's
 * tab, rooms among the tabs, by pointer or keyboard (focus a grip, Space, arrows, Space). Only
 * this route imports @dnd-kit. A drop is reported as a move in the api's terms (`dropMove` in the
 * reducer module), which the page applies to its reducer at once and saves through a fetcher.
 */

export type { Move };

const kindOf = (id: unknown) => splitDndId(id)[0];
const idOf = (id: unknown) => splitDndId(id)[1];

/** What a screen reader hears while dragging: the names of the row and of the place, not @dnd-kit's ids. */
const nameOf = (node: { data: { current?: { label?: unknown } } } | null) => String(node?.data.current?.label ?? 'the row');
const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active)}.`,
  // Over its own place (where every drag starts) says nothing new.
  onDragOver: ({ active, over }) =>
    over && idOf(over.id) === idOf(active.id) ? undefined : over ? `${nameOf(active)} is over ${nameOf(over)}.` : `${nameOf(active)} is no longer over a place to drop.`,
  onDragEnd: ({ active, over }) => (over ? `${nameOf(active)} was dropped on ${nameOf(over)}.` : `${nameOf(active)} was dropped where it was.`),
  onDragCancel: ({ active }) => `Moving ${nameOf(active)} was cancelled.`,
};

export function SummaryDnd({ order, onMove, children }: { order: OrderState; onMove: (move: Move) => void; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  // An item lands on the item under the pointer (or an empty section); a section on a section or
  // a room's tab; a room on a room's tab.
  const collision: CollisionDetection = (args) => {
    const dragging = kindOf(args.active.id);
    const accepts = (id: unknown) => {
      const kind = kindOf(id);
      if (dragging === 'item') return kind === 'item' || (kind === 'section-drop' && (sectionItems(order, idOf(id))?.length ?? 1) === 0);
      if (dragging === 'section') return kind === 'section-drop' || kind === 'room-drop';
      return kind === 'room-drop';
    };
    const candidates = args.droppableContainers.filter((c) => accepts(c.id));
    const within = pointerWithin({ ...args, droppableContainers: candidates });
    if (within.length) return within;
    // A pointer outside every place falls back to the nearest section, never to a far tab; the
    // keyboard (no pointer) may reach the tabs by its arrows.
    const near = args.pointerCoordinates && dragging === 'section' ? candidates.filter((c) => kindOf(c.id) === 'section-drop') : candidates;
    return closestCenter({ ...args, droppableContainers: near });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const move = over ? dropMove(order, String(active.id), String(over.id)) : null;
    if (move) onMove(move);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd} accessibility={{ announcements: ANNOUNCEMENTS, screenReaderInstructions: { draggable: 'To move, press Space or Enter, use the arrow keys, and press Space or Enter again to drop. Escape cancels.' } }}>
      {children}
    </DndContext>
  );
}

const moving = (transform: { x: number; y: number } | null, isDragging: boolean): CSSProperties =>
  transform ? { transform: `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`, zIndex: isDragging ? 20 : undefined, position: 'relative' } : {};

/** A draggable and droppable wrapper of one item, section or room tab, and its grip (the drag handle). */
export function useDragRow(kind: 'item' | 'section' | 'room', id: string, label: string) {
  const drag = useDraggable({ id: `${kind}:${id}`, data: { label } });
  const drop = useDroppable({ id: kind === 'item' ? `item:${id}` : `${kind}-drop:${id}`, data: { label } });
  return {
    ref: (node: HTMLElement | null) => {
      drag.setNodeRef(node);
      drop.setNodeRef(node);
    },
    style: moving(drag.transform, drag.isDragging),
    className: `${drag.isDragging ? ' is-dragging' : ''}${drop.isOver && !drag.isDragging ? ' is-over' : ''}`,
    handle: (
      <button type="button" className="sm-grip" aria-label={`Drag ${label}`} title="Drag to move" data-testid={`drag-${kind}`} {...drag.listeners} {...drag.attributes}>
        <RowIcon name="grip" size={16} />
      </button>
    ),
  };
}

/**
 * The grip of the row around (an item's, a section's): the row's drag wrapper provides it and the
 * row's memoized content draws it where it belongs (`<RowGrip />`), so that @dnd-kit's re-renders
 * of the wrappers (every registration, every drag) leave the rows' content alone (decision 251).
 */
export const RowGripContext = createContext<ReactNode>(null);
export function RowGrip() {
  return <>{useContext(RowGripContext)}</>;
}

/** Whether the page runs with JavaScript (the grips and other enhancements are drawn). */
export const EnhancedContext = createContext(false);
export const useEnhanced = () => useContext(EnhancedContext);

let enhancedOnce = false;
/**
 * False while the page hydrates, then true, set in a transition: drawing the grips of 200 rows is
 * work React may split into small tasks, not one long one (remix-utils' useHydrated updates
 * synchronously). True at once when the page is reached by a client navigation.
 */
export function useEnhancedAfterHydration(): boolean {
  const [enhanced, setEnhanced] = useState(enhancedOnce);
  useEffect(() => {
    enhancedOnce = true;
    startTransition(() => setEnhanced(true));
  }, []);
  return enhanced;
}
