import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply, isId, MessageReply } from '../contract/http.js';
import { EnquiryBody, FirmIdParams, LEAD_MESSAGES } from '../contract/leads.js';
import { projectTypeLabel } from '../contract/vocabulary.js';
import { notFound } from '../errors.js';
import { recordAudit } from '../queries/audit.js';
import { wantsMail } from '../queries/settings.js';
import { findFirmPublicProject, firmMailbox, firmReceivingEnquiries, insertLead } from '../queries/leads.js';
import { AttemptLimiter } from '../services/rate-limits/attempt-limiter.js';

/**
 * Enquiries from the public side (DESIGN.md section 9, issue 13 item 1; docs/decisions/121), scope
 * `visitor`: no account needed. An enquiry to a listed firm becomes a lead in its demand box and a
 * mail to the firm, sent after the answer.
 */

const errors = { 400: ErrorReply, 401: ErrorReply, 404: ErrorReply, 429: ErrorReply, 503: ErrorReply };

/**
 * The window of the enquiry limits: ENQUIRY_MAX_PER_ADDRESS from one visitor address (a person
 * writes to a few firms, not dozens), ENQUIRY_MAX_PER_FIRM to one firm from everyone (a flood of
 * fake enquiries stops at a number the firm can still read).
 */
const ENQUIRY_WINDOW_MS = 60 * 60 * 1000;

export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, limiter, background, config } = app.ctx;
  // The platform's counter store (memory, PostgreSQL or Redis) with the enquiries' own numbers.
  const settings = (max: number) => ({ max, addressMax: max, windowMs: ENQUIRY_WINDOW_MS, maxDelayMs: 0 });
  const perAddress = new AttemptLimiter(limiter.store, settings(config.ENQUIRY_MAX_PER_ADDRESS));
  const perFirm = new AttemptLimiter(limiter.store, settings(config.ENQUIRY_MAX_PER_FIRM));

  app.post(
    '/firms/:firmId/enquiries',
    { schema: { tags: ['enquiries'], summary: 'Send an enquiry to a firm (its demand box)', params: FirmIdParams, body: EnquiryBody, response: { 201: MessageReply, ...errors } } },
    async (request, reply) => {
      const { firmId } = request.params;
      // Every attempt counts, refused or not: each successful one writes a lead and sends a mail.
      return perAddress.run(
        'enquiry',
        { address: request.ip },
        () =>
          perFirm.run(
            'enquiry-firm',
            { address: `firm:${firmId}` },
            async () => {
              const firm = isId(firmId) ? await firmReceivingEnquiries(db, firmId) : undefined;
              if (!firm) throw notFound(LEAD_MESSAGES.firmNotFound);
              const { website, projectId, ...fields } = request.body;
              // A filled honeypot is a bot's: it gets the same answer and nothing is kept or sent.
              if (website?.trim()) {
                request.log.info({ firmId }, 'enquiry dropped: honeypot filled');
                return reply.status(201).send({ message: LEAD_MESSAGES.sent });
              }
              const project = projectId && isId(projectId) ? await findFirmPublicProject(db, firm.id, projectId) : undefined;
              const lead = await db.transaction(async (tx) => {
                const row = await insertLead(tx, firm.id, project?.id ?? null, fields);
                await recordAudit(tx, { actorId: request.optionalSession?.user.id ?? null, firmId: firm.id, action: 'lead.created', targetType: 'lead', targetId: row.id });
                return row;
              });
              // The lead is kept either way; the mail follows the firm's Setting (docs/decisions/118).
              background.defer('enquiry mail', async () => {
                if (!(await wantsMail(db, firm.id, 'leads'))) return;
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
          ),
        'every',
      );
    },
  );
};
