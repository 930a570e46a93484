import { Form, Link } from '@remix-run/react';
import { useSubmittingIntent } from '~/components/form-intents';
import { DecisionBadge } from '~/components/summary-output/decision-badge';
import { useTimeZone } from '~/utils/time-zone';
import { formatDateTime } from '../../../server/contract/dates';
import type { ClientDecisionJson } from '../../../server/contract/share-links';

export const editorHref = (projectId: string, scheduleId: string) =>
  `/workspace/project/schedules/summary-financial/${encodeURIComponent(projectId)}?schedule=${encodeURIComponent(scheduleId)}`;

/** A "mark as read" post: one decision (`id`) or every unread one the viewer sees. Plain forms, so it works without JavaScript. */
function MarkRead({ id, label, testId }: { id?: string; label: string; testId: string }) {
  const busy = useSubmittingIntent('markRead', id);
  return (
    <Form method="post" preventScrollReset className="so-mark-read">
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" name="intent" value="markRead" className="button button-ghost" disabled={busy} data-testid={testId}>
        {busy ? 'Marking…' : label}
      </button>
    </Form>
  );
}

/**
 * The Client Board's inbox of client decisions (docs/decisions/295): newest first, the unread ones
 * marked (a dot, bold), each with "Mark as read", and "Mark all as read" while any is unread.
 * Dates in the firm's time zone (decision 265).
 */
export function DecisionList({ decisions, unread }: { decisions: ClientDecisionJson[]; unread: number }) {
  const zone = useTimeZone();
  return (
    <section className="so-board-section" aria-labelledby="decisions-title">
      <div className="so-board-head">
        <h2 id="decisions-title">
          Client decisions
          {unread ? (
            <span className="so-unread-count" data-testid="decisions-unread">
              {' '}
              · {unread} unread
            </span>
          ) : null}
        </h2>
        {unread ? <MarkRead label="Mark all as read" testId="mark-all-read" /> : null}
      </div>
      {decisions.length ? (
        <ul className="so-decisions" data-testid="decisions">
          {decisions.map((d) => (
            <li key={d.id} className={`so-decision${d.unread ? ' is-unread' : ''}`} data-testid="decision" data-decision={d.decision} data-unread={d.unread || undefined}>
              <DecisionBadge decision={d.decision} />
              <div className="so-decision-body">
                <p className="so-decision-title">
                  {d.unread ? <span className="so-dot" role="img" aria-label="Unread" /> : null}
                  <Link to={editorHref(d.projectId, d.scheduleId)}>{d.itemId ? d.itemName : d.sectionName}</Link>
                  <span className="muted">
                    {' '}
                    · {d.itemId ? d.sectionName : 'whole section'} · {d.scheduleTitle} · {d.projectName}
                  </span>
                </p>
                {d.comment ? <blockquote className="so-comment">{d.comment}</blockquote> : null}
                <p className="so-meta">
                  {d.clientName || 'Client'} · <time dateTime={d.createdAt}>{formatDateTime(d.createdAt, zone)}</time>
                </p>
              </div>
              {d.unread ? <MarkRead id={d.id} label="Mark as read" testId="mark-read" /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="so-none">No decisions yet. When a client approves or rejects an item or a section through a link, it appears here.</p>
      )}
    </section>
  );
}

/** The address of a project's decision log PDF (docs/decisions/413). */
export const decisionLogHref = (projectId: string) => `/workspace/client-board/log/${encodeURIComponent(projectId)}.pdf`;

/** Each project's dated decision log as a PDF for the firm's records: the projects with a schedule or a decision the viewer sees. */
export function DecisionLogs({ projects }: { projects: Array<[id: string, name: string]> }) {
  if (!projects.length) return null;
  return (
    <section className="so-board-section" aria-labelledby="logs-title">
      <h2 id="logs-title">Decision logs</h2>
      <p className="muted">Every decision of a project&apos;s clients, dated, with the link it came through and their words: a PDF for your records.</p>
      <ul className="so-log-links" data-testid="decision-logs">
        {projects.map(([id, name]) => (
          <li key={id}>
            <a href={decisionLogHref(id)} data-testid="decision-log">
              Decision log of {name} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
