import { dateParts, formatDateTime, formatTime } from '../../server/contract/dates';
import type { StaleFields } from '../../server/contract/http';

/**
 * What a form shows when its save lost to someone else's (docs/decisions/320): who changed the
 * record and when (the time alone when it was today, in the viewer's time zone), that what this
 * person typed is still in the form, and that the values the record now has are shown beside it.
 */
export function staleMessage(stale: Pick<StaleFields, 'changedBy' | 'changedAt'>, timeZone: string, now = new Date()): string {
  const at = dateParts(stale.changedAt, timeZone);
  const today = dateParts(now, timeZone);
  const when = at.year === today.year && at.month === today.month && at.day === today.day ? formatTime(at) : formatDateTime(stale.changedAt, timeZone);
  return `${stale.changedBy?.name ?? 'Someone else'} changed this at ${when} — your changes are kept below; the current values are shown.`;
}

/** A stale save as the page gets it: the message, and the record as it now is. */
export type StaleNotice = { message: string; current: Record<string, unknown> };
