import { getFirmTimeZone } from '~/models/firm-settings.server';
import { StaleValues, VersionField, type ShownValue } from '~/components/record-version';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { useSubmittingIntent } from '~/components/form-intents';
import { PasswordCard } from '~/components/account/password-card';
import { SessionsCard } from '~/components/account/sessions-card';
import { listSessions } from '~/models/sessions.server';
import { Toast } from '~/components/toast';
import { IcalLinkCard } from '~/components/workspace/ical-link-card';
import { PageHeader } from '~/components/workspace/page-header';
import { planSummary } from '~/components/workspace/plan-status';
import { getFeedState } from '~/models/calendar.server';
import { getNotificationSettings } from '~/models/chat-book.server';
import { getStorageUsage } from '~/models/storage.server';
import { formatBytes, storagePercent } from '../../../server/contract/storage-rules';
import { useRootData } from '~/root';
import { calendarFeedAction, readFreshFeedUrl } from '~/routes/workspace.calendar/calendar-feed.server';
import { readFormData } from '~/utils/form-data.server';
import { chatBookSheets, teamSheets } from '~/styles/sheets';
import { FEED_INTENTS } from '../../../server/contract/calendar-rules';
import { NOTIFICATION_FLAGS, NOTIFICATION_LABELS } from '../../../server/contract/settings-rules';
import { settingAction } from './actions.server';
import { TimeZoneCard } from './time-zone-card';
import { timeZoneChoices, zoneOf } from '../../../server/contract/dates';
import { isFirmRole } from '../../../server/contract/vocabulary';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Setting') }, { name: 'description', content: 'Your password, signed-in devices, mail choices and calendar link.' }];
export const links: LinksFunction = () => [
  ...chatBookSheets,
  // The iCal card's own styles (team area).
  ...teamSheets,
];

const SETTING_PATH = '/workspace/setting';
const FEED_INTENT_VALUES: readonly string[] = Object.values(FEED_INTENTS);

/**
 * The signed-in person's Setting (docs/decisions/118): password change (current,
 * new, confirm; every other session ends), the signed-in devices (decision 332), the mails they want, the calendar feed card
 * (placed at merge), and for the firm its public profile (and, later, its subscription).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, [notifications, feed, storage, sessions]] = await guarded(
    requireWorkspaceUser(request),
    required(Promise.all([getNotificationSettings(request), getFeedState(request), getStorageUsage(request), listSessions(request)])),
  );
  const fresh = await readFreshFeedUrl(request);
  const isFirm = isFirmRole(user.role);
  // Who may change the zone reads it with its version (docs/decisions/320).
  const zoneSetting = isFirm || user.isSubAdmin ? await required(getFirmTimeZone(request)) : null;
  return json(
    {
      notifications,
      sessions: sessions.data.sessions,
      feed,
      storage,
      freshUrl: fresh.url,
      firm: isFirm ? { id: user.id, name: user.firmName ?? user.userName } : null,
      hasPassword: user.HasPassword,
      // The billing profile is the firm's and its sub-admins' (docs/decisions/256); so is its time zone (decision 265).
      canEditBilling: isFirm || user.isSubAdmin,
      timeZone: zoneSetting?.timeZone ?? zoneOf(user),
      timeZoneVersion: zoneSetting?.version ?? 0,
      timeZones: zoneSetting ? timeZoneChoices(zoneSetting.timeZone) : [],
    },
    { headers: fresh.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  // The iCal card's intents go to the calendar's shared handler (docs/decisions/112); it reads
  // no body of its own, so a clone keeps the request readable for the page's other forms.
  const intent = String((await readFormData(request.clone())).get('intent') ?? '');
  if (FEED_INTENT_VALUES.includes(intent)) return calendarFeedAction(request, intent, SETTING_PATH);
  return settingAction(request);
}

/** The mail choices as they now are after a save that lost to another tab's (docs/decisions/320). */
const NOTIFICATION_SHOWN: ShownValue[] = NOTIFICATION_FLAGS.map((flag) => ({ key: flag, label: NOTIFICATION_LABELS[flag].label, show: (on) => (on ? 'On' : 'Off') }));

