import { Form } from '@remix-run/react';
import { useSubmittingIntent } from '~/components/form-intents';
import { useTimeZone } from '~/utils/time-zone';
import { formatDateTime } from '../../../server/contract/dates';
import type { SessionJson } from '../../../server/contract/sessions';

/**
 * The signed-in devices of Setting (decision 332): each open session with its device, address and
 * last use, this one marked; a plain form per other device and one for all of them, so it works
 * without JavaScript. This device has no button here: Logout in the header signs it out.
 */
export function SessionsCard({ sessions }: { sessions: SessionJson[] }) {
  const zone = useTimeZone();
  const endingOne = useSubmittingIntent('endSession');
  const endingOthers = useSubmittingIntent('endOtherSessions');
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="cb-card" aria-labelledby="sessions-title" data-testid="sessions-card">
      <h2 id="sessions-title">Signed-in devices</h2>
      <p className="muted">Where your account is signed in now. A device you sign out here is signed out at its next page.</p>
      <ul className="account-sessions">
        {sessions.map((s) => {
          const lastUse = formatDateTime(s.lastUsedAt ?? s.createdAt, zone);
          return (
            <li key={s.id} className="account-session" data-testid="session-row" data-current={s.current ? 'true' : undefined}>
              <div className="account-session-text">
                <p className="account-session-device">
                  <strong>{s.device}</strong>
                  {s.current ? (
                    <span className="account-session-here" data-testid="this-device">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="muted account-session-meta">
                  <span>{s.address ?? 'Address not recorded'}</span> · <span>Last used {lastUse}</span> · <span>Signed in {formatDateTime(s.createdAt, zone)}</span>
                </p>
              </div>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button type="submit" name="intent" value="endSession" className="button button-ghost" aria-label={`Sign out ${s.device}, last used ${lastUse}`} disabled={endingOne} data-testid="end-session">
                    Sign out
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others ? (
        <Form method="post">
          <button type="submit" name="intent" value="endOtherSessions" className="button button-danger" disabled={endingOthers} data-testid="end-other-sessions">
            {endingOthers ? 'Signing out…' : 'Sign out all other devices'}
          </button>
        </Form>
      ) : (
        <p className="muted" data-testid="no-other-sessions">
          No other device is signed in.
        </p>
      )}
    </section>
  );
}
