import { Form } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { Timer } from '../../../server/contract/time';
import { formatTime, dateParts } from '../../../server/contract/dates';
import { formatMinutes } from '../../../server/contract/time-rules';
import { useTimeZone } from '~/utils/time-zone';

/**
 * The person's running timer (docs/decisions/373): the timer itself is the server's, started and
 * stopped by plain forms, so it works without JavaScript; with JavaScript the time it has run is
 * shown ticking. The only script is this clock.
 */
export function RunningTimer({ timer, week }: { timer: Timer; week?: string }) {
  const zone = useTimeZone();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(id);
  }, []);
  const ran = now === null ? null : Math.max(0, Math.floor((now - Date.parse(timer.startedAt)) / 60_000));
  return (
    <Form method="post" className="time-timer" data-testid="running-timer">
      {week ? <input type="hidden" name="week" value={week} /> : null}
      <p>
        Timer running on <strong>{timer.projectName}</strong> since {formatTime(dateParts(timer.startedAt, zone))}
        {ran !== null ? <span aria-live="off"> · {formatMinutes(ran)} h</span> : null}
        {timer.note ? <span className="so-sub">{timer.note}</span> : null}
      </p>
      <button type="submit" name="intent" value="stop" className="button button-primary" data-testid="stop-timer">
        Stop and record
      </button>
    </Form>
  );
}
