import { DEFAULT_TIME_ZONE, isoDay } from './dates.js';

/**
 * The calendar's month arithmetic (docs/decisions/112), shared by the api (which range of days to
 * load) and the page (which days to draw). Days are YYYY-MM-DD strings computed in UTC, so the
 * server and the browser agree whatever their time zones; "today" is the firm's (decision 265).
 * No zod here: browser code uses it.
 */

export type Month = { year: number; month: number };

/** The month as YYYY-MM, or null for anything else. */
export function parseMonth(value: string | undefined | null): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1970 && year <= 9999 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** A day as YYYY-MM-DD that exists in the calendar, or null. */
export function parseDay(value: string | undefined | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match || !parseMonth(`${match[1]}-${match[2]}`)) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dayKey(date) === value ? value : null;
}

export const monthKey = ({ year, month }: Month) => `${year}-${String(month).padStart(2, '0')}`;

export function shiftMonth({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** Today's month and day in `timeZone`'s calendar: the firm's, where its dates are shown (decision 265). */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): { month: Month; day: string } {
  const day = isoDay(now, timeZone);
  return { month: parseMonth(day.slice(0, 7))!, day };
}

export { addDays } from './dates.js';

/**
 * The weeks drawn for a month: Monday to Sunday, from the week of its 1st to the week of its last
 * day (4 to 6 weeks), and the first and last day drawn.
 */
export function monthGrid({ year, month }: Month): { weeks: string[][]; from: string; to: string } {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(year, month, 0));
  const start = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * 86_400_000);
  const end = new Date(last.getTime() + ((7 - last.getUTCDay()) % 7) * 86_400_000);
  const weeks: string[][] = [];
  for (let day = start; day <= end; day = new Date(day.getTime() + 86_400_000)) {
    if ((weeks.at(-1)?.length ?? 7) === 7) weeks.push([]);
    weeks.at(-1)!.push(dayKey(day));
  }
  return { weeks, from: dayKey(start), to: dayKey(end) };
}

/** The intents of the iCal link card's forms (app/components/workspace/ical-link-card.tsx). */
export const FEED_INTENTS = { renew: 'renew-feed', revoke: 'revoke-feed' } as const;