export default function Setting() {
  const { notifications, feed, storage, freshUrl, firm, hasPassword, canEditBilling, timeZone, timeZoneVersion, timeZones, sessions } = useLoaderData<typeof loader>();
  // The firm's plan comes with the root's data, as for the sidebar's badge.
  const plan = useRootData()?.plan ?? null;
  const actionData = useActionData<typeof action>();
  const savingChoices = useSubmittingIntent('notifications');
  const failed = actionData && 'result' in actionData ? actionData : null;
  const staleChoices = failed?.intent === 'notifications' && failed.stale ? failed : null;

  return (
    <>
      <PageHeader title="Setting" description="Your password, signed-in devices, the mails you receive and your calendar feed." />
      <div className="cb-settings">
        <PasswordCard hasPassword={hasPassword} lastResult={failed?.intent === 'password' ? failed.result : undefined} />

        <SessionsCard sessions={sessions} />

        <section className="cb-card" aria-labelledby="mail-title" data-testid="notifications-card">
          <h2 id="mail-title">Mail notifications</h2>
          <Form method="post" className="cb-checks" data-testid="notifications-form">
            <VersionField read={notifications.version} actionData={staleChoices} />
            {staleChoices ? <FormErrors errors={staleChoices.result.error?.[''] ?? []} /> : null}
            <StaleValues actionData={staleChoices} fields={NOTIFICATION_SHOWN} id="notifications-stale" />
            {NOTIFICATION_FLAGS.map((flag) => (
              <label key={`${flag}:${staleChoices ? 'typed' : 'read'}`} className="cb-check">
                {/* After a save that lost to another tab's, the boxes keep what was ticked here (docs/decisions/320). */}
                <input type="checkbox" name={flag} defaultChecked={staleChoices ? staleChoices.result.initialValue?.[flag] === 'on' : notifications[flag]} />
                <span>
                  <span className="cb-check-label">{NOTIFICATION_LABELS[flag].label}</span>
                  <span className="cb-check-hint">{NOTIFICATION_LABELS[flag].hint}</span>
                </span>
              </label>
            ))}
            <PanelActions intent="notifications" busy={savingChoices} label="Save choices" busyLabel="Saving…" variant="ghost" testId="save-notifications" />
          </Form>
        </section>

        <IcalLinkCard feed={feed} freshUrl={freshUrl} />

        {timeZones.length ? <TimeZoneCard timeZone={timeZone} version={timeZoneVersion} choices={timeZones} lastResult={failed?.intent === 'timeZone' ? failed.result : null} actionData={failed?.intent === 'timeZone' ? failed : null} /> : null}

        <StorageCard usedBytes={storage.usedBytes} quotaBytes={storage.quotaBytes} />
        {canEditBilling ? (
          <section className="cb-card" aria-labelledby="billing-title" data-testid="billing-card">
            <h2 id="billing-title">Billing</h2>
            <p className="muted">Legal name, GSTIN, bank account, invoice numbering and GST rates for proposals and invoices.</p>
            <Link to="/workspace/setting/billing" className="button button-ghost" data-testid="billing-profile-link">
              Billing profile
            </Link>
          </section>
        ) : null}

        {firm ? (
          <section className="cb-card" aria-labelledby="firm-title" data-testid="firm-card">
            <h2 id="firm-title">Your firm</h2>
            <p className="muted">What visitors see of {firm.name} in the directory.</p>
            <Link to={`/firms/${firm.id}`} className="button button-ghost" data-testid="public-profile">
              View public profile
            </Link>
            {plan ? (
              <div className="cb-plan" data-testid="setting-plan">
                <h3>Subscription</h3>
                <p data-testid="setting-plan-state">{planSummary(plan)}</p>
                <Link to="/workspace/pricing" className="button button-ghost" data-testid="setting-pricing">
                  {plan.active ? 'See your plan' : 'See pricing'}
                </Link>
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
      <Toast toast={failed?.toast} />
    </>
  );
}

/** The firm's storage quota: used of total, with a bar; uploads past it are refused. */
function StorageCard({ usedBytes, quotaBytes }: { usedBytes: number; quotaBytes: number }) {
  const percent = storagePercent(usedBytes, quotaBytes);
  return (
    <section className="cb-card" aria-labelledby="storage-title" data-testid="storage-card">
      <h2 id="storage-title">Storage</h2>
      <p data-testid="storage-used">
        {formatBytes(usedBytes)} of {formatBytes(quotaBytes)} used
      </p>
      <progress className="cb-storage-bar" max={100} value={percent} aria-label={`Storage used: ${percent}%`} data-testid="storage-bar">
        {percent}%
      </progress>
      <p className="muted">Project, task and chat files of your firm, and uploads not yet saved. Past the limit, uploads are refused until files are deleted.</p>
    </section>
  );
}
