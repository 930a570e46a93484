import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ListTable } from '~/components/data-table';
import { keepDataForDialogs } from '~/components/dialog';
import { Toast } from '~/components/toast';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { NewPanelLink, SidePanel, usePanel } from '~/components/workspace/side-panel';
import { CopyField } from '~/components/summary-output/copy-field';
import { getClientBoard, getShareLinkAddress } from '~/models/share-links.server';
import { formatDateTime, formatDay } from '../../../server/contract/dates';
import { ApiError } from '~/utils/api.server';
import { env } from '~/utils/env.server';
import { useTimeZone } from '~/utils/time-zone';
import { asErrorResponse } from '~/utils/form-action.server';
import outputStyles from '~/styles/summary-output.css';
import type { ShareLink } from '../../../server/contract/share-links';
import { SHARE_EXPIRY_DAYS, SHARE_EXPIRY_DEFAULT_DAYS, SHARE_MESSAGES } from '../../../server/contract/share-links-rules';
import { clientBoardAction } from './actions.server';
import { DecisionList, DecisionLogs, editorHref } from './decision-list';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Client Board') }, { name: 'description', content: 'Client approval links and the latest client decisions.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: outputStyles }];

/**
 * The Client Board (docs/decisions/106): every open client approval link and the latest client
 * decisions across the projects the viewer may see; "Share a schedule" (`?panel=new`, with
 * `&schedule={id}` chosen in advance, as the editor's Share button links) makes a link; "Copy
 * link" (`?copy={id}`, a plain link) gives an open link's address again (docs/decisions/296).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const copyId = new URL(request.url).searchParams.get('copy');
  const [{ data }, copy] = await Promise.all([
    getClientBoard(request).catch((error) => {
      throw asErrorResponse(error);
    }),
    copyId ? copyAddress(request, copyId) : null,
  ]);
  return json({ ...data, copy }, { headers: copy ? { 'Cache-Control': 'private, no-store' } : {} });
}

/** The address of `?copy=`, or why there is none (revoked, expired, made before links were kept, not the viewer's). */
async function copyAddress(request: Request, id: string) {
  // Not an id of any link: said at once, without asking the api for a path it would not route.
  if (!/^[\w-]{1,64}$/.test(id)) return { id, url: null, error: SHARE_MESSAGES.notCopyable };
  try {
    const { data } = await getShareLinkAddress(request, id);
    return { id, url: new URL(data.path, env.PUBLIC_URL).toString(), error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { id, url: null, error: error.message };
    throw asErrorResponse(error);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return clientBoardAction(request);
}

export const shouldRevalidate = keepDataForDialogs;

export default function ClientBoard() {
  const { links, revokedLinks, decisions, unread, schedules, copy } = useLoaderData<typeof loader>();
  const zone = useTimeZone();
  const actionData = useActionData<typeof action>();
  const panel = usePanel();
  const navigation = useNavigation();
  const created = actionData && 'created' in actionData ? actionData.created : null;
  const failure = actionData && 'result' in actionData ? actionData : null;
  const errors = (failure?.result.error ?? {}) as Record<string, string[] | null>;
  const preset = new URLSearchParams(panel.closeTo.split('?')[1] ?? '').get('schedule') ?? '';
  const byProject = new Map<string, { name: string; schedules: typeof schedules }>();
  for (const s of schedules) {
    const group = byProject.get(s.projectId) ?? { name: s.projectName, schedules: [] };
    group.schedules.push(s);
    byProject.set(s.projectId, group);
  }
  const shareButton = schedules.length ? <NewPanelLink testId="share-schedule">Share a schedule</NewPanelLink> : null;

  return (
    <>
      <PageHeader title="Client Board" description="Approval links you have sent to clients, and what they decided." actions={shareButton} />
      {created ? (
        <div className="so-created" role="status" data-testid="created-link">
          <p>
            <strong>Link created</strong> for {created.scheduleTitle} ({created.projectName}), valid until {formatDay(created.expiresAt, zone)}. {SHARE_MESSAGES.created.split('. ')[1]}
          </p>
          <CopyField label="Client link" value={created.url} />
        </div>
      ) : null}

      <DecisionList decisions={decisions} unread={unread} />
      <DecisionLogs projects={[...new Map([...decisions, ...schedules].map((p) => [p.projectId, p.projectName])).entries()]} />

      <section className="so-board-section" aria-labelledby="links-title">
        <h2 id="links-title">Open links</h2>
        {copy ? <CopyAgain copy={copy} link={links.find((l) => l.id === copy.id)} /> : null}
        {links.length ? (
          <ListTable label="Open links" testId="open-links" columns={['Client', 'Schedule', 'Expires', 'Last opened']} actions>
            {links.map((link) => (
              <tr key={link.id} data-testid="open-link">
                <ClientScheduleCells link={link} />
                <td data-label="Expires">{formatDay(link.expiresAt, zone)}</td>
                <td data-label="Last opened">{link.lastOpenedAt ? formatDateTime(link.lastOpenedAt, zone) : <span className="muted">Not yet</span>}</td>
                <td className="so-actions">
                  {link.copyable ? (
                    <Link
                      to={`?copy=${encodeURIComponent(link.id)}`}
                      preventScrollReset
                      className="button button-ghost"
                      aria-label={`Copy link for ${link.scheduleTitle}`}
                      data-testid="copy-link"
                    >
                      Copy link
                    </Link>
                  ) : null}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="id" value={link.id} />
                    <button type="submit" name="intent" value="revoke" className="button button-ghost so-revoke" aria-label={`Revoke the link for ${link.scheduleTitle}`}>
                      Revoke
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </ListTable>
        ) : (
          <EmptyState title="No open links" icon="clientBoard" action={shareButton}>
            Share a schedule with your client: they read it without an account and approve or reject each section.
          </EmptyState>
        )}
      </section>

      {revokedLinks.length ? (
        <section className="so-board-section" aria-labelledby="revoked-title">
          <h2 id="revoked-title">Revoked links</h2>
          <p className="field-hint">Links revoked in the last 30 days. A link is revoked by hand, or when the person who made it leaves the firm or the project.</p>
          <ListTable label="Revoked links" testId="revoked-links" columns={['Client', 'Schedule', 'Made by', 'Revoked']}>
            {revokedLinks.map((link) => (
              <tr key={link.id} data-testid="revoked-link">
                <ClientScheduleCells link={link} />
                <td data-label="Made by">{link.createdByName ?? <span className="muted">A former account</span>}</td>
                <td data-label="Revoked">
                  {link.revokedAt ? <time dateTime={link.revokedAt}>{formatDateTime(link.revokedAt, zone)}</time> : null}
                  <span className="so-sub" data-testid="revoked-why">
                    by {link.revokedByName ?? 'a former account'}
                    {link.revokeReason ? ` · ${link.revokeReason}` : ''}
                  </span>
                </td>
              </tr>
            ))}
          </ListTable>
        </section>
      ) : null}

      {panel.open === 'new' && schedules.length ? (
        <SidePanel title="Share a schedule" closeTo={panel.closeTo.replace(/[?&]schedule=[^&]*/, '')} testId="share-panel">
          <Form method="post" className="so-form" preventScrollReset>
            <div className="field">
              <label htmlFor="share-schedule">Schedule</label>
              <select id="share-schedule" name="scheduleId" defaultValue={preset} required aria-invalid={errors.scheduleId ? true : undefined}>
                <option value="" disabled>
                  Choose a schedule
                </option>
                {[...byProject.entries()].map(([projectId, group]) => (
                  <optgroup key={projectId} label={group.name}>
                    {group.schedules.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.title}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {errors.scheduleId ? <p className="field-errors">{errors.scheduleId[0]}</p> : null}
            </div>
            <div className="field">
              <label htmlFor="share-client">Client name</label>
              <input id="share-client" name="clientName" maxLength={120} placeholder="Who it is for, e.g. Mrs Rao" />
              {errors.clientName ? <p className="field-errors">{errors.clientName[0]}</p> : null}
            </div>
            <div className="field">
              <label htmlFor="share-expiry">Valid for</label>
              <select id="share-expiry" name="expiresInDays" defaultValue={String(SHARE_EXPIRY_DEFAULT_DAYS)}>
                {SHARE_EXPIRY_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {days} days
                  </option>
                ))}
              </select>
            </div>
            <p className="field-hint">The client sees the rooms, sections, items and client prices; never your trade prices, profit or markup.</p>
            <button type="submit" name="intent" value="share" className="button button-primary" disabled={navigation.state === 'submitting'}>
              {navigation.state === 'submitting' ? 'Creating…' : 'Create link'}
            </button>
          </Form>
        </SidePanel>
      ) : null}
      <Toast toast={failure?.toast} />
    </>
  );
}

/** Who a link is for and which schedule it shares (with its project): the first cells of both link tables. */
function ClientScheduleCells({ link }: { link: Pick<ShareLink, 'clientName' | 'projectId' | 'projectName' | 'scheduleId' | 'scheduleTitle'> }) {
  return (
    <>
      <td data-label="Client">{link.clientName || <span className="muted">Not named</span>}</td>
      <td data-label="Schedule">
        <Link to={editorHref(link.projectId, link.scheduleId)}>{link.scheduleTitle}</Link>
        <span className="so-sub">{link.projectName}</span>
      </td>
    </>
  );
}

type CopyState = { id: string; url: string | null; error: string | null };

/** "Copy link" answered: the open link's address in a copy field, or why it cannot be given. */
function CopyAgain({ copy, link }: { copy: CopyState; link?: { scheduleTitle: string; clientName: string } }) {
  if (!copy.url) {
    return (
      <p className="field-errors so-copy-again" role="alert" data-testid="copy-error">
        {copy.error}
      </p>
    );
  }
  return (
    <div className="so-created so-copy-again" role="status" data-testid="copied-link">
      <p>
        <strong>Link</strong>
        {link ? ` for ${link.scheduleTitle}${link.clientName ? ` (${link.clientName})` : ''}` : ''}: copy it and send it to your client.
      </p>
      <CopyField label="Client link" value={copy.url} id="so-copy-again" />
    </div>
  );
}
