import { Link } from '@remix-run/react';
import { addDays, formatCalendarDay } from '../../../server/contract/dates';
import { weekStartOf } from '../../../server/contract/time-rules';

/** The week shown and links to the one before, this one and the one after (plain links: no JavaScript needed). */
export function WeekNav({ week, today, href }: { week: string; today: string; href: (week: string) => string }) {
  const thisWeek = weekStartOf(today);
  return (
    <nav aria-label="Weeks" className="time-weeks">
      <Link to={href(addDays(week, -7))} className="button button-secondary" rel="prev">
        Previous week
      </Link>
      <strong data-testid="week-shown">
        {formatCalendarDay(week)} to {formatCalendarDay(addDays(week, 6))}
      </strong>
      {week !== thisWeek ? (
        <Link to={href(thisWeek)} className="button button-secondary">
          This week
        </Link>
      ) : null}
      {week < thisWeek ? (
        <Link to={href(addDays(week, 7))} className="button button-secondary" rel="next">
          Next week
        </Link>
      ) : null}
    </nav>
  );
}
