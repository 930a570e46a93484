/**
 * Dates as the workspace lists show them ("12 Mar 2026"). In UTC, so the server's HTML and the
 * browser's first render agree whatever the visitor's time zone.
 */
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}
