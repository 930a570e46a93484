import { addDays } from './dates.js';
import { divideHalfUp } from './money-rounding.js';

export { addDays, weekStartOf } from './dates.js';

/**
 * Time of the firm's people (docs/decisions/371–373): minutes, never fractions of an hour; a week
 * is Monday to Sunday (how Indian firms keep timesheets); rates are paise per hour, and what time is
 * worth is `timeValue`, the one definition (docs/guides/money.md).
 */

export const TIME_LIMITS = { minutesPerEntry: 24 * 60, minutesPerDay: 24 * 60, note: 300, entriesPerDay: 50 } as const;

export const TIME_MESSAGES = {
  hours: 'Enter the time as hours and minutes (1:30) or hours (1.5), at most 24:00',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  weekInvalid: 'Enter the week as the date of a day in it (YYYY-MM-DD)',
  future: 'Time cannot be recorded for a day after today',
  dayFull: 'A day has 24 hours: this entry would take the day above them',
  tooManyEntries: `At most ${TIME_LIMITS.entriesPerDay} entries a day`,
  entryNotFound: 'Time entry not found',
  stageNotFound: 'Choose a stage of this project’s fee agreement',
  taskNotFound: 'Choose a task of this project',
  weekApproved: 'This week is approved: ask the firm to reopen it before changing its time',
  billed: 'This time is billed and can no longer change',
  notYours: 'Only the person who recorded time can change it',
  stale: 'This time entry was changed by someone else: it is shown as it is now',
  timerRunning: (project: string) => `A timer is already running (${project}): stop it first`,
  noTimer: 'No timer is running',
  timerTooShort: 'The timer ran less than a minute: it is stopped and nothing was recorded',
  recorded: 'Time recorded',
  saved: 'Time entry saved',
  removed: 'Time entry removed',
  timerStarted: 'Timer started',
  timerStopped: (text: string) => `Timer stopped: ${text} recorded`,
  approved: 'Week approved',
  reopened: 'Week reopened',
  alreadyApproved: 'This week is already approved',
  notApproved: 'This week is not approved',
  reopenBilled: 'Some of this week’s time is billed: it cannot be reopened',
  nothingToApprove: 'No time to approve in this week',
  personNotFound: 'Person not found',
  rate: 'Enter a rate in rupees an hour, like 2,500',
  ratesSaved: 'Rates saved',
  groupBy: 'Choose how the lines are grouped',
  nothingToBill: 'No approved billable time is waiting to be billed',
  noRate: (name: string) => `Set ${name}’s bill rate (or the agreement’s hourly rate) before billing their time`,
  clientRequired: 'Choose the client the invoice goes to',
  notAClient: 'Choose a client of your Address Book',
  capPassed: (cap: string, total: string) => `Billing this would take the time billed to ${total}, above the agreed cap of ${cap}: tick “Bill above the cap” to bill it anyway`,
  billed_: 'Time invoice drafted: check it and issue it',
  financialsOnly: 'Only the firm, its sub-admins and employees allowed to see financials can see rates and bill time',
} as const;

export const GROUP_BY = ['person', 'stage'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const GROUP_BY_LABELS: Record<GroupBy, string> = { person: 'One line per person', stage: 'One line per stage' };

/** Time as typed → whole minutes: "1:30", "1.5", "2", "0:45", ".25"; null unless 0:01–24:00. */
export function parseHours(text: string): number | null {
  const cleaned = text.trim().replace(/\s*(h|hrs?|hours?)$/i, '');
  let minutes: number;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(cleaned);
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^(\d{1,2})?(\.\d{1,2})?$/.test(cleaned) && cleaned !== '' && cleaned !== '.') {
    const [whole = '', fraction = ''] = cleaned.split('.');
    const hundredths = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
    // 1.01 h is 60.6 minutes: kept to the nearest minute, as a clock would show it.
    minutes = Number(divideHalfUp(BigInt(hundredths) * 60n, 100n));
  } else return null;
  return minutes >= 1 && minutes <= TIME_LIMITS.minutesPerEntry ? minutes : null;
}

/** Minutes as people read time: 90 → "1:30", 5 → "0:05", 1510 → "25:10". */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(minutes);
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * What `minutes` of time are worth at `rate` paise an hour, to the nearest paisa (half up). The one
 * definition: a time line, the cost of a project's time and the cap all use it, on a sum of minutes
 * per person and rate, never per entry (so 3 × 20 minutes is worth exactly one hour).
 */
export function timeValue(minutes: number, rate: number): number {
  return Number(divideHalfUp(BigInt(minutes) * BigInt(rate), 60n));
}

/** The seven days of the week that starts on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));
