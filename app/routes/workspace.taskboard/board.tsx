import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { Link, useNavigate, useSubmit } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { COLUMN_TITLES, moveBetween, TASK_COLUMNS, TASK_LIMITS, type TaskColumn } from '../../../server/contract/tasks-rules';
import type { WebBoard } from '~/models/tasks.server';
import { TaskCard, type CardTask } from './task-card';

const EMPTY_TEXT: Record<TaskColumn, string> = {
  todo: 'Nothing assigned to you.',
  given: 'No open tasks given by you.',
  review: 'Nothing waiting for review.',
  done: 'No finished tasks yet.',
};

/** The moves a card in `column` may be dragged into, for this viewer. */
function dropTargets(task: CardTask, column: TaskColumn): TaskColumn[] {
  return TASK_COLUMNS.filter((to) => {
    const move = moveBetween(column, to);
    return move !== null && task.can[move];
  });
}

type Props = { board: WebBoard; addHref: string; rejectHref: (id: string) => string; submitHref: (id: string) => string; moreDoneHref: (done: number) => string };

/**
 * The four columns (screen 9). Without JavaScript every move is a button (a form); with it, a card
 * may also be dragged (by its handle) into a column its moves allow — To Do → In Review (Submit),
 * In Review → Done (Approve), In Review → To Do (Reject, which still asks for the reason) — and
 * nowhere else.
 */
export function TaskBoard(props: Props) {
  const hydrated = useHydrated();
  return hydrated ? <DraggableBoard {...props} /> : <Columns {...props} renderCard={(task) => <TaskCard task={task} rejectHref={props.rejectHref(task.id)} submitHref={props.submitHref(task.id)} />} />;
}

/** Under Done: how many of the finished tasks it shows, and a link to the next ones. */
function DoneFooter({ shown, total, moreHref }: { shown: number; total: number; moreHref: (done: number) => string }) {
  if (shown >= total) return null;
  const more = Math.min(TASK_LIMITS.doneShown, total - shown, TASK_LIMITS.doneMax - shown);
  return (
    <footer className="ws-column-foot" data-testid="done-footer">
      <p className="muted">
        The newest {shown} of {total} finished tasks.
      </p>
      {more > 0 ? (
        <Link to={moreHref(shown + more)} preventScrollReset className="button button-ghost button-small" data-testid="more-done">
          Show {more} more
        </Link>
      ) : null}
    </footer>
  );
}

function Columns({
  board,
  addHref,
  moreDoneHref,
  renderCard,
  wrapColumn,
}: Props & { renderCard: (task: CardTask, column: TaskColumn) => ReactNode; wrapColumn?: (column: TaskColumn, body: ReactNode) => ReactNode }) {
  return (
    <div className="ws-board" data-testid="taskboard">
      {TASK_COLUMNS.map((column) => {
        const tasks = board[column];
        const body = (
          <>
            <header className="ws-column-head">
              <h2>
                {COLUMN_TITLES[column]} <span className="ws-column-count">{column === 'done' ? board.doneTotal : tasks.length}</span>
              </h2>
              {column === 'todo' ? (
                <Link to={addHref} preventScrollReset className="button ws-column-add" data-testid="add-task">
                  + Add new task
                </Link>
              ) : null}
            </header>
            <div className="ws-column-cards">
              {tasks.length ? tasks.map((task) => <div key={task.id}>{renderCard(task, column)}</div>) : <p className="ws-column-empty">{EMPTY_TEXT[column]}</p>}
            </div>
            {column === 'done' ? <DoneFooter shown={tasks.length} total={board.doneTotal} moreHref={moreDoneHref} /> : null}
          </>
        );
        return wrapColumn ? (
          <div key={column}>{wrapColumn(column, body)}</div>
        ) : (
          <section key={column} className="ws-column" data-testid={`column-${column}`} aria-label={COLUMN_TITLES[column]}>
            {body}
          </section>
        );
      })}
    </div>
  );
}

function DraggableBoard(props: Props) {
  const submit = useSubmit();
  const navigate = useNavigate();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as { task: CardTask; column: TaskColumn } | undefined;
    if (!data || !over) return;
    const move = moveBetween(data.column, over.id as TaskColumn);
    if (!move || !data.task.can[move]) return;
    // Reject asks for its reason and Submit offers its note and files: each opens its dialog.
    if (move === 'reject') navigate(props.rejectHref(data.task.id), { preventScrollReset: true });
    else if (move === 'submit') navigate(props.submitHref(data.task.id), { preventScrollReset: true });
    else submit({ intent: move, id: data.task.id }, { method: 'post' });
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <Columns
        {...props}
        renderCard={(task, column) => <DraggableCard task={task} column={column} rejectHref={props.rejectHref(task.id)} submitHref={props.submitHref(task.id)} />}
        wrapColumn={(column, body) => <DroppableColumn column={column}>{body}</DroppableColumn>}
      />
    </DndContext>
  );
}

function DroppableColumn({ column, children }: { column: TaskColumn; children: ReactNode }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: column });
  const source = active?.data.current as { task: CardTask; column: TaskColumn } | undefined;
  const allowed = source ? dropTargets(source.task, source.column).includes(column) : false;
  const state = source ? (allowed ? (isOver ? ' is-drop-over' : ' is-drop-allowed') : ' is-drop-refused') : '';
  return (
    <section ref={setNodeRef} className={`ws-column${state}`} data-testid={`column-${column}`} aria-label={COLUMN_TITLES[column]}>
      {children}
    </section>
  );
}

function DraggableCard({ task, column, rejectHref, submitHref }: { task: CardTask; column: TaskColumn; rejectHref: string; submitHref: string }) {
  const targets = dropTargets(task, column);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: task.id, data: { task, column }, disabled: targets.length === 0 });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const handle = targets.length ? (
    <button
      type="button"
      className="ws-drag-handle"
      aria-label={`Move this task to ${targets.map((t) => COLUMN_TITLES[t]).join(' or ')}`}
      title="Drag to another column"
      data-testid="drag-task"
      {...listeners}
      {...attributes}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
      </svg>
    </button>
  ) : undefined;
  return (
    <div ref={setNodeRef} style={style} className={isDragging ? 'ws-task-dragging' : undefined}>
      <TaskCard task={task} rejectHref={rejectHref} submitHref={submitHref} dragHandle={handle} />
    </div>
  );
}
