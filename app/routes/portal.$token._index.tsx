import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useParams } from '@remix-run/react';
import { PortalError, PortalFrame } from '~/components/portal/frame';
import { portalFeeProposalPath, portalFilePath, portalInvoicePath, provePath } from '~/components/portal/paths';
import { portalMeta } from '~/components/portal/meta';
import { getPortal } from '~/models/portal.server';
import { required } from '~/utils/form-action.server';
import portalStyles from '~/styles/portal.css';
import { formatCalendarDay, formatDay } from '../../server/contract/dates';
import { formatPaise } from '../../server/contract/money-text';
import { INVOICE_STATUS_LABELS } from '../../server/contract/invoices-rules';
import type { PortalOverview } from '../../server/contract/portal';
import { FEE_PROPOSAL_STATUS_LABELS } from '../../server/contract/fee-proposals';
import { formatBytes } from '../../server/contract/files-rules';

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: portalStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  portalMeta(matches, data ? { firm: data.firm, title: `Your page with ${data.firm.name}`, description: `Schedules to approve, invoices and receipts from ${data.firm.name}, in one place.`, path: `/portal/${params.token ?? ''}` } : null);

/**
 * The client's portal (docs/decisions/390): everything the firm shares with this contact, across
 * projects, at one personal address. No account: the token is the key; a decision or a payment
 * note asks for a code mailed to the contact first. Plain links and forms: it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const data = await required(getPortal(request, params.token ?? ''));
  return json(data, { headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' } });
}

function Schedules({ schedules }: { schedules: PortalOverview['schedules'] }) {
  if (!schedules.length) return null;
  return (
    <section className="portal-card" aria-labelledby="to-approve">
      <h2 id="to-approve">To approve</h2>
      <ul className="portal-list">
        {schedules.map((s) => {
          const open = s.sections - s.approved - s.rejected;
          return (
            <li key={s.id} className="portal-item" data-testid="portal-schedule">
              <div className="portal-item-head">
                <strong>{s.title}</strong>
                <span className="portal-muted">{s.projectName}</span>
              </div>
              <p className="portal-muted">
                {s.approved} of {s.sections} approved{s.rejected ? `, ${s.rejected} to change` : ''}
                {open > 0 ? `, ${open} waiting for you` : ''}
              </p>
              {s.path ? (
                <Link to={s.path} className="button button-primary">
                  Open {s.title}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Fee proposals (docs/decisions/421): the one waiting for an answer first, then those answered. */
