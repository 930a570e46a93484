import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IcalLinkCard } from '~/components/workspace/ical-link-card';
import { PageHeader } from '~/components/workspace/page-header';
import { getCalendar } from '~/models/calendar.server';
import { formatCalendarDay, monthName, zoneOf } from '../../../server/contract/dates';
import { calendarFeedAction, readFreshFeedUrl } from './calendar-feed.server';
import { readFormData } from '~/utils/form-data.server';
import { monthGrid, monthKey, parseDay, parseMonth, shiftMonth, todayIn } from '../../../server/contract/calendar-rules';
import { teamSheets } from '~/styles/sheets';
import type { CalendarEvent } from '../../../server/contract/calendar';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Calendar') }, { name: 'description', content: 'Task due dates and schedule dates by month.' }];
export const links: LinksFunction = () => teamSheets;

const CALENDAR_PATH = '/workspace/calendar';
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const PER_DAY = 3;

/**
 * The workspace calendar (DESIGN.md section 9; docs/decisions/112): a month grid rendered on the
 * server (previous, next, today by links: `?month=YYYY-MM`) of the viewer's task due dates and
 * the schedules of its projects; on a phone, dots in the grid and the month's list below it. The
 * private iCal link card sits under it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // A day opened (`?day=YYYY-MM-DD`) shows its month with that day's whole list.
  const day = parseDay(params.get('day'));
  const month = day ? day.slice(0, 7) : params.get('month');
  const [user, calendar] = await guarded(
    requireWorkspaceUser(request),
    required(getCalendar(request, parseMonth(month) ? month : null)),
  );
  const fresh = await readFreshFeedUrl(request);
  return json({ ...calendar, day, freshUrl: fresh.url, today: todayIn(zoneOf(user)).day }, { headers: fresh.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const formData = await readFormData(request);
  return calendarFeedAction(request, String(formData.get('intent') ?? ''), CALENDAR_PATH);
}

const eventHref = (event: CalendarEvent) =>
  event.kind === 'task' ? '/workspace/taskboard' : `/workspace/project/schedules/summary-financial/${event.projectId}?schedule=${event.id}`;

const dayLabel = (day: string) => formatCalendarDay(day);
const dayHref = (day: string) => `${CALENDAR_PATH}?day=${day}`;
/** What a chip says in full: its cut text in the grid, on hover (title) and to a screen reader. */
const eventText = (event: CalendarEvent) => (event.kind === 'task' ? `Task due: ${event.title}` : `Schedule: ${event.title}`);

