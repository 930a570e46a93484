import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../contract/http.js';
import { LEAD_MESSAGES } from '../../contract/leads.js';
import { showcaseOperations } from '../../contract/showcase-operations.js';
import { routeOf } from '../declared.js';
import { projectTypeLabel } from '../../contract/vocabulary.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { wantsMail } from '../../queries/settings.js';
import { findFirmPublicProject, firmMailbox, firmReceivingEnquiries, insertLead } from '../../queries/leads.js';
import { decideDelivery, judgeSender } from '../../services/enquiry-delivery.js';
import { FormTokenError, FormTokens } from '../../services/form-tokens.js';
import { AttemptLimiter } from '../../services/rate-limits/attempt-limiter.js';

/**
 * Enquiries from the public side (DESIGN.md section 9; docs/decisions/121, 240
 * and 340), scope `visitor`: no account needed. An enquiry to a listed firm becomes a lead in its
 * demand box; where it goes and whether it is mailed at once is decided by its sender
 * (services/enquiry-delivery.ts). It must carry the form token issued with the page (signed,
 * bound to the firm, at least ENQUIRY_MIN_AGE_SECONDS old, used once).
 */

/** The window of ENQUIRY_MAX_PER_ADDRESS from one visitor address: a person writes to a few firms, not dozens. */
const ENQUIRY_WINDOW_MS = 60 * 60 * 1000;
/** How long a form token is good for: a visitor may leave the page open a while. */
const FORM_TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** A refused form token as the api's error shape, under the field `formToken`. */
function tokenRefusal(error: FormTokenError) {
  const message = {
    missing: LEAD_MESSAGES.formTokenInvalid,
    invalid: LEAD_MESSAGES.formTokenInvalid,
    expired: LEAD_MESSAGES.formTokenExpired,
    tooFresh: LEAD_MESSAGES.formTokenTooFresh,
    used: LEAD_MESSAGES.formTokenUsed,
  }[error.problem];
  const details = [{ path: 'formToken', message }];
  return error.problem === 'used' ? conflict(message, details) : badRequest(message, details);
}

export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, limiter, background, config } = app.ctx;
  const perAddress = new AttemptLimiter(limiter.store, { max: config.ENQUIRY_MAX_PER_ADDRESS, addressMax: config.ENQUIRY_MAX_PER_ADDRESS, windowMs: ENQUIRY_WINDOW_MS, maxDelayMs: 0 });
  const formTokens = await new FormTokens(db, limiter.store, { minAgeMs: config.ENQUIRY_MIN_AGE_SECONDS * 1000, maxAgeMs: FORM_TOKEN_MAX_AGE_MS }).ready();

  const deliveryLimits = { newSendersPerFirm: config.ENQUIRY_NEW_SENDERS_PER_FIRM, mailsPerHour: config.ENQUIRY_MAILS_PER_HOUR };

  app.route({
    ...routeOf(showcaseOperations.enquiryToken),
    handler: async (request, reply) => {
      // No database read: a token for a firm that takes no enquiries is refused when it is used.
      if (!isId(request.params.firmId)) throw notFound(LEAD_MESSAGES.firmNotFound);
      reply.header('cache-control', 'no-store');
      return { data: { token: await formTokens.issue(request.params.firmId), minAgeSeconds: config.ENQUIRY_MIN_AGE_SECONDS } };
    },
  });

  app.route({
    ...routeOf(showcaseOperations.enquire),
    handler: async (request, reply) => {
      const { firmId } = request.params;
      const { website, projectId, formToken, ...fields } = request.body;
      if (!isId(firmId)) throw notFound(LEAD_MESSAGES.firmNotFound);
      const token = await formTokens.check(formToken, firmId).catch((error: unknown) => {
        throw error instanceof FormTokenError ? tokenRefusal(error) : error;
      });
      // Every attempt from an address counts, refused or not: each successful one writes a lead.
      return perAddress.run(
        'enquiry',
        { address: request.ip },
        async () => {
          await formTokens.use(token.nonce).catch((error: unknown) => {
            throw error instanceof FormTokenError ? tokenRefusal(error) : error;
          });
          const firm = await firmReceivingEnquiries(db, firmId);
          if (!firm) throw notFound(LEAD_MESSAGES.firmNotFound);
          // A filled honeypot is a bot's: it gets the same answer and nothing is kept or sent.
          if (website?.trim()) {
            request.log.info({ firmId }, 'enquiry dropped: honeypot filled');
            return reply.status(201).send({ message: LEAD_MESSAGES.sent });
          }
          // Judged by who sends it, not by the firm's whole volume (docs/decisions/340).
          const sender = await judgeSender(db, request.optionalSession?.user, fields.email);
          // The lead is kept either way; the mail follows the firm's Setting (docs/decisions/118).
          const delivery = await decideDelivery(limiter.store, deliveryLimits, firm.id, sender, await wantsMail(db, firm.id, 'leads'));
          const project = projectId && isId(projectId) ? await findFirmPublicProject(db, firm.id, projectId) : undefined;
          const lead = await db.transaction(async (tx) => {
            const row = await insertLead(tx, firm.id, project?.id ?? null, fields, { senderId: sender.accountId, isHeld: delivery.isHeld, awaitingDigest: delivery.awaitingDigest });
            const details = { established: sender.established, ...(delivery.isHeld ? { held: true } : {}), ...(delivery.awaitingDigest ? { digest: true } : {}) };
            await recordAudit(tx, { actorId: sender.accountId, firmId: firm.id, action: 'lead.created', targetType: 'lead', targetId: row.id, details });
            return row;
          });
          // The answer is the same whatever happened: a flood learns nothing from it.
          if (!delivery.mailNow) return reply.status(201).send({ message: LEAD_MESSAGES.sent });
          background.defer('enquiry mail', async () => {
            await mailer.send({
              to: firmMailbox(firm),
              replyTo: lead.email,
              subject: `New enquiry from ${lead.name}`,
              text: [
                `${lead.name} sent you an enquiry${project ? ` from your project "${project.projectName}"` : ''}.`,
                '',
                `Project type: ${projectTypeLabel(lead.projectType)}`,
                `Email: ${lead.email}`,
                ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
                '',
                lead.message,
                '',
                `Answer it from your demand box: ${config.PUBLIC_URL}/workspace/demandboxdetails?id=${lead.id}`,
              ].join('\n'),
            });
          });
          return reply.status(201).send({ message: LEAD_MESSAGES.sent });
        },
        'every',
      );
    },
  });
};