function FeeProposals({ proposals, token, timeZone }: { proposals: PortalOverview["feeProposals"]; token: string; timeZone: string }) {
  if (!proposals.length) return null;
  return (
    <section className="portal-card" aria-labelledby="fee-proposals">
      <h2 id="fee-proposals">Fee proposals</h2>
      <ul className="portal-list">
        {proposals.map((p) => (
          <li key={p.id} className="portal-item" data-testid="portal-fee-proposal">
            <div className="portal-item-head">
              <strong>
                {p.projectName}, version {p.version}
              </strong>
              <span className="portal-status" data-status={p.status}>
                {p.status === 'pending' ? 'Waiting for you' : FEE_PROPOSAL_STATUS_LABELS[p.status]}
              </span>
            </div>
            <p className="portal-muted">
              Shared {formatDay(p.sharedAt, timeZone)}
              {p.decidedAt ? ` · ${p.status === 'accepted' ? 'accepted' : 'declined'} ${formatDay(p.decidedAt, timeZone)}` : ''}
              {p.fee !== null ? (
                <>
                  {' '}
                  · fee <span className="portal-amount">{formatPaise(p.fee)}</span>
                </>
              ) : null}
            </p>
            <Link to={portalFeeProposalPath(token, p.id)} className={p.status === 'pending' ? 'button button-primary' : 'button button-secondary'}>
              {p.status === 'pending' ? 'Read and answer' : 'See'}
              <span className="visually-hidden">
                {' '}
                the fee proposal for {p.projectName}, version {p.version}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Files the firm chose to share (docs/decisions/422): plain download links. */
function Files({ files, token }: { files: PortalOverview['files']; token: string }) {
  if (!files.length) return null;
  return (
    <section className="portal-card" aria-labelledby="files">
      <h2 id="files">Files</h2>
      <ul className="portal-list">
        {files.map((f) => (
          <li key={f.id} className="portal-item" data-testid="portal-file">
            <div className="portal-item-head">
              <strong>{f.fileName}</strong>
              <span className="portal-muted">{f.projectName}</span>
            </div>
            <a href={portalFilePath(token, f.id)} className="button button-secondary" download>
              Download<span className="visually-hidden"> {f.fileName}</span> ({formatBytes(f.size)})
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Invoices({ invoices, token }: { invoices: PortalOverview['invoices']; token: string }) {
  if (!invoices.length) return null;
  return (
    <section className="portal-card" aria-labelledby="invoices">
      <h2 id="invoices">Invoices</h2>
      <ul className="portal-list">
        {invoices.map((i) => {
          const status = i.overdue ? 'overdue' : i.status;
          return (
            <li key={i.id} className="portal-item" data-testid="portal-invoice">
              <div className="portal-item-head">
                <strong>
                  {i.kind === 'credit-note' ? 'Credit note' : 'Invoice'} {i.number}
                </strong>
                <span className="portal-status" data-status={status}>
                  {i.overdue ? 'Overdue' : (INVOICE_STATUS_LABELS[i.status as keyof typeof INVOICE_STATUS_LABELS] ?? i.status)}
                </span>
              </div>
              <p className="portal-muted">
                {formatCalendarDay(i.issueDate)}
                {i.projectName ? ` · ${i.projectName}` : ''}
              </p>
              <p>
                <span className="portal-amount">{formatPaise(i.total)}</span>
                {i.outstanding ? (
                  <>
                    {' '}
                    · <span className="portal-amount">{formatPaise(i.outstanding)}</span> to pay
                  </>
                ) : null}
                {i.pendingNotes ? ' · your payment is being confirmed' : ''}
              </p>
              <Link to={portalInvoicePath(token, i.id)} className="button button-secondary">
                {i.outstanding ? 'See and pay' : 'See'}
                <span className="visually-hidden">
                  {' '}
                  {i.kind === 'credit-note' ? 'credit note' : 'invoice'} {i.number}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function Portal() {
  const data = useLoaderData<typeof loader>();
  const token = useParams().token ?? '';
  const nothing = !data.schedules.length && !data.invoices.length && !data.feeProposals.length && !data.files.length;
  return (
    <PortalFrame firmName={data.firm.name}>
      <div>
        <p className="portal-muted">Your page with {data.firm.name}</p>
        <h1>Hello {data.client.name}</h1>
      </div>
      {data.locked ? (
        <div className="portal-card" data-testid="portal-locked">
          <p>It has been a while: please confirm it is you. We send a code to {data.client.maskedEmail}.</p>
          <Link to={provePath(token)} className="button button-primary">
            Confirm it is me
          </Link>
        </div>
      ) : !data.proven ? (
        <p className="portal-muted" data-testid="portal-unproven">
          Before you approve or tell {data.firm.name} of a payment, we send a code to {data.client.maskedEmail}. <Link to={provePath(token)}>Confirm it is me now</Link>
        </p>
      ) : null}
      <Schedules schedules={data.schedules} />
      <FeeProposals proposals={data.feeProposals} token={token} timeZone={data.firm.timeZone} />
      <Invoices invoices={data.invoices} token={token} />
      <Files files={data.files} token={token} />
      {nothing && !data.locked ? <p className="portal-card">{data.firm.name} has not shared anything with you yet.</p> : null}
      <footer className="portal-muted">
        Questions? {data.firm.email ? <a href={`mailto:${data.firm.email}`}>{data.firm.email}</a> : null}
        {data.firm.phone ? <> · <a href={`tel:${data.firm.phone.replace(/[^\d+]/g, '')}`}>{data.firm.phone}</a></> : null}
      </footer>
    </PortalFrame>
  );
}

export const ErrorBoundary = PortalError;
