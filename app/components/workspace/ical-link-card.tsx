import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { formatDay } from '../../../server/contract/dates';
import { FEED_INTENTS as INTENTS } from '../../../server/contract/calendar-rules';
import { useTimeZone } from '~/utils/time-zone';


/**
 * The private iCal link (docs/decisions/112), for the Calendar and the Setting pages: whether the
 * person has a link, the new link right after Renew (shown once: only its hash is kept), Renew
 * (a new link; the old one stops) and Revoke. Its forms post `intent` to `action` (the page's own
 * action by default), whose action calls `calendarFeedAction`.
 */
export function IcalLinkCard({ feed, freshUrl, action }: { feed: { active: boolean; createdAt: string | null }; freshUrl: string | null; action?: string }) {
  const zone = useTimeZone();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && String(navigation.formData?.get('intent') ?? '').endsWith('-feed');
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <section className="ws-ical" aria-labelledby="ical-title" data-testid="ical-card">
      <div className="ws-ical-text">
        <h2 id="ical-title">Calendar feed</h2>
        {freshUrl ? (
          <>
            <p>Add this private address to Google Calendar, Apple Calendar or Outlook (“subscribe from URL”). Copy it now: it is shown only once.</p>
            <div className="ws-ical-url">
              <input readOnly value={freshUrl} aria-label="Private calendar address" onFocus={(e) => e.currentTarget.select()} data-testid="ical-url" />
              {hydrated ? (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    void navigator.clipboard?.writeText(freshUrl).then(() => setCopied(true));
                  }}
                >
                  {copied ? 'Copied' : 'Copy'}
                </button>
              ) : null}
            </div>
          </>
        ) : feed.active ? (
          <p>
            Your private feed link is active{feed.createdAt ? ` since ${formatDay(feed.createdAt, zone)}` : ''}. Lost it? Renew to get a new one; the old link stops
            working.
          </p>
        ) : (
          <p>Follow your task due dates and schedules in your own calendar app with a private link.</p>
        )}
      </div>
      <div className="ws-ical-actions">
        <Form method="post" action={action} className="ws-inline-form">
          <button type="submit" name="intent" value={INTENTS.renew} className="button button-primary button-small" disabled={busy} data-testid="renew-ical">
            {feed.active || freshUrl ? 'Renew link' : 'Create link'}
          </button>
        </Form>
        {feed.active || freshUrl ? (
          <Form method="post" action={action} className="ws-inline-form">
            <button type="submit" name="intent" value={INTENTS.revoke} className="button button-ghost button-small" disabled={busy} data-testid="revoke-ical">
              Revoke
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
