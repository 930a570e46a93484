import type { TimeEntry } from '../../../server/contract/time';

/** What became of an entry: open to change, approved (frozen), billed (on an invoice). */
export const entryStatus = (e: Pick<TimeEntry, 'approved' | 'billed'>) => (e.billed ? 'Billed' : e.approved ? 'Approved' : 'Open');