export default function Calendar() {
  const { month: key, events, feed, freshUrl, today, day: openDay } = useLoaderData<typeof loader>();
  const month = parseMonth(key)!;
  const { weeks } = monthGrid(month);
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) byDay.set(event.date, [...(byDay.get(event.date) ?? []), event]);
  const title = `${FULL_MONTHS[monthName(month.month)] ?? ''} ${month.year}`;
  const monthEvents = events.filter((e) => e.date.startsWith(key));
  // The firm's today (decision 265), as the loader saw it: server and browser draw the same grid.
  const thisMonth = parseMonth(today.slice(0, 7))!;
  return (
    <>
      <PageHeader title="Calendar" description="Task due dates and schedules of your projects." />
      <section className="ws-calendar" aria-labelledby="calendar-month" data-testid="calendar">
        <header className="ws-calendar-head">
          <h2 id="calendar-month" data-testid="calendar-month">
            {title}
          </h2>
          <nav className="ws-calendar-nav" aria-label="Months">
            <Link to={`${CALENDAR_PATH}?month=${monthKey(shiftMonth(month, -1))}`} className="button button-ghost button-small" aria-label="Prev: previous month" data-testid="prev-month">
              ‹ Prev
            </Link>
            <Link to={`${CALENDAR_PATH}?month=${monthKey(thisMonth)}`} className="button button-ghost button-small" data-testid="this-month">
              Today
            </Link>
            <Link to={`${CALENDAR_PATH}?month=${monthKey(shiftMonth(month, 1))}`} className="button button-ghost button-small" aria-label="Next: next month" data-testid="next-month">
              Next ›
            </Link>
          </nav>
        </header>
        <table className="ws-month">
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const list = byDay.get(day) ?? [];
                  const outside = !day.startsWith(key);
                  return (
                    <td key={day} className={`ws-day${outside ? ' is-outside' : ''}${day === today ? ' is-today' : ''}`} data-day={day}>
                      <Link to={dayHref(day)} className="ws-day-number" aria-label={`${dayLabel(day)}${list.length ? `, ${list.length} ${list.length === 1 ? 'event' : 'events'}` : ''}`} preventScrollReset data-testid="open-day">
                        {Number(day.slice(8))}
                      </Link>
                      {list.length ? (
                        <ul className="ws-day-events">
                          {list.slice(0, PER_DAY).map((event) => (
                            <li key={`${event.kind}-${event.id}`}>
                              <Link
                                to={eventHref(event)}
                                className={`ws-event ws-event-${event.kind} ws-event-${event.status ?? 'schedule'}`}
                                title={`${eventText(event)} — ${event.detail}`}
                                aria-label={`${eventText(event)} — ${event.detail}`}
                                data-testid="calendar-event"
                              >
                                <span className="ws-event-dot" aria-hidden="true" />
                                <span className="ws-event-text">
                                  {event.kind === 'task' ? 'Due: ' : ''}
                                  {event.title}
                                </span>
                              </Link>
                            </li>
                          ))}
                          {list.length > PER_DAY ? (
                            <li className="ws-day-more">
                              <Link to={dayHref(day)} preventScrollReset>
                                +{list.length - PER_DAY} more
                              </Link>
                            </li>
                          ) : null}
                        </ul>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {openDay ? <DayList day={openDay} events={byDay.get(openDay) ?? []} closeTo={`${CALENDAR_PATH}?month=${key}`} /> : null}
        <section className="ws-agenda" aria-label={`Events in ${title}`}>
          {monthEvents.length ? (
            <ul>
              {monthEvents.map((event) => (
                <li key={`${event.kind}-${event.id}`} className="ws-agenda-item">
                  <span className="ws-agenda-day">{dayLabel(event.date)}</span>
                  <Link to={eventHref(event)} className={`ws-event ws-event-${event.kind} ws-event-${event.status ?? 'schedule'}`}>
                    <span className="ws-event-dot" aria-hidden="true" />
                    <span className="ws-event-text">
                      {eventText(event)}
                      <span className="muted"> — {event.detail}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nothing due this month.</p>
          )}
        </section>
        <p className="ws-calendar-legend">
          <span className="ws-event ws-event-task ws-event-todo">
            <span className="ws-event-dot" aria-hidden="true" /> Task due
          </span>
          <span className="ws-event ws-event-task ws-event-review">
            <span className="ws-event-dot" aria-hidden="true" /> Task in review
          </span>
          <span className="ws-event ws-event-task ws-event-done">
            <span className="ws-event-dot" aria-hidden="true" /> Task done
          </span>
          <span className="ws-event ws-event-schedule">
            <span className="ws-event-dot" aria-hidden="true" /> Schedule
          </span>
        </p>
      </section>
      <IcalLinkCard feed={feed} freshUrl={freshUrl} />
    </>
  );
}

/** One day opened: every task and schedule of it, titles in full. */
function DayList({ day, events, closeTo }: { day: string; events: CalendarEvent[]; closeTo: string }) {
  return (
    <section className="ws-day-view" aria-labelledby="day-view-title" data-testid="day-view">
      <header className="ws-day-view-head">
        <h3 id="day-view-title">{dayLabel(day)}</h3>
        <Link to={closeTo} className="button button-ghost button-small" preventScrollReset>
          Close day
        </Link>
      </header>
      {events.length ? (
        <ul>
          {events.map((event) => (
            <li key={`${event.kind}-${event.id}`} className="ws-day-view-item">
              <Link to={eventHref(event)} className={`ws-event ws-event-${event.kind} ws-event-${event.status ?? 'schedule'}`} data-testid="day-event">
                <span className="ws-event-dot" aria-hidden="true" />
                <span className="ws-day-view-text">
                  <strong>{eventText(event)}</strong>
                  <span className="muted"> — {event.detail}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing due on this day.</p>
      )}
    </section>
  );
}

const FULL_MONTHS: Record<string, string> = {
  Jan: 'January',
  Feb: 'February',
  Mar: 'March',
  Apr: 'April',
  May: 'May',
  Jun: 'June',
  Jul: 'July',
  Aug: 'August',
  Sep: 'September',
  Oct: 'October',
  Nov: 'November',
  Dec: 'December',
};
