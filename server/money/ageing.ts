import type { AgeBucket } from '../contract/ageing-rules.js';
import { outstandingOf, type Balance } from './balance.js';

export { AGE_BUCKETS, AGE_LABELS, type AgeBucket } from '../contract/ageing-rules.js';

/**
 * Receivables by age (docs/decisions/418): each open invoice's outstanding (with GST) in one bucket
 * by the days past its due date on `today` (ISO days, the firm's calendar): current (not yet due,
 * or no due date), 1–30, 31–60, 61–90, over 90. Pure, integer paise.
 */

export type AgeRow = Record<AgeBucket, number> & { total: number };

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** Days from `dueDate` to `today` (0 or less: not yet overdue). */
export const daysOverdue = (dueDate: string, today: string) => dayNumber(today) - dayNumber(dueDate);

export function bucketOf(dueDate: string | null, today: string): AgeBucket {
  if (!dueDate) return 'current';
  const days = daysOverdue(dueDate, today);
  if (days <= 0) return 'current';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'over90';
}

export const emptyAgeRow = (): AgeRow => ({ current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over90: 0, total: 0 });

export type OpenInvoice = Balance & { clientKey: string; clientName: string; dueDate: string | null };
export type ClientAgeing = AgeRow & { clientKey: string; clientName: string };

/** Per client (by name, most owed first) and in total; invoices owing nothing are left out. */
export function ageReceivables(open: ReadonlyArray<OpenInvoice>, today: string): { byClient: ClientAgeing[]; total: AgeRow } {
  const clients = new Map<string, ClientAgeing>();
  const total = emptyAgeRow();
  for (const invoice of open) {
    const owed = outstandingOf(invoice);
    if (!owed) continue;
    const bucket = bucketOf(invoice.dueDate, today);
    const row = clients.get(invoice.clientKey) ?? { clientKey: invoice.clientKey, clientName: invoice.clientName, ...emptyAgeRow() };
    row[bucket] += owed;
    row.total += owed;
    total[bucket] += owed;
    total.total += owed;
    clients.set(invoice.clientKey, row);
  }
  const byClient = [...clients.values()].sort((a, b) => b.total - a.total || a.clientName.localeCompare(b.clientName));
  return { byClient, total };
}

/** The `count` calendar months ending with today's, oldest first ("2026-01"). */
export function lastMonths(today: string, count = 12): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const m = year * 12 + month - (count - 1 - i);
    return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  });
}
