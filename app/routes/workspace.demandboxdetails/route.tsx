import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Dialog, keepDataForDialogs, useDialogHref, useOpenDialog } from '~/components/dialog';
import { Icon } from '~/components/icon';
import type { SubmissionResult } from '@conform-to/react';
import { Toast, type ToastData } from '~/components/toast';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { CONTROL_ICONS } from '~/components/workspace/icons';
import { getLead, sendLeadMessage } from '~/models/leads.server';
import { formatDateTime } from '../../../server/contract/dates';
import { readFormData } from '~/utils/form-data.server';
import { invariantResponse } from '~/utils/invariant.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { leadSheets } from '~/styles/sheets';
import { LEAD_MESSAGES, LeadMessageBody, type Lead, type LeadMessage } from '../../../server/contract/leads';
import { leadActions } from '../workspace.demandbox/actions.server';
import { HandledToggle, LeadMenu, leadHref, ReleaseButton } from '../workspace.demandbox/lead-controls';
import { MessageForm } from './message-form';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { useTimeZone } from '~/utils/time-zone';
import { submitForm, required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `Enquiry from ${data.lead.name}` : 'Enquiry') }, { name: 'description', content: 'An enquiry, its contact details and its thread.' }];
export const links: LinksFunction = () => leadSheets;

const idOf = (request: Request) => new URL(request.url).searchParams.get('id') ?? '';

/**
 * One lead (screen 12's demandboxdetails, `?id=` as the spec's route has no id segment): the
 * enquiry, the contact details and the thread of mails the firm sent, a back arrow to the demand
 * box. New Message (`?dialog=message`, the page itself without JavaScript) sends a real mail from
 * the firm's name, answered at the firm's email, and adds it to the thread. Opening it marks it read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = idOf(request);
  invariantResponse(id, LEAD_MESSAGES.notFound, 404);
  const [, data] = await guarded(
    requireWorkspaceUser(request),
    required(getLead(request, id)),
  );
  return json(data);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const formData = await readFormData(request);
  return leadActions(request, formData, { message: () => sendMessage(request, formData) });
}

async function sendMessage(request: Request, formData: FormData) {
  const id = idOf(request);
  return submitForm(formData, {
    schema: LeadMessageBody,
    intent: 'message',
    failure: { fields: ['to', 'cc', 'bcc', 'subject', 'message'], serverFailure: LEAD_MESSAGES.sendFailed },
    send: ({ to, cc, bcc, subject, message }) => sendLeadMessage(request, id, { to: to.join(', '), cc: cc.join(', '), bcc: bcc.join(', '), subject, message }),
    done: () => redirectWithSuccess(leadHref(id), LEAD_MESSAGES.messageSent),
  });
}

export const shouldRevalidate = keepDataForDialogs;

export default function LeadDetails() {
  const { lead, messages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const dialog = useOpenDialog();
  const dialogHref = useDialogHref();
  const confirm = useConfirm();
  const zone = useTimeZone();
  const failed = actionData && typeof actionData === 'object' && 'result' in actionData ? (actionData as { result: SubmissionResult<string[]>; toast: ToastData | null }) : null;
  return (
    <>
      <header className="page-head ws-page-head lead-head">
        <div className="lead-head-title">
          <Link to="/workspace/demandbox" className="lead-icon-button lead-back" aria-label="Back to the demand box" title="Back to the demand box" data-testid="back-to-demandbox">
            <Icon d={CONTROL_ICONS.back} size={20} />
          </Link>
          <div>
            <h1>{lead.name}</h1>
            <p className="muted">
              {lead.projectTypeLabel} · {formatDateTime(lead.createdAt, zone)}
              {lead.isArchived ? ' · Archived' : ''}
              {lead.isHeld ? ' · Held' : ''}
            </p>
          </div>
        </div>
        <div className="ws-page-actions lead-head-actions">
          {lead.isHeld ? <ReleaseButton lead={lead} /> : null}
          {/* A div: the toggle is a form, which HTML does not allow inside a span. */}
          <div className="lead-handled-label">
            <HandledToggle lead={lead} />
            Handled
          </div>
          <Link to={dialogHref('message')} preventScrollReset className="button button-primary" data-testid="new-message">
            New Message
          </Link>
          <LeadMenu lead={lead} deleteHref={confirm.href(lead.id)} />
        </div>
      </header>
      <div className="lead-layout">
        <section className="lead-thread" aria-label="Thread" data-testid="lead-thread">
          <EnquiryCard lead={lead} />
          {messages.map((m) => (
            <ThreadMessage key={m.id} message={m} />
          ))}
          {messages.length === 0 ? <p className="muted lead-thread-empty">No reply yet. Use New Message to write to {lead.name}.</p> : null}
        </section>
        <ContactCard lead={lead} />
      </div>
      {dialog === 'message' ? (
        <Dialog title="New Message" closeTo={dialogHref(null)} testId="message-dialog">
          <MessageForm to={lead.email} subject={`Re: Your enquiry (${lead.projectTypeLabel})`} lastResult={failed?.result} closeTo={dialogHref(null)} />
        </Dialog>
      ) : null}
      {confirm.id === lead.id ? <ConfirmDelete what="enquiry" id={lead.id} name={`${lead.name} (${lead.email})`} closeTo={confirm.closeTo} note="Its thread is deleted with it." /> : null}
      <Toast toast={failed?.toast} />
    </>
  );
}

function EnquiryCard({ lead }: { lead: Lead }) {
  const zone = useTimeZone();
  return (
    <article className="lead-message lead-message-in" data-testid="lead-enquiry">
      <header>
        <strong>{lead.name}</strong>
        <span className="muted">sent an enquiry{lead.project ? <> from <Link to={`/explore/${lead.project.id}`}>{lead.project.projectName}</Link></> : null}</span>
        <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt, zone)}</time>
      </header>
      <p className="lead-body">{lead.message}</p>
    </article>
  );
}

function ThreadMessage({ message }: { message: LeadMessage }) {
  const zone = useTimeZone();
  const line = (label: string, list: string[]) =>
    list.length ? (
      <div>
        <dt>{label}</dt>
        <dd>{list.join(', ')}</dd>
      </div>
    ) : null;
  return (
    <article className="lead-message lead-message-out" data-testid="thread-message">
      <header>
        <strong>{message.subject}</strong>
        <span className="muted">{message.author ? `by ${message.author.name}` : ''}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, zone)}</time>
      </header>
      <dl className="lead-recipients">
        {line('To', message.to)}
        {line('Cc', message.cc)}
        {line('Bcc', message.bcc)}
      </dl>
      <p className="lead-body">{message.message}</p>
    </article>
  );
}

function ContactCard({ lead }: { lead: Lead }) {
  return (
    <aside className="card lead-contact" aria-label="Contact details" data-testid="lead-contact">
      <h2>Contact details</h2>
      <dl>
        <div>
          <dt>Name</dt>
          <dd>{lead.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          {/* A client's decision on an approval link comes without an address. */}
          <dd>{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : <span className="muted">Not given</span>}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{lead.phone ? <a href={`tel:${lead.phone}`}>{lead.phone}</a> : <span className="muted">Not given</span>}</dd>
        </div>
        <div>
          <dt>Project type</dt>
          <dd>{lead.projectTypeLabel}</dd>
        </div>
        {lead.project ? (
          <div>
            <dt>Sent from</dt>
            <dd>
              <Link to={`/explore/${lead.project.id}`}>{lead.project.projectName}</Link>
            </dd>
          </div>
        ) : null}
      </dl>
    </aside>
  );
}
