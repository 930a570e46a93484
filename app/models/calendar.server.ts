import { api } from '~/utils/api.server';
import type { CalendarReply, FeedReply, RenewedFeedReply } from '../../server/contract/calendar';

/** The web's calls to the calendar api (docs/decisions/112): the only place its paths are written. */

export async function getCalendar(request: Request, month: string | null): Promise<CalendarReply['data']> {
  return (await api<CalendarReply>(request, '/calendar', { query: { month } })).data;
}

export async function getFeedState(request: Request): Promise<FeedReply['data']> {
  return (await api<FeedReply>(request, '/calendar/feed')).data;
}

export async function renewFeed(request: Request): Promise<RenewedFeedReply['data']> {
  return (await api<RenewedFeedReply>(request, '/calendar/feed', { method: 'POST' })).data;
}

export async function revokeFeed(request: Request): Promise<void> {
  await api<FeedReply>(request, '/calendar/feed', { method: 'DELETE' });
}
