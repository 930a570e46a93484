import { z } from 'zod/v4';
import { ErrorReply } from './http.js';
import { binary, operation, operationsOf } from './operation.js';

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

/**
 * The private iCal feed (docs/decisions/370), scope `public`: the token in the file name is the
 * key. The calendar is `text/calendar`; an unknown, renewed or revoked token answers 404 as JSON.
 */
export const calendarFeedOperation = operation({
  method: 'GET',
  path: '/calendar/feed/:file',
  scope: 'public',
  tags: ['calendar'],
  summary: 'A private iCal feed (RFC 5545) by its token: /api/calendar/feed/{token}.ics',
  params: FeedFileParams,
  replies: { 200: binary('text/calendar'), 404: ErrorReply },
});

const workspaceOp = operationsOf('workspace', ['calendar']);
const calendarErrors = { 401: ErrorReply, 403: ErrorReply, 404: ErrorReply } as const;

/**
 * The workspace calendar and the viewer's feed link (docs/decisions/112, 370): the api registers
 * them (server/routes/calendar/) and the web calls them (app/models/calendar.server.ts).
 */
export const calendarOperations = {
  month: workspaceOp({
    method: 'GET',
    path: '/calendar',
    summary: 'A month (YYYY-MM, this month by default) of task due dates and schedule dates, with the feed state',
    query: CalendarQuery,
    replies: { 200: CalendarReply, ...calendarErrors },
  }),
  feed: workspaceOp({ method: 'GET', path: '/calendar/feed', summary: 'Whether the viewer has a feed link, and since when', replies: { 200: FeedReply, ...calendarErrors } }),
  renewFeed: workspaceOp({
    method: 'POST',
    path: '/calendar/feed',
    summary: 'A new private feed link (the old one stops working); the token is answered only now',
    replies: { 201: RenewedFeedReply, ...calendarErrors },
  }),
  revokeFeed: workspaceOp({ method: 'DELETE', path: '/calendar/feed', summary: 'Revoke the private feed link', replies: { 200: FeedReply, ...calendarErrors } }),
} as const;
