import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firmOf, requireFirmAccess } from '../../auth/firm.js';
import { addDays, calendarFeedOperation, calendarOperations, monthGrid, monthKey, parseMonth, todayIn } from '../../contract/calendar.js';
import { zoneOf } from '../../contract/dates.js';
import { notFound } from '../../errors.js';
import { routeOf } from '../declared.js';
import { recordAudit } from '../../queries/audit.js';
import { calendarEvents, deleteFeed, findFeed, findFeedOwner, replaceFeed } from '../../queries/calendar.js';
import { icalFeed } from '../../services/ical-feed.js';
import { hashToken, newToken } from '../../services/tokens.js';

const FEED_NOT_FOUND = 'Calendar feed not found';
const feedPath = (token: string) => `/api/calendar/feed/${token}.ics`;

/**
 * The workspace calendar (scope `workspace`; docs/decisions/112): a month of the viewer's task due
 * dates and the schedules of the projects it may see; its private feed link, renewed (a new random
 * token, stored hashed: the old link stops) or revoked.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(calendarOperations.month),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      // The firm's calendar (decision 265): its "this month", and the day each schedule was made on.
      const timeZone = zoneOf({ timeZone: request.session.employer?.timeZone ?? user.timeZone });
      const month = parseMonth(request.query.month) ?? todayIn(timeZone).month;
      const { from, to } = monthGrid(month);
      const [events, feed] = await Promise.all([calendarEvents(db, user, firm, from, to, timeZone), findFeed(db, user.id)]);
      return { data: { month: monthKey(month), events, feed: { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null } } };
    },
  });

  app.route({
    ...routeOf(calendarOperations.feed),
    handler: async (request) => {
      requireFirmAccess(request.session.user, 'work');
      const feed = await findFeed(db, request.session.user.id);
      return { data: { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null } };
    },
  });

  app.route({
    ...routeOf(calendarOperations.renewFeed),
    handler: async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      const { token, hash } = newToken();
      const createdAt = await db.transaction(async (tx) => {
        const at = await replaceFeed(tx, user.id, hash);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'calendar.feed-renewed', targetType: 'user', targetId: user.id });
        return at;
      });
      return reply.status(201).send({ data: { token, path: feedPath(token), createdAt: createdAt.toISOString() } });
    },
  });

  app.route({
    ...routeOf(calendarOperations.revokeFeed),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'work');
      await db.transaction(async (tx) => {
        await deleteFeed(tx, user.id);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'calendar.feed-revoked', targetType: 'user', targetId: user.id });
      });
      return { data: { active: false, createdAt: null } };
    },
  });
};

/**
 * GET /api/calendar/feed/{token}.ics (scope `public`: calendar apps send no session): the feed of
 * the token's account, from 90 days back to a year ahead. An unknown, renewed or revoked token, and
 * the token of an account that left the workspace, answer 404.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(calendarFeedOperation),
    handler: async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(request.params.file);
      const found = match ? await findFeedOwner(db, hashToken(match[1]!)) : undefined;
      const firm = found ? firmOf(found.user) : null;
      if (!found || !firm) throw notFound(FEED_NOT_FOUND);
      const owner = found.user;
      // The firm's calendar days (decision 265): all-day events carry no zone, so the day is chosen here.
      const today = todayIn(found.timeZone).day;
      const events = await calendarEvents(db, owner, firm, addDays(today, -90), addDays(today, 365), found.timeZone);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="archivista.ics"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(icalFeed(`${app.ctx.config.PRODUCT_NAME} — ${owner.userName}`, events, app.ctx.config.PRODUCT_NAME));
    },
  });
};
