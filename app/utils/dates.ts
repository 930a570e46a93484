/**
 * Dates shown in the workspace (docs/decisions/089). Pages render on the server and hydrate in
 * the browser, so a date must come out the same on both: it is shown in one time zone (India's,
 * the product's market: rupee prices, Indian places) and built from numeric parts only, never
 * from a locale's month names or AM/PM marks, which differ between ICU versions.
 */
export const DISPLAY_TIME_ZONE = 'Asia/Kolkata';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

export type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

/** The calendar and clock of an ISO date in the display time zone (month 1–12). */
export function dateParts(iso: string): DateParts {
  const found: Record<string, number> = {};
  for (const part of parts.formatToParts(new Date(iso))) {
    if (part.type !== 'literal') found[part.type] = Number(part.value);
  }
  return { year: found.year!, month: found.month!, day: found.day!, hour: found.hour! % 24, minute: found.minute! };
}

/** "Mar" */
export const monthName = (month: number) => MONTHS[month - 1] ?? '';

/** "2:05 PM" */
export function formatTime({ hour, minute }: Pick<DateParts, 'hour' | 'minute'>): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "12 Mar 2025, 2:05 PM" */
export function formatDateTime(iso: string): string {
  const p = dateParts(iso);
  return `${p.day} ${monthName(p.month)} ${p.year}, ${formatTime(p)}`;
}

/** "12 Mar 2025" (an empty text for a value that is not a date). */
export function formatDay(iso: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return '';
  const p = dateParts(iso);
  return `${p.day} ${monthName(p.month)} ${p.year}`;
}
