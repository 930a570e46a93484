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
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { CSSProperties, ReactNode } from 'react';
import { Icon } from '~/components/icon';
import { findSection, itemDropTarget, type OrderState } from './editor-reducer';
import { MOVE_ICONS } from './item-card';

/**
 * Drag and drop of the editor (DESIGN.md section 5: @dnd-kit with JavaScript, Move buttons
 * without): items within and between sections, sections within the room, by pointer or keyboard
 * (focus a grip, Space, arrows, Space). Only this route imports @dnd-kit. A drop is reported as
 * a move in the api's terms (`index` in the new parent after taking the row out), which the page
 * applies to its reducer at once and saves through a fetcher.
 */

export type Move = { kind: 'items'; id: string; parentId: string; index: number } | { kind: 'sections'; id: string; parentId: string; index: number };

const kindOf = (id: unknown) => String(id).split(':')[0];
const idOf = (id: unknown) => String(id).slice(String(id).indexOf(':') + 1);

export function SummaryDnd({ order, onMove, children }: { order: OrderState; onMove: (move: Move) => void; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  // An item lands on the item under the pointer (or an empty section); a section on a section.
  const collision: CollisionDetection = (args) => {
    const dragging = kindOf(args.active.id);
    const candidates = args.droppableContainers.filter((c) =>
      dragging === 'item' ? kindOf(c.id) === 'item' || (kindOf(c.id) === 'section-drop' && (findSectionItems(order, idOf(c.id))?.length ?? 1) === 0) : kindOf(c.id) === 'section-drop',
    );
    const within = pointerWithin({ ...args, droppableContainers: candidates });
    if (within.length) return within;
    return closestCenter({ ...args, droppableContainers: candidates });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const id = idOf(active.id);
    const target = idOf(over.id);
    if (kindOf(active.id) === 'item') {
      if (kindOf(over.id) === 'item') {
        const place = itemDropTarget(order, id, target);
        if (place) onMove({ kind: 'items', id, parentId: place.sectionId, index: place.index });
      } else if (kindOf(over.id) === 'section-drop') {
        onMove({ kind: 'items', id, parentId: target, index: findSectionItems(order, target)?.length ?? 0 });
      }
      return;
    }
    const from = findSection(order, id);
    const to = findSection(order, target);
    if (from && to && target !== id) onMove({ kind: 'sections', id, parentId: to.roomId, index: to.index });
  };

  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: 'To move, press Space or Enter, use the arrow keys, and press Space or Enter again to drop. Escape cancels.' } }}>
      {children}
    </DndContext>
  );
}

function findSectionItems(order: OrderState, sectionId: string): string[] | undefined {
  for (const room of order.rooms) for (const section of room.sections) if (section.id === sectionId) return section.items;
  return undefined;
}

const moving = (transform: { x: number; y: number } | null, isDragging: boolean): CSSProperties =>
  transform ? { transform: `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`, zIndex: isDragging ? 20 : undefined, position: 'relative' } : {};

/** A draggable and droppable wrapper of one item or section, and its grip (the drag handle). */
export function useDragRow(kind: 'item' | 'section', id: string, label: string) {
  const drag = useDraggable({ id: `${kind}:${id}` });
  const drop = useDroppable({ id: kind === 'item' ? `item:${id}` : `section-drop:${id}` });
  return {
    ref: (node: HTMLElement | null) => {
      drag.setNodeRef(node);
      drop.setNodeRef(node);
    },
    style: moving(drag.transform, drag.isDragging),
    className: `${drag.isDragging ? ' is-dragging' : ''}${drop.isOver && !drag.isDragging ? ' is-over' : ''}`,
    handle: (
      <button type="button" className="sm-grip" aria-label={`Drag ${label}`} title="Drag to move" data-testid={`drag-${kind}`} {...drag.listeners} {...drag.attributes}>
        <Icon d={MOVE_ICONS.grip} size={16} />
      </button>
    ),
  };
}
