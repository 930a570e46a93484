import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../contract/http.js';
import { LEAD_MESSAGES } from '../../contract/leads.js';
import { showcaseOperations } from '../../contract/showcase-operations.js';
import { routeOf } from '../declared.js';
import { notFound } from '../../errors.js';
import { findFirmAccount } from '../../queries/showcase.js';
import { AttemptLimiter } from '../../services/rate-limits/attempt-limiter.js';

/** The window of CONTACT_LOOKUPS_PER_ADDRESS: a person opens a few firms' contacts, a harvester thousands. */
const CONTACT_WINDOW_MS = 60 * 60 * 1000;

/**
 * A listed firm's contact details for the showcase's Contact popup (docs/decisions/386), scope
 * `visitor`. The public pages leave them out so a cached page carries none; every look-up from an
 * address counts, so harvesting the directory's addresses costs an hour per CONTACT_LOOKUPS_PER_ADDRESS firms.
 */
export const firmContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limiter, config } = app.ctx;
  const max = config.CONTACT_LOOKUPS_PER_ADDRESS;
  const perAddress = new AttemptLimiter(limiter.store, { max, addressMax: max, windowMs: CONTACT_WINDOW_MS, maxDelayMs: 0 });

  app.route({
    ...routeOf(showcaseOperations.firmContact),
    handler: async (request, reply) => {
      const { firmId } = request.params;
      if (!isId(firmId)) throw notFound(LEAD_MESSAGES.firmNotFound);
      const found = await perAddress.run('firm-contact', { address: request.ip }, () => findFirmAccount(db, firmId), 'every');
      if (!found || !(found.listed || found.firm.id === request.optionalSession?.user.id)) throw notFound(LEAD_MESSAGES.firmNotFound);
      reply.header('cache-control', 'private, no-store');
      return { data: { email: found.firm.businessEmail, contactNo: found.firm.contactNo, website: found.firm.website } };
    },
  });
};
