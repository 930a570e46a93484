import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { PageHeader } from '~/components/workspace/page-header';
import { getContactPortal, mailPortal, openPortal, revokePortal, sharePortalFile, sharePortalSchedule, unsharePortalFile } from '~/models/portal.server';
import { PaymentNotes } from '~/components/portal/payment-notes';
import { paymentNoteIntents } from '~/utils/payment-note-intents.server';
import { env } from '~/utils/env.server';
import { readFormData } from '~/utils/form-data.server';
import { redirectAfter, required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { dispatchIntent } from '~/utils/intent.server';
import { pageTitle } from '~/utils/product';
import ordersStyles from '~/styles/purchase-orders.css';
import outputStyles from '~/styles/summary-output.css';
import { formatDateTime } from '../../../server/contract/dates';
import { formatPaise } from '../../../server/contract/money-text';
import { PORTAL_MESSAGES as M, whatsAppLink, type FirmPortal } from '../../../server/contract/portal';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Client portal — ${data.portal.contact.name}` : 'Client portal') },
  { name: 'description', content: "A client's own page: what the firm shares with them, what they opened, decided and said they paid." },
];

const here = (contactId: string) => `/workspace/address-book/${encodeURIComponent(contactId)}/portal`;

/**
 * A contact's client portal, the firm's side (docs/decisions/390–392): make it, give its address
 * by mail or WhatsApp, share schedules, see what the client opened, and confirm or decline what
 * they say they paid. Every form posts and redirects back: it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const portal = await required(getContactPortal(request, params.contactId ?? ''));
  return json({ portal, origin: env.PUBLIC_URL.replace(/\/+$/, '') });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const id = params.contactId ?? '';
  const formData = await readFormData(request);
  const back = here(id);
  return dispatchIntent(formData, {
    open: () => redirectAfter(openPortal(request, id), back, (r) => r.message),
    revoke: () => redirectAfter(revokePortal(request, id), back, (r) => r.message),
    mail: () => redirectAfter(mailPortal(request, id), back, (r) => r.message),
    share: (f) => redirectAfter(sharePortalSchedule(request, id, String(f.get('scheduleId') ?? '')), back, (r) => r.message),
    'share-file': (f) => redirectAfter(sharePortalFile(request, id, String(f.get('fileId') ?? '')), back, (r) => r.message),
    'unshare-file': (f) => redirectAfter(unsharePortalFile(request, id, String(f.get('fileId') ?? '')), back, (r) => r.message),
    ...paymentNoteIntents(request, back),
  });
}

const opened = (item: { firstOpenedAt: string | null; lastOpenedAt: string | null }) =>
  item.firstOpenedAt ? `First ${formatDateTime(item.firstOpenedAt)}${item.lastOpenedAt && item.lastOpenedAt !== item.firstOpenedAt ? `, last ${formatDateTime(item.lastOpenedAt)}` : ''}` : 'Not opened yet';

function Address({ data, url }: { data: FirmPortal; url: string }) {
  const text = `Hello ${data.contact.name}, your schedules to approve and your invoices are on one page: ${url}`;
  return (
    <section className="po-card" aria-labelledby="portal-address">
      <h2 id="portal-address">The client’s address</h2>
      <label htmlFor="portal-url">Link (the client’s own: send it to them alone)</label>
      <input id="portal-url" readOnly value={url} className="po-input" data-testid="portal-url" />
      <p className="po-note">Opened: {data.portal ? opened(data.portal) : 'never'}</p>
      <div className="po-actions">
        <Form method="post">
          <button type="submit" name="intent" value="mail" className="button button-secondary">
            Mail it to {data.contact.email}
          </button>
        </Form>
        {data.contact.phone ? (
          <a href={whatsAppLink(data.contact.phone, text)} className="button button-secondary" data-testid="portal-whatsapp" target="_blank" rel="noreferrer">
            Send on WhatsApp
          </a>
        ) : null}
        <Form method="post">
          <button type="submit" name="intent" value="revoke" className="button button-danger">
            Revoke the link
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Chosen project files the client may download (docs/decisions/422): only those listed here. */
function Files({ data }: { data: FirmPortal }) {
  return (
    <section className="po-card" aria-labelledby="portal-files">
      <h2 id="portal-files">Files shared with the client</h2>
      {data.files.length ? (
        <ul className="po-list">
          {data.files.map((f) => (
            <li key={f.id} data-testid="portal-shared-file">
              <strong>{f.fileName}</strong> ({f.projectName}), shared {formatDateTime(f.sharedAt)}.{' '}
              <Form method="post" className="po-inline-form">
                <input type="hidden" name="fileId" value={f.id} />
                <button type="submit" name="intent" value="unshare-file" className="button button-secondary" aria-label={`Stop sharing ${f.fileName}`}>
                  Stop sharing
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="po-note">None yet. Share drawings or renders from the projects’ files: the client sees only those chosen here.</p>
      )}
      {data.shareableFiles.length ? (
        <Form method="post" className="po-inline-form">
          <label htmlFor="portal-file">Share a file</label>
          <select id="portal-file" name="fileId" className="po-input">
            {data.shareableFiles.map((f) => (
              <option key={f.id} value={f.id}>
                {f.fileName} ({f.projectName})
              </option>
            ))}
          </select>
          <button type="submit" name="intent" value="share-file" className="button button-secondary">
            Share file
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export default function ContactPortal() {
  const { portal: data, origin } = useLoaderData<typeof loader>();
  const open = data.portal && !data.portal.revokedAt ? data.portal : null;
  return (
    <>
      <PageHeader title={`Client portal — ${data.contact.name}`} description="One page for the client: schedules to approve, invoices to pay, receipts. No password; a code by mail before anything that commits." />
      <div className="po-page">
        <p>
          <Link to="/workspace/address-book">← Address Book</Link>
        </p>
        {open?.path ? (
          <Address data={data} url={`${origin}${open.path}`} />
        ) : (
          <section className="po-card">
            {data.portal?.revokedAt ? <p>The last link was revoked on {formatDateTime(data.portal.revokedAt)}: it no longer opens.</p> : <p>{data.contact.name} has no portal yet.</p>}
            {data.contact.email ? (
              <Form method="post">
                <button type="submit" name="intent" value="open" className="button button-primary">
                  Make the client portal
                </button>
              </Form>
            ) : (
              <p className="po-note">{M.noEmail}</p>
            )}
          </section>
        )}
        <PaymentNotes notes={data.notes} />
        {open ? (
          <section className="po-card" aria-labelledby="portal-schedules">
            <h2 id="portal-schedules">Schedules shared for approval</h2>
            {data.schedules.length ? (
              <ul className="po-list">
                {data.schedules.map((s) => (
                  <li key={s.id} data-testid="portal-shared-schedule">
                    <strong>{s.title}</strong> ({s.projectName}): {s.approved} of {s.sections} approved{s.rejected ? `, ${s.rejected} rejected` : ''}. {opened(s)}.
                  </li>
                ))}
              </ul>
            ) : (
              <p className="po-note">None yet.</p>
            )}
            {data.shareable.length ? (
              <Form method="post" className="po-inline-form">
                <label htmlFor="portal-schedule">Share a schedule</label>
                <select id="portal-schedule" name="scheduleId" className="po-input">
                  {data.shareable.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title} ({s.projectName})
                    </option>
                  ))}
                </select>
                <button type="submit" name="intent" value="share" className="button button-secondary">
                  Share
                </button>
              </Form>
            ) : null}
          </section>
        ) : null}
        {open ? <Files data={data} /> : null}
        <section className="po-card" aria-labelledby="portal-invoices">
          <h2 id="portal-invoices">Invoices the client sees</h2>
          <p className="po-note">Every issued invoice and credit note billed to {data.contact.name}; drafts never.</p>
          {data.invoices.length ? (
            <ul className="po-list">
              {data.invoices.map((i) => (
                <li key={i.id}>
                  <Link to={`/workspace/invoices/${encodeURIComponent(i.id)}`}>{i.number}</Link> · {formatPaise(i.total)}
                  {i.outstanding ? `, ${formatPaise(i.outstanding)} owed` : ''}. {opened(i)}.
                </li>
              ))}
            </ul>
          ) : (
            <p className="po-note">None yet.</p>
          )}
        </section>
      </div>
    </>
  );
}
