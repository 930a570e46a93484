import { call } from '~/utils/api.server';
import { calendarOperations as ops, type CalendarReply, type FeedReply, type RenewedFeedReply } from '../../server/contract/calendar';

/** The web's calls to the calendar api (docs/decisions/112), each by its declaration (docs/decisions/370). */

export async function getCalendar(request: Request, month: string | null): Promise<CalendarReply['data']> {
  return (await call(request, ops.month, { query: month ? { month } : {} })).data;
}

export async function getFeedState(request: Request): Promise<FeedReply['data']> {
  return (await call(request, ops.feed, {})).data;
}

export async function renewFeed(request: Request): Promise<RenewedFeedReply['data']> {
  return (await call(request, ops.renewFeed, {})).data;
}

export async function revokeFeed(request: Request): Promise<void> {
  await call(request, ops.revokeFeed, {});
}
