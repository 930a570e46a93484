import { z } from 'zod/v4';

export * from './calendar-rules.js';

/** The workspace calendar and its private iCal feed (docs/decisions/112). */

/** A month as YYYY-MM (the current month when absent or malformed: a calendar always shows one). */
export const CalendarQuery = z.object({ month: z.string().max(20).optional() });

export const CalendarEvent = z.object({
  /** The day, YYYY-MM-DD. */
  date: z.string(),
  kind: z.enum(['task', 'schedule']),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  projectId: z.string(),
  /** A task's status ('todo', 'review', 'done'); null for a schedule. */
  status: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

export const FeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type FeedState = z.infer<typeof FeedState>;

/** GET /api/calendar: the month shown, its events, and whether the viewer has a feed link. */
export const CalendarReply = z.object({ data: z.object({ month: z.string(), events: z.array(CalendarEvent), feed: FeedState }) });
export type CalendarReply = z.infer<typeof CalendarReply>;

export const FeedReply = z.object({ data: FeedState });
export type FeedReply = z.infer<typeof FeedReply>;

/** POST /api/calendar/feed: a new link (the old one stops working); the token is shown only now. */
export const RenewedFeedReply = z.object({ data: z.object({ token: z.string(), path: z.string(), createdAt: z.string() }) });
export type RenewedFeedReply = z.infer<typeof RenewedFeedReply>;

export const FeedFileParams = z.object({ file: z.string().max(120) });
