import { z } from 'zod/v4';
import { dayText } from './text-fields.js';
import { ErrorReply, MessageReply } from './http.js';
import { MAX_PAISE } from './money-rounding.js';
import { parseRupees } from './money-text.js';
import { operation } from './operation.js';
import { GROUP_BY, parseHours, TIME_LIMITS as L, TIME_MESSAGES as M } from './time-rules.js';

/**
 * The time of the firm's people (docs/decisions/371–373), each operation declared once
 * (docs/decisions/370). Bodies take minutes and paise; the web's `*Form` schemas take time and
 * rupees as typed ("1:30", "2,500") and turn them into the same bodies.
 */

export * from './time-rules.js';

const day = dayText(M.dateInvalid);
const week = dayText(M.weekInvalid);
const minutes = z.number({ error: M.hours }).int(M.hours).min(1, M.hours).max(L.minutesPerEntry, M.hours);
const rate = z.number({ error: M.rate }).int(M.rate).min(0, M.rate).max(MAX_PAISE, M.rate);
const ref = z.string().trim().max(64).nullable().default(null);
const note = z.string().trim().max(L.note, `A note of at most ${L.note} characters`).default('');
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());
const blankIsNull = z
  .string()
  .trim()
  .max(64)
  .default('')
  .transform((v) => v || null);

export const TimeEntryBody = z.object({ workDate: day, minutes, stageId: ref, taskId: ref, billable: z.boolean().default(true), note });
export type TimeEntryBody = z.input<typeof TimeEntryBody>;
export const TimeEntryChangeBody = TimeEntryBody.extend({ version: z.number({ error: 'version is required' }).int().min(1) });
export type TimeEntryChangeBody = z.input<typeof TimeEntryChangeBody>;

/** The entry as typed: its time as "1:30" or "1.5"; an unticked checkbox is absent from a form, so "Billable" is read as sent. */
export const TimeEntryForm = z.object({
  workDate: day,
  hours: z
    .string({ error: M.hours })
    .trim()
    .transform((v, ctx) => {
      const value = parseHours(v);
      if (value === null) ctx.addIssue({ code: 'custom', message: M.hours });
      return value ?? 0;
    }),
  stageId: blankIsNull,
  taskId: blankIsNull,
  billable: checkbox.default(false),
  note,
  version: z.coerce.number().int().min(0).default(0),
});

export const TimerBody = z.object({ stageId: ref, taskId: ref, billable: z.boolean().default(true), note });
export type TimerBody = z.input<typeof TimerBody>;
export const TimerForm = z.object({ stageId: blankIsNull, taskId: blankIsNull, billable: checkbox.default(false), note });

export const WeekBody = z.object({ userId: z.string().trim().max(64), week });
export type WeekBody = z.input<typeof WeekBody>;

export const RatesBody = z.object({ costRate: rate, billRate: rate });
export type RatesBody = z.input<typeof RatesBody>;
const typedRate = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx) => {
    if (v === '') return 0;
    const value = parseRupees(v);
    if (value === null) ctx.addIssue({ code: 'custom', message: M.rate });
    return value ?? 0;
  });
export const RatesForm = z.object({ userId: z.string().trim().max(64), costRate: typedRate, billRate: typedRate });

export const BillTimeBody = z.object({ groupBy: z.enum(GROUP_BY, { error: M.groupBy }), contactId: ref, aboveCap: z.boolean().default(false) });
export type BillTimeBody = z.input<typeof BillTimeBody>;
export const BillTimeForm = z.object({ groupBy: z.enum(GROUP_BY, { error: M.groupBy }), contactId: blankIsNull, aboveCap: checkbox.default(false) });

export const WeekQuery = z.object({ week: week.optional() });
export const TimesheetQuery = z.object({ week: week.optional(), userId: z.string().trim().max(64).optional() });

const ProjectParams = z.object({ projectId: z.string().max(64) });
const EntryParams = z.object({ projectId: z.string().max(64), entryId: z.string().max(64) });
const UserParams = z.object({ userId: z.string().max(64) });

export const TimeEntry = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  userId: z.string(),
  person: z.string(),
  workDate: z.string(),
  minutes: z.number(),
  stageId: z.string().nullable(),
  stageName: z.string().nullable(),
  taskId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  billable: z.boolean(),
  note: z.string(),
  approved: z.boolean(),
  billed: z.boolean(),
  version: z.number(),
});
export type TimeEntry = z.infer<typeof TimeEntry>;

export const Timer = z.object({ projectId: z.string(), projectName: z.string(), stageId: z.string().nullable(), taskId: z.string().nullable(), billable: z.boolean(), note: z.string(), startedAt: z.string() });
export type Timer = z.infer<typeof Timer>;

const Person = z.object({ id: z.string(), name: z.string() });

/** Approved billable time not yet billed, by person, at the rate it would be billed at. */
const ReadyLine = z.object({ userId: z.string(), person: z.string(), minutes: z.number(), rate: z.number().nullable(), amount: z.number().nullable() });

