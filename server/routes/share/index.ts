import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ClientSection, SHARE_MESSAGES, shareLinkOperations as ops } from '../../contract/share-links.js';
import { HttpError, notFound } from '../../errors.js';
import type { Database } from '../../db/connection.js';
import { recordAudit } from '../../queries/audit.js';
import { usersWantingMail } from '../../queries/settings.js';
import { clientRooms, itemIdsOfSection, lockClientItem, lockClientSection, scheduleHasItemImage, setClientSectionStatus, writeClientSectionStatus, type ClientImageUrl } from '../../queries/client-summary.js';
import { sendStoredFile } from '../../files/send-stored-file.js';
import { SCHEDULE_IMAGE_ID, type ScheduleImageSize } from '../../contract/schedules.js';
import { scheduleImageFolder, scheduleVariantKey } from '../../services/schedule-images.js';
import { decisionRecipients, decisionsOfSchedule, findLinkByTokenHash, insertClientDecision, itemDecisionOf, touchShareLink } from '../../queries/share-links.js';
import { clientDecisionOperations } from '../../contract/client-decisions.js';
import { sectionStatusFromItems, type ShareDecision } from '../../contract/share-links-rules.js';
import { AttemptLimiter } from '../../services/rate-limits/attempt-limiter.js';
import { touchView } from '../../queries/portal.js';
import { hashToken } from '../../services/tokens.js';
import { PortalAccess, proofRequired } from '../../services/portal-access.js';
import { routeOf } from '../declared.js';
import { fillPath } from '../../contract/operation.js';

/**
 * The client's side of an approval link (DESIGN.md section 9, docs/decisions/106), scope `public`:
 * no account, the token in the path is the key. A wrong token answers 404, an expired or revoked
 * one 410, each with a message a client can act on. Every call is rate-limited per visitor address
 * (and a decision also per link), so tokens cannot be guessed at speed and a link cannot flood the
 * firm's mailbox. The summary answered has no trade price, profit or markup (contract ClientSummary).
 */

