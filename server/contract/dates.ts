/**
 * Every date the product shows, mails or exports is formatted here (docs/decisions/089 and 263),
 * in the firm's time zone (`users.timeZone`, default India's). Pages render on the server and
 * hydrate in the browser, so the text is built from numeric parts only, never from a locale's
 * month names or AM/PM marks, which differ between ICU versions.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Whether the runtime knows `zone` as an IANA time zone ("Asia/Kolkata", "Europe/London"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone an account's dates are shown in (decision 265): its firm's (`timeZone` of the viewer's
 * snapshot or the api's account JSON), or India's for anyone without one (a visitor, the admin,
 * a snapshot older than the setting).
 */
export function zoneOf(viewer: { timeZone?: string | null } | null | undefined): string {
  const zone = viewer?.timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The runtime's list names a few zones by their old names; Setting offers the names in use. */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
};

/** The time zones offered in Setting (the runtime's list, by their current names; UTC first), with `current` among them. */
export function timeZoneChoices(current: string = DEFAULT_TIME_ZONE): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const named = new Set([...zones.map((zone) => CURRENT_NAMES[zone] ?? zone), DEFAULT_TIME_ZONE, current]);
  named.delete('UTC');
  return ['UTC', ...[...named].sort()];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

export type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

/** The calendar and clock of an instant in `timeZone` (month 1–12). */
export function dateParts(instant: string | Date, timeZone = DEFAULT_TIME_ZONE): DateParts {
  const found: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') found[part.type] = Number(part.value);
  }
  return { year: found.year!, month: found.month!, day: found.day!, hour: found.hour! % 24, minute: found.minute! };
}

/** "Mar" */
export const monthName = (month: number) => MONTHS[month - 1] ?? '';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2:05 PM" */
export function formatTime({ hour, minute }: Pick<DateParts, 'hour' | 'minute'>): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const isInstant = (instant: string | Date) => !Number.isNaN(new Date(instant).getTime());

/** "12 Mar 2025, 2:05 PM" */
export function formatDateTime(instant: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  if (!isInstant(instant)) return '';
  const p = dateParts(instant, timeZone);
  return `${p.day} ${monthName(p.month)} ${p.year}, ${formatTime(p)}`;
}

/** "12 Mar 2025" (an empty text for a value that is not a date). */
export function formatDay(instant: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  if (!isInstant(instant)) return '';
  const p = dateParts(instant, timeZone);
  return `${p.day} ${monthName(p.month)} ${p.year}`;
}

/** A calendar day "2027-01-03" (a due date, a paid-until day: no time, no zone) as "3 Jan 2027". */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return '';
  return `${Number(match[3])} ${monthName(Number(match[2]))} ${match[1]}`;
}

/** The calendar day "2025-03-12" of an instant in `timeZone` (file names, CSV rows, "today"). */
export function isoDay(instant: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = dateParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "2025-03-12 14:05" of an instant in `timeZone`: a sortable stamp for exports. */
export function isoDateTime(instant: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = dateParts(instant, timeZone);
  return `${isoDay(instant, timeZone)} ${pad(p.hour)}:${pad(p.minute)}`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-02-28" is a day; "2026-02-30", "2026-13-01" and "28-02-2026" are not. */
export const isRealDay = (v: string) => {
  if (!ISO_DAY.test(v)) return false;
  // A month past 12 is no date at all: toISOString of it would throw (a 500 of a typed day).
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
};

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday, as the calendar draws it) that `day` is in. */
export function weekStartOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}
