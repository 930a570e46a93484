import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { renewFeed, revokeFeed } from '~/models/calendar.server';
import { env } from '~/utils/env.server';
import { FEED_INTENTS } from '../../../server/contract/calendar-rules';
import { attempt, redirectAfter, redirectFailure } from '~/utils/form-action.server';

/**
 * The private iCal link's actions, for any page that shows the link card
 * (app/components/workspace/ical-link-card.tsx; docs/decisions/112). The api keeps only the
 * token's hash, so a new link can be shown once: right after Renew it travels to the next page in
 * a signed, httpOnly flash cookie, read (and cleared) by that page's loader.
 */

const flashStorage = createCookieSessionStorage({
  cookie: { name: '__ical_link', httpOnly: true, sameSite: 'lax', path: '/workspace', maxAge: 300, secure: env.secureCookies, secrets: [env.SESSION_SECRET] },
});


/** The feed's absolute address for calendar apps: the web forwards /api to the api. */
const feedUrl = (path: string) => new URL(path, env.PUBLIC_URL).toString();

/** Handles the card's intents: Renew (a new link, shown once on `returnTo`) or Revoke. */
export async function calendarFeedAction(request: Request, intent: string, returnTo: string) {
  if (intent === FEED_INTENTS.revoke) return redirectAfter(revokeFeed(request), returnTo, 'Calendar link revoked: calendar apps stop receiving updates');
  const renewed = await attempt(renewFeed(request));
  if (!renewed.ok) return redirectFailure(renewed.error, returnTo);
  const session = await flashStorage.getSession();
  session.flash('url', feedUrl(renewed.reply.path));
  return redirect(returnTo, { headers: { 'Set-Cookie': await flashStorage.commitSession(session) } });
}

/** The link made by the last Renew, once, and the Set-Cookie that clears it. */
export async function readFreshFeedUrl(request: Request): Promise<{ url: string | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get('Cookie');
  if (!cookie?.includes('__ical_link=')) return { url: null, headers };
  const session = await flashStorage.getSession(cookie);
  const url = session.get('url');
  headers.append('Set-Cookie', await flashStorage.commitSession(session));
  return { url: typeof url === 'string' && url.startsWith(env.PUBLIC_URL) ? url : null, headers };
}
