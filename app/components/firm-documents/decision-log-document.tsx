import type { DecisionLog } from '../../../server/contract/client-decisions';
import { formatDateTime, formatDay, zoneOf } from '../../../server/contract/dates';
import { DOCUMENT_CSS } from './document-styles';

/**
 * A project's decision log for the firm's records (docs/decisions/413): every client decision,
 * oldest first, with its date and time in the firm's zone, who decided through which link, what
 * (an item or the whole section) and the client's own words. The firm's side only: prices are not
 * in it, so nothing of the firm's costs can be.
 */

const LOG_CSS = `${DOCUMENT_CSS}
.dl-decision{font-weight:700;white-space:nowrap}
.dl-approved{color:#1e6b34}
.dl-rejected{color:#9b2226}
.dl-comment{margin-top:2px;font-style:italic;white-space:pre-line}
.dl-when{white-space:nowrap}
`;

/** The link a decision came through, as the log names it. */
const linkText = (link: DecisionLog['entries'][number]['link'], zone: string) =>
  `${link.viaPortal ? 'Client portal' : 'Approval link'}${link.clientName ? ` for ${link.clientName}` : ''}, made ${formatDay(link.createdAt, zone)}${link.createdByName ? ` by ${link.createdByName}` : ''} (…${link.id.slice(-6)})`;

export function DecisionLogDocument({ data }: { data: DecisionLog }) {
  const zone = zoneOf(data.firm);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`Decision log — ${data.project.name}`}</title>
        <style dangerouslySetInnerHTML={{ __html: LOG_CSS }} />
      </head>
      <body>
        <header className="doc-head">
          <div className="doc-firm">
            <div className="doc-firm-name">{data.firm.name}</div>
          </div>
          <div className="doc-meta">
            <div className="doc-kind">Decision log</div>
            <div>Project: {data.project.name}</div>
            <div>As of {formatDateTime(data.asOf, zone)}</div>
          </div>
        </header>
        {data.entries.length ? (
          <table className="doc-lines">
            <thead>
              <tr>
                <th>When</th>
                <th>What</th>
                <th>Decision</th>
                <th>Who, through which link</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id}>
                  <td className="dl-when">{formatDateTime(e.createdAt, zone)}</td>
                  <td>
                    <div className="doc-item-title">{e.itemName ?? `${e.sectionName} (whole section)`}</div>
                    <div className="doc-item-desc">
                      {e.itemName ? `${e.sectionName} · ` : ''}
                      {e.scheduleTitle}
                    </div>
                    {e.comment ? <div className="dl-comment">“{e.comment}”</div> : null}
                  </td>
                  <td className={`dl-decision dl-${e.decision}`}>{e.decision === 'approved' ? 'Approved' : 'Rejected'}</td>
                  <td>{linkText(e.link, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="doc-empty">No client decisions yet.</p>
        )}
      </body>
    </html>
  );
}