const WINDOW_MS = 15 * 60 * 1000;
/** A token as newToken makes it: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const gone = (message: string) => new HttpError(410, message, undefined, 'link-gone');

export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, background, config } = app.ctx;
  // Its own allowance on the shared counters: a client reading and deciding is not a sign-in.
  const { SHARE_VIEWS_PER_WINDOW: viewsMax, SHARE_DECISIONS_PER_WINDOW: decisionsMax } = config;
  const views = new AttemptLimiter(app.ctx.limiter.store, { max: viewsMax, addressMax: viewsMax, windowMs: WINDOW_MS, maxDelayMs: 0 });
  const decisions = new AttemptLimiter(app.ctx.limiter.store, { max: decisionsMax, addressMax: decisionsMax * 2, windowMs: WINDOW_MS, maxDelayMs: 0 });
  const portals = await PortalAccess.create(app.ctx);
  const images = new AttemptLimiter(app.ctx.limiter.store, { max: viewsMax * 25, addressMax: viewsMax * 25, windowMs: WINDOW_MS, maxDelayMs: 0 });

  type FoundLink = Awaited<ReturnType<typeof openLink>>;

  /** A decision commits only for a browser that proved the contact's address when a portal shared the link (docs/decisions/391). */
  async function requireProofOf(link: FoundLink['link'], request: Parameters<typeof portals.proven>[1]) {
    if (link.portalId && !(await portals.proven({ portal: { id: link.portalId } }, request))) throw proofRequired();
  }

  /**
   * The decision waits unread on the Client Board (docs/decisions/295); the firm and the link's maker
   * are also mailed, each as their Setting's "Client's decisions" choice says (docs/decisions/412).
   */
  function mailDecision(found: FoundLink, decision: ShareDecision, what: string, short: string, comment: string) {
    const { link } = found;
    const who = link.clientName || 'Your client';
    background.defer('client decision mail', async () => {
      const recipients = await decisionRecipients(db, link);
      const wanting = await usersWantingMail(db, recipients.map((r) => r.id), 'clientApprovals');
      for (const { id, email } of recipients) {
        if (!wanting.has(id)) continue;
        await mailer.send({
          to: email,
          subject: `${who} ${decision} ${short} in ${found.scheduleTitle}`,
          text: [
            `${who} ${decision} ${what} of the schedule "${found.scheduleTitle}" (project ${found.projectName}).`,
            comment ? `\nTheir comment:\n${comment}\n` : '',
            `See it on the Client Board: ${config.PUBLIC_URL}/workspace/client-board`,
          ].join('\n'),
        });
      }
    });
  }

  /** The open link a token names: 404 when none, 410 when expired or revoked. */
  async function openLink(token: string) {
    const found = TOKEN_SHAPE.test(token) ? await findLinkByTokenHash(db, hashToken(token)) : undefined;
    if (!found) throw notFound(SHARE_MESSAGES.notFound);
    if (found.link.revokedAt) throw gone(SHARE_MESSAGES.revoked);
    if (found.link.expiresAt.getTime() <= Date.now()) throw gone(SHARE_MESSAGES.expired);
    return found;
  }

  /**
   * A client's decision through a link (a section or an item): limited per address and link, the
   * link open, the address proved where its portal asks, and `decide` in one transaction.
   */
  async function decideThrough<R>(request: Parameters<typeof requireProofOf>[1] & { ip: string }, token: string, decide: (found: FoundLink, tx: Database) => Promise<R>) {
    return decisions.run(
      'share-decision',
      { address: request.ip, account: token.slice(0, 64) },
      async () => {
        const found = await openLink(token);
        await requireProofOf(found.link, request);
        return { found, result: await db.transaction((tx) => decide(found, tx)) };
      },
      'every',
    );
  }

  app.route({
    ...routeOf(ops.summary),
    handler: async (request) =>
      views.run(
        'share-view',
        { address: request.ip },
        async () => {
          const { token } = request.params;
          const found = await openLink(token);
          const { link } = found;
          const imageUrl: ClientImageUrl = (imageId, size) => `/api${fillPath(ops.image.path, { token, imageId })}${size ? `?size=${size}` : ''}`;
          const schedule = { id: link.scheduleId, projectId: link.projectId, title: found.scheduleTitle };
          const [rooms, decided, portal] = await Promise.all([clientRooms(db, schedule, imageUrl), decisionsOfSchedule(db, link.scheduleId), portals.ofLink(link, request)]);
          if (portal) await touchView(db, portal.id, 'schedule', link.scheduleId);
          await touchShareLink(db, link.id);
          const withDecisions = rooms.map((room) => ({
            ...room,
            sections: room.sections.map((section: ClientSection) => {
              const history = decided.sections.get(section.id) ?? [];
              const items = section.items.map((item) => ({ ...item, decision: itemDecisionOf(decided.items.get(item.id), history), history: decided.items.get(item.id) ?? [] }));
              return { ...section, items, decision: history[0] ?? null, history };
            }),
          }));
          return {
            data: {
              firm: { name: found.firmName, timeZone: found.firmTimeZone },
              project: { name: found.projectName },
              schedule: { title: found.scheduleTitle, description: found.scheduleDescription },
              clientName: link.clientName,
              expiresAt: link.expiresAt.toISOString(),
              rooms: withDecisions,
              clientPrice: withDecisions.reduce((sum, room) => sum + room.clientPrice, 0),
              portal,
            },
          };
        },
        'every',
      ),
  });

  app.route({
    ...routeOf(ops.image),
    handler: async (request, reply) => {
      const { token, imageId } = request.params;
      // A larger allowance than pages': one page of 100 items shows a few hundred images.
      const { link } = await images.run('share-image', { address: request.ip }, () => openLink(token), 'every');
      const folder = scheduleImageFolder(link.projectId, imageId);
      if (!SCHEDULE_IMAGE_ID.test(imageId) || !(await scheduleHasItemImage(db, link.scheduleId, folder))) throw notFound('Image not found');
      const size = request.query.size as ScheduleImageSize;
      return sendStoredFile(reply, request, {
        key: scheduleVariantKey(folder, size),
        fileName: `image-${size}.webp`,
        contentType: 'image/webp',
        disposition: 'inline',
        notFoundMessage: 'Image not found',
      });
    },
  });

  app.route({
    ...routeOf(ops.decide),
    handler: async (request) => {
      const { token, sectionId } = request.params;
      const { decision, comment } = request.body;
      const { found, result } = await decideThrough(request, token, async ({ link }, tx) => {
        const section = await lockClientSection(tx, link.scheduleId, sectionId);
        if (!section) throw notFound(SHARE_MESSAGES.sectionNotFound);
        const status = await setClientSectionStatus(tx, section.id, decision);
        await insertClientDecision(tx, { link, sectionId: section.id, sectionName: section.name, decision, comment });
        await recordAudit(tx, {
          actorId: null,
          firmId: link.firmId,
          action: `share-link.section-${decision}`,
          targetType: 'share-link',
          targetId: link.id,
          details: { projectId: link.projectId, scheduleId: link.scheduleId, sectionId: section.id, comment },
        });
        return { section, status };
      });
      mailDecision(found, decision, `the section "${result.section.name}"`, `"${result.section.name}"`, comment);
      return {
        message: decision === 'approved' ? SHARE_MESSAGES.approvedDone : SHARE_MESSAGES.rejectedDone,
        data: { sectionId: result.section.id, status: result.status },
      };
    },
  });

  app.route({
    ...routeOf(clientDecisionOperations.decideItem),
    handler: async (request) => {
      const { token, itemId } = request.params;
      const { decision, comment } = request.body;
      const { found, result } = await decideThrough(request, token, async ({ link }, tx) => {
        // The section is locked: a decision made at the same moment waits, then counts this one (docs/decisions/412).
        const locked = await lockClientItem(tx, link.scheduleId, itemId);
        if (!locked) throw notFound(SHARE_MESSAGES.itemNotFound);
        const { item, section } = locked;
        await insertClientDecision(tx, { link, sectionId: section.id, sectionName: section.name, itemId: item.id, itemName: item.name, decision, comment });
        const [ids, decided] = await Promise.all([itemIdsOfSection(tx, section.id), decisionsOfSchedule(tx, link.scheduleId, section.id)]);
        const sectionHistory = decided.sections.get(section.id);
        const status = sectionStatusFromItems(
          ids.map((id) => itemDecisionOf(decided.items.get(id), sectionHistory)?.decision ?? null),
          section.status,
        );
        // Only a change is written: the studio's open editor keeps its version otherwise.
        if (status !== section.status) await writeClientSectionStatus(tx, section.id, status);
        await recordAudit(tx, {
          actorId: null,
          firmId: link.firmId,
          action: `share-link.item-${decision}`,
          targetType: 'share-link',
          targetId: link.id,
          details: { projectId: link.projectId, scheduleId: link.scheduleId, sectionId: section.id, itemId: item.id, comment, status },
        });
        return { item, section, status };
      });
      mailDecision(found, decision, `the item "${result.item.name}" in "${result.section.name}"`, `"${result.item.name}"`, comment);
      return {
        message: decision === 'approved' ? SHARE_MESSAGES.itemApprovedDone : SHARE_MESSAGES.itemRejectedDone,
        data: { sectionId: result.section.id, itemId: result.item.id, status: result.status },
      };
    },
  });
};
