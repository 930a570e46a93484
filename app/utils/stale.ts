import { dateParts, formatDateTime, formatTime } from '../../server/contract/dates';
import type { StaleFields } from '../../server/contract/http';

/**
 * What a form shows when its save lost to someone else's (docs/decisions/320): who changed the
 * record and when (the time alone when it was today, in the viewer's time zone), that what this
 * person typed is still in the form, and that the values the record now has are shown beside it
 * (an inline edit: that it was not saved, and the page shows the current values).
 */
export function staleMessage(stale: Pick<StaleFields, 'changedBy' | 'changedAt'>, timeZone: string, now = new Date(), where: 'form' | 'inline' = 'form'): string {
  const at = dateParts(stale.changedAt, timeZone);
  const today = dateParts(now, timeZone);
  const when = at.year === today.year && at.month === today.month && at.day === today.day ? formatTime(at) : formatDateTime(stale.changedAt, timeZone);
  const who = `${stale.changedBy?.name ?? 'Someone else'} changed this at ${when}`;
  // An inline edit has no form to keep the text in: the page shows the current values once it reloads.
  return where === 'form' ? `${who} — your changes are kept below; the current values are shown.` : `${who} — your change was not saved; the current values are shown.`;
}

/** A stale save as the page gets it: the message, and the record as it now is. */
export type StaleNotice = { message: string; current: Record<string, unknown> };
