import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FileIcon } from '~/components/workspace/file-icon';
import { RowActionForm } from '~/components/form-actions';
import { dateParts, formatCalendarDay, formatTime, monthName } from '../../../server/contract/dates';
import { fileFamily } from '../../../server/contract/files-rules';
import { STATUS_LABELS } from '../../../server/contract/tasks-rules';
import type { WebBoard } from '~/models/tasks.server';
import { useTimeZone } from '~/utils/time-zone';

export type CardTask = WebBoard['todo'][number];

const names = (people: Array<{ name: string }>) => (people.length ? people.map((p) => p.name).join(', ') : '—');

/** "Due 15 Dec 2026" from a YYYY-MM-DD day (no time zone: a due date is a calendar day). */
export function dueLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${monthName(m!)} ${y}`;
}

/**
 * The spec's task card (screen 9): title (the project), time and date, status, From and To,
 * description, file icons by type; the reason of a rejection on a To Do card; and the buttons
 * of the moves the viewer may make: Submit, Approve, Reject (which asks for a reason).
 */
export function TaskCard({ task, rejectHref, submitHref, dragHandle }: { task: CardTask; rejectHref: string; submitHref: string; dragHandle?: ReactNode }) {
  const zone = useTimeZone();
  const created = dateParts(task.createdAt, zone);
  return (
    <article className={`ws-task ws-task-${task.status}`} data-testid="task-card" data-task-id={task.id}>
      <header className="ws-task-head">
        <h3 className="ws-task-title">{task.title}</h3>
        {dragHandle}
      </header>
      <p className="ws-task-meta">
        <time dateTime={task.createdAt}>
          {formatTime(created)} · {created.day} {monthName(created.month)} {created.year}
        </time>
        <span className={`ws-task-status ws-task-status-${task.status}`} data-testid="task-status">
          {STATUS_LABELS[task.status]}
        </span>
      </p>
      <p className="ws-task-project" data-testid="task-project">{task.project.projectName}</p>
      <dl className="ws-task-people">
        <div>
          <dt>From</dt>
          <dd>{task.from?.name ?? 'A former account'}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{names(task.to)}</dd>
        </div>
      </dl>
      <p className="ws-task-description">{task.description}</p>
      {task.rejectReason && task.status === 'todo' ? (
        <p className="ws-task-reason" data-testid="reject-reason">
          <strong>Sent back:</strong> {task.rejectReason}
        </p>
      ) : null}
      {task.status !== 'todo' && (task.submitNote || task.deliverables.length) ? (
        <div className="ws-task-submission" data-testid="task-submission">
          {task.submitNote ? (
            <p className="ws-task-note" data-testid="submit-note">
              <strong>Note:</strong> {task.submitNote}
            </p>
          ) : null}
          {task.deliverables.length ? <FileLinks files={task.deliverables} label="Submitted files" testId="task-deliverables" /> : null}
        </div>
      ) : null}
      <div className="ws-task-foot">
        <FileLinks files={task.files} label="Files" />
        {task.dueDate ? (
          <span className="ws-task-due" title={`Due ${formatCalendarDay(task.dueDate)}`}>
            Due {dueLabel(task.dueDate)}
          </span>
        ) : null}
      </div>
      {task.can.submit || task.can.approve || task.can.reject ? (
        <div className="ws-task-actions">
          {task.can.submit ? (
            <Link to={submitHref} preventScrollReset className="button button-primary button-small" data-testid="submit-task">
              Submit
            </Link>
          ) : null}
          {task.can.approve ? (
            <RowActionForm id={task.id} intent="approve" className="button button-primary button-small" testId="approve-task">
              Approve
            </RowActionForm>
          ) : null}
          {task.can.reject ? (
            <Link to={rejectHref} preventScrollReset className="button button-ghost button-small" data-testid="reject-task">
              Reject
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** A task's files as icons by type, each a download link named by its file. */
function FileLinks({ files, label, testId }: { files: CardTask['files']; label: string; testId?: string }) {
  return (
    <ul className="ws-task-files" aria-label={label} data-testid={testId}>
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.href} title={file.fileName} className="ws-task-file" download>
            <FileIcon family={fileFamily(file.contentType)} size={26} />
            <span className="visually-hidden">{file.fileName}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
