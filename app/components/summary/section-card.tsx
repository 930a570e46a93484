import { Link } from '@remix-run/react';
import { memo, useRef } from 'react';
import {
  SUMMARY_ITEM_TYPE_LABELS,
  SUMMARY_LIMITS,
  SUMMARY_MESSAGES,
  SUMMARY_STATUS_COLOURS,
  SUMMARY_STATUS_LABELS,
  SUMMARY_STATUSES,
  type SummaryItemType,
} from '../../../server/contract/summary-rules';
import { RowGrip, RowGripContext, useDragRow, useEnhanced } from './dnd';
import { EditButton, EditorForm, IntentButton, MoveAndDelete, RowForm, rowFormId, useClearedAfterSuccess, useEditor, type SummaryItem, type SummarySection } from './editor-context';
import { rowAnchor } from './editor-url';
import type { EditorView } from './editor-url';
import { RowIcon } from './icons';
import { LiveSectionTotal } from './figures';
import { ItemCard } from './item-card';
import { MoveTo } from './move-to';

/** The room selector, New Room (name required: "Room name cannot be empty"), rename and delete of the current room. */
export function RoomBar({
  rooms,
  current,
  href,
  newRoomError,
  newRoomTyped = '',
}: {
  rooms: Array<{ id: string; name: string; version: number }>;
  current?: string;
  href: (changes: Partial<EditorView>) => string;
  newRoomError: string | null;
  /** What a refused New Room post had typed: kept, to be corrected (also without JavaScript). */
  newRoomTyped?: string;
}) {
  const { view, confirmHref } = useEditor();
  const newRoom = useClearedAfterSuccess();
  const room = rooms.find((r) => r.id === current);
  const index = room ? rooms.indexOf(room) : -1;
  return (
    <section className="sm-rooms" aria-label="Rooms">
      <nav className="sm-room-list" aria-label="Room selector" data-testid="room-selector">
        {rooms.map((r) => (
          <RoomTab key={r.id} room={r} active={r.id === current} to={href({ room: r.id, edit: view.edit, open: undefined })} />
        ))}
      </nav>
      <div className="sm-room-forms">
        <EditorForm className="sm-new-room" noValidate formRef={newRoom.formRef} onSubmit={newRoom.onSubmit}>
          <div className={`field${newRoomError ? ' has-error' : ''}`}>
            <label htmlFor="new-room" className="visually-hidden">
              New room name
            </label>
            <input key={newRoomTyped} defaultValue={newRoomTyped} id="new-room" name="name" placeholder="New room name" maxLength={SUMMARY_LIMITS.roomName} aria-invalid={newRoomError ? true : undefined} aria-describedby={newRoomError ? 'new-room-error' : undefined} data-testid="new-room-name" />
            {newRoomError ? (
              <p className="field-error" id="new-room-error">
                {newRoomError}
              </p>
            ) : null}
          </div>
          <button type="submit" name="intent" value="add-room" className="button button-primary" data-testid="new-room">
            <RowIcon name="add" size={16} /> New Room
          </button>
        </EditorForm>
        {room ? (
          <div className="sm-room-actions">
            <EditorForm className="sm-rename-room">
              <input type="hidden" name="id" value={room.id} />
              <input type="hidden" name="version" value={room.version} />
              <label htmlFor="rename-room" className="visually-hidden">
                Room name
              </label>
              <input id="rename-room" name="name" defaultValue={room.name} key={room.id + room.name} maxLength={SUMMARY_LIMITS.roomName} required />
              <button type="submit" name="intent" value="rename-room" className="button button-ghost button-small">
                Rename
              </button>
            </EditorForm>
            <RowForm kind="rooms" id={room.id} className="sm-inline-form">
              <IntentButton intent="move" value={index - 1} label="Move room left" disabled={index <= 0}>
                <RowIcon name="left" size={16} />
              </IntentButton>
              <IntentButton intent="move" value={index + 1} label="Move room right" disabled={index >= rooms.length - 1}>
                <RowIcon name="right" size={16} />
              </IntentButton>
            </RowForm>
            <Link to={confirmHref(`room:${room.id}`)} replace preventScrollReset className="button button-ghost button-small sm-danger" aria-label="Delete room" title="Delete room">
              <RowIcon name="trash" size={16} />
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * One room's tab: a link to the room; with JavaScript also a grip that drags it among the tabs
 * (pointer or keyboard), and a place to drop a section on (it moves to the end of that room).
 */
function RoomTab({ room, active, to }: { room: { id: string; name: string }; active: boolean; to: string }) {
  const hydrated = useEnhanced();
  const drag = useDragRow('room', room.id, `room ${room.name}`);
  return (
    <span ref={drag.ref} style={drag.style} className={`sm-room-tab${active ? ' is-active' : ''}${drag.className}`} data-testid="room-tab" data-room-id={room.id}>
      {hydrated ? drag.handle : null}
      <Link to={to} className="sm-room" aria-current={active ? 'page' : undefined}>
        {room.name}
      </Link>
    </span>
  );
}

/**
 * An item's place in its section's list: draggable with JavaScript. @dnd-kit re-renders it on every
 * registration and drag; the card inside is memoized and draws the grip through RowGripContext.
 */
function DraggableItem({ item, index, count, editing }: { item: SummaryItem; index: number; count: number; editing: boolean }) {
  const enhanced = useEnhanced();
  const drag = useDragRow('item', item.id, item.title || SUMMARY_ITEM_TYPE_LABELS[item.type]);
  return (
    // No class of its own (`.sm-items > li`): 200 of them.
    <li ref={drag.ref} style={drag.style} className={drag.className.trim() || undefined}>
      <RowGripContext.Provider value={enhanced ? drag.handle : null}>
        <ItemCard item={item} index={index} count={count} editing={editing} />
      </RowGripContext.Provider>
    </li>
  );
}

/**
 * One section: its checkbox (for the PDF), title, status (None grey, Approved light green, In
 * Review light blue, Rejected light red), its cards (at most 4), items, and "add item" of each type
 * (financial items on the Financial tab only, as the spec says). Its other controls (status
 * choice, copy / move / delete, add or delete a card, add from library, move to room) are drawn
 * while it is open for editing (`?edit=<section>`, its Edit link; decision 250).
 */
export function SectionCard({ section, items, index, count, editing }: { section: SummarySection; items: SummaryItem[]; index: number; count: number; editing: boolean }) {
  const enhanced = useEnhanced();
  const drag = useDragRow('section', section.id, section.title);
  const colours = SUMMARY_STATUS_COLOURS[section.status];
  return (
    <section
      id={rowAnchor(section.id)}
      ref={drag.ref}
      style={{ ...drag.style, ['--status-bg' as string]: colours.background, ['--status-border' as string]: colours.border, ['--status-text' as string]: colours.text }}
      className={`sm-section status-${section.status}${drag.className}`}
      aria-labelledby={`section-${section.id}`}
      data-testid="summary-section"
      data-section-id={section.id}
      data-status={section.status}
    >
      {/* Skipped while far from the screen (content-visibility), in a box of its own: on the rounded section, the skipping's clip was rounded too, and a rounded clip around the focused field made the browser composite the section twice over (decision 299). */}
      <div className="sm-section-box">
        <RowGripContext.Provider value={enhanced ? drag.handle : null}>
          <SectionContent section={section} items={items} index={index} count={count} editing={editing} />
        </RowGripContext.Provider>
      </div>
    </section>
  );
}

/** What a section draws inside its (draggable) box: memoized, so a drag or a keystroke elsewhere leaves it alone. */
const SectionContent = memo(function SectionContent({ section, items, index, count, editing }: { section: SummarySection; items: SummaryItem[]; index: number; count: number; editing: boolean }) {
  const { view, library, roomChoices, closeHref } = useEditor();
  const open = view.open === section.id;
  const addCard = useClearedAfterSuccess();
  const financial = view.tab === 'financial';
  const shown = financial ? items : items.filter((i) => i.type !== 'financial');
  const addTypes: SummaryItemType[] = financial ? ['financial', 'product'] : ['product', 'description', 'title'];
  // The section's one form (RowForm, in the head): its status, add from library, delete card and
  // move to room join it from elsewhere in the card.
  const form = rowFormId('sections', section.id);
  return (
    <>
      <header className="sm-section-head">
        <RowGrip />
        <input type="checkbox" name="sections" value={section.id} form="pdf-form" aria-label={`Choose ${section.title} for the PDF`} className="sm-check" data-testid="section-check" />
        <h3 id={`section-${section.id}`}>{section.title}</h3>
        {open ? null : (
          <>
            <span className="sm-status-badge" data-testid="section-status-label">
              {SUMMARY_STATUS_LABELS[section.status]}
            </span>
            <EditButton id={section.id} label={`Edit section ${section.title}`} testId="edit-section" />
          </>
        )}
        {open ? (
        <>
        <StatusPick section={section} form={form} />
        <RowForm kind="sections" id={section.id} version={section.version} className="sm-section-actions">
          <IntentButton intent="copy-section" label="Copy section" testId="copy-section">
            <RowIcon name="copy" size={16} />
          </IntentButton>
          <MoveAndDelete
            index={index}
            count={count}
            confirmKey={`section:${section.id}`}
            labels={{ up: 'Move section up', down: 'Move section down', remove: 'Delete section' }}
            testIds={{ up: 'section-up', down: 'section-down' }}
          />
          <Link to={closeHref(section.id)} preventScrollReset className="button button-ghost button-small sm-done" data-testid="close-section">
            Done
          </Link>
        </RowForm>
        </>
        ) : null}
      </header>

      {editing ? (
        <EditorForm className="sm-rename-section">
          <input type="hidden" name="id" value={section.id} />
          <input type="hidden" name="version" value={section.version} />
          <label htmlFor={`title-${section.id}`}>Section name</label>
          <input id={`title-${section.id}`} name="title" defaultValue={section.title} maxLength={SUMMARY_LIMITS.sectionTitle} required />
          <button type="submit" name="intent" value="rename-section" className="button button-ghost button-small">
            Rename
          </button>
        </EditorForm>
      ) : null}

      {section.cards.length || (open && !financial) ? (
        <div className="sm-cards">
          {section.cards.map((card) => (
            <div key={card.id} className="sm-card" data-testid="spec-card">
              <strong>{card.title}</strong>
              {card.description ? <span>{card.description}</span> : null}
              {financial || !open ? null : (
                <IntentButton intent="delete-card" value={card.id} form={form} label={`Delete card ${card.title}`} className="sm-card-remove">
                  <RowIcon name="close" size={12} />
                </IntentButton>
              )}
            </div>
          ))}
          {financial || !open ? null : section.cards.length >= SUMMARY_LIMITS.cardsPerSection ? (
            <p className="sm-limit">{SUMMARY_MESSAGES.cardsMax}</p>
          ) : (
            <details className="sm-card-add">
              <summary>Add specification card</summary>
              <EditorForm formRef={addCard.formRef} onSubmit={addCard.onSubmit}>
                <input type="hidden" name="sectionId" value={section.id} />
                <input name="title" placeholder="Card title (e.g. Finish)" required maxLength={SUMMARY_LIMITS.cardTitle} aria-label="Card title" />
                <input name="description" placeholder="Detail (e.g. Brushed brass)" maxLength={SUMMARY_LIMITS.cardDescription} aria-label="Card detail" />
                <button type="submit" name="intent" value="add-card" className="button button-ghost button-small">
                  Add card
                </button>
              </EditorForm>
            </details>
          )}
        </div>
      ) : null}

      {shown.length ? (
        <ol className="sm-items">
          {shown.map((item) => (
            <DraggableItem key={item.id} item={item} index={items.indexOf(item)} count={items.length} editing={editing} />
          ))}
        </ol>
      ) : (
        <p className="sm-empty">No items yet.</p>
      )}

      <footer className="sm-section-foot">
        <div className="sm-add-item">
          <AddItemButtons types={addTypes} sectionId={section.id} />
        </div>
        {open && library.length ? (
          <div className="sm-add-item sm-from-library" data-testid="add-from-library-form">
            <label htmlFor={`library-${section.id}`} className="muted">
              From library
            </label>
            <select id={`library-${section.id}`} name="productId" form={form} required data-testid="library-product">
              {library.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.title}
                </option>
              ))}
            </select>
            <IntentButton intent="add-from-library" form={form} testId="add-from-library">
              <RowIcon name="add" size={14} /> Add from library
            </IntentButton>
          </div>
        ) : null}
        {/* Without JavaScript (and by keyboard), the way to move a section to another room; with it, a drop on a room tab does the same. */}
        {open && roomChoices.length > 1 ? (
          <MoveTo kind="sections" id={section.id} parentId={section.roomId} choices={roomChoices} summary="Move to another room" button="Move to room" label="Room" menuTestId="move-room-menu" selectTestId="move-to-room" />
        ) : null}
        {financial ? (
          <div className="sm-section-total">
            <h4>Section total</h4>
            <LiveSectionTotal items={items} testId="section-totals" />
          </div>
        ) : null}
      </footer>
    </>
  );
});


/** The open section's status: a select and Set; with JavaScript a choice posts at once. */
function StatusPick({ section, form }: { section: SummarySection; form: string }) {
  const hydrated = useEnhanced();
  const setStatus = useRef<HTMLButtonElement>(null);
  return (
    <div className="sm-status">
      <label htmlFor={`status-${section.id}`} className="visually-hidden">
        Status of {section.title}
      </label>
      <select
        id={`status-${section.id}`}
        name="status"
        form={form}
        defaultValue={section.status}
        key={section.status}
        onChange={hydrated ? (e) => e.currentTarget.form?.requestSubmit(setStatus.current) : undefined}
        data-testid="section-status"
      >
        {SUMMARY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SUMMARY_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      {/* With JavaScript a choice posts at once, through this button (the intent is the submitter's). */}
      <button type="submit" name="intent" value="status" form={form} ref={setStatus} className={hydrated ? 'visually-hidden' : 'button button-ghost button-small'} data-testid="set-status">
        Set
      </button>
    </div>
  );
}

const addItemForm = (type: SummaryItemType) => `add-${type}-form`;

/**
 * The page's one form per item type (`add-item:<type>`, decision 251): each section's "+ Product"
 * is a button of it that names its section (`sectionId`), instead of a form of its own per section.
 */
export function AddItemForms() {
  return (
    <>
      {(['financial', 'product', 'description', 'title'] as const).map((type) => (
        <EditorForm key={type} id={addItemForm(type)} hidden>
          <input type="hidden" name="intent" value={`add-item:${type}`} />
        </EditorForm>
      ))}
    </>
  );
}

/** "Add" an item of each type to a section: buttons of the page's AddItemForms. */
function AddItemButtons({ types, sectionId }: { types: SummaryItemType[]; sectionId: string }) {
  return (
    <>
      <span className="muted">Add</span>
      {types.map((type) => (
        <button key={type} type="submit" form={addItemForm(type)} name="sectionId" value={sectionId} className="sm-add" data-testid={`add-${type}`}>
          {`+ ${SUMMARY_ITEM_TYPE_LABELS[type]}`}
        </button>
      ))}
    </>
  );
}