/** What billing time would do now; only for those who may see financials. */
export const TimeBilling = z.object({
  ready: z.array(ReadyLine),
  readyMinutes: z.number(),
  readyAmount: z.number(),
  /** Time billed on the project so far (before GST), and the hourly agreement's cap. */
  billedAmount: z.number(),
  cap: z.number().nullable(),
  /** Set at 80 % of the cap and above, and when billing what is ready would pass it. */
  capWarning: z.string().nullable(),
  clients: z.array(Person),
  contactId: z.string().nullable(),
});
export type TimeBilling = z.infer<typeof TimeBilling>;

export const ProjectTimeReply = z.object({
  data: z.object({
    project: z.object({ id: z.string(), projectName: z.string() }),
    viewerId: z.string(),
    week: z.string(),
    today: z.string(),
    stages: z.array(Person),
    tasks: z.array(Person),
    /** The week's entries on the project: everyone's for those who manage, the caller's own otherwise. */
    entries: z.array(TimeEntry),
    approvedWeek: z.boolean(),
    timer: Timer.nullable(),
    canManage: z.boolean(),
    billing: TimeBilling.nullable(),
  }),
});
export type ProjectTimeReply = z.infer<typeof ProjectTimeReply>;

export const TimesheetReply = z.object({
  data: z.object({
    person: Person,
    people: z.array(Person),
    week: z.string(),
    today: z.string(),
    entries: z.array(TimeEntry),
    dayMinutes: z.array(z.number()),
    totalMinutes: z.number(),
    billableMinutes: z.number(),
    approval: z.object({ approvedAt: z.string(), approvedBy: z.string().nullable() }).nullable(),
    canApprove: z.boolean(),
    timer: Timer.nullable(),
    rates: z.object({ costRate: z.number(), billRate: z.number() }).nullable(),
  }),
});
export type TimesheetReply = z.infer<typeof TimesheetReply>;

export const TimeEntryReply = z.object({ message: z.string(), data: TimeEntry });
export type TimeEntryReply = z.infer<typeof TimeEntryReply>;
export const BillTimeReply = z.object({ message: z.string(), data: z.object({ invoiceId: z.string(), minutes: z.number(), amount: z.number() }) });
export type BillTimeReply = z.infer<typeof BillTimeReply>;

const tags = ['time'];
const refused = { 400: ErrorReply, 404: ErrorReply, 409: ErrorReply };

export const timeOperations = {
  project: operation({ method: 'GET', path: '/time/:projectId', scope: 'workspace', tags, summary: "A week of a project's time, the caller's running timer and, for those who see financials, what is ready to bill", params: ProjectParams, query: WeekQuery, replies: { 200: ProjectTimeReply, 404: ErrorReply } }),
  record: operation({ method: 'POST', path: '/time/:projectId/entries', scope: 'workspace', tags, summary: 'Record time the caller spent on the project on a day', params: ProjectParams, body: TimeEntryBody, replies: { 201: TimeEntryReply, ...refused } }),
  change: operation({ method: 'PUT', path: '/time/:projectId/entries/:entryId', scope: 'workspace', tags, summary: "Change one's own time entry of a week not approved (naming the version it was read at)", params: EntryParams, body: TimeEntryChangeBody, replies: { 200: TimeEntryReply, ...refused } }),
  remove: operation({ method: 'DELETE', path: '/time/:projectId/entries/:entryId', scope: 'workspace', tags, summary: "Remove one's own time entry of a week not approved", params: EntryParams, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply } }),
  startTimer: operation({ method: 'POST', path: '/time/:projectId/timer', scope: 'workspace', tags, summary: "Start the caller's timer on the project (one at a time)", params: ProjectParams, body: TimerBody, replies: { 201: MessageReply, ...refused } }),
  stopTimer: operation({ method: 'POST', path: '/timer/stop', scope: 'workspace', tags, summary: "Stop the caller's timer: its minutes are recorded as an entry of today", replies: { 200: TimeEntryReply, 409: ErrorReply } }),
  bill: operation({ method: 'POST', path: '/time/:projectId/bill', scope: 'workspace', tags, summary: 'Bill the approved billable time not yet billed: a draft invoice with a line per person or per stage, hours × bill rate; the time is marked billed', params: ProjectParams, body: BillTimeBody, replies: { 201: BillTimeReply, ...refused } }),
  timesheet: operation({ method: 'GET', path: '/timesheets', scope: 'workspace', tags, summary: "A person's week across projects (the caller's own, or anyone's of the firm for those who manage)", query: TimesheetQuery, replies: { 200: TimesheetReply, 404: ErrorReply } }),
  approve: operation({ method: 'POST', path: '/timesheets/approve', scope: 'workspace', tags, summary: "Approve a person's week: its time is frozen at the person's rates and can be billed", body: WeekBody, replies: { 200: MessageReply, ...refused } }),
  reopen: operation({ method: 'POST', path: '/timesheets/reopen', scope: 'workspace', tags, summary: "Reopen an approved week none of whose time is billed", body: WeekBody, replies: { 200: MessageReply, ...refused } }),
  rates: operation({ method: 'PUT', path: '/time-rates/:userId', scope: 'workspace', tags, summary: "Set a person's cost rate and bill rate (paise an hour)", params: UserParams, body: RatesBody, replies: { 200: MessageReply, 400: ErrorReply, 404: ErrorReply } }),
};
