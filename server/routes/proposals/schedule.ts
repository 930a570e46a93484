import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScheduleAccess } from '../../auth/schedule-access.js';
import { BILLING_DEFAULTS } from '../../contract/billing-rules.js';
import { PROPOSAL_MESSAGES, proposalOperations } from '../../contract/proposal.js';
import { notFound } from '../../errors.js';
import { amountInWords } from '../../money/words.js';
import { toBillingProfileJson } from '../../queries/billing.js';
import { firmLetterhead } from '../../queries/letterhead.js';
import { loadSummary } from '../../queries/summary.js';
import { itemThumbnails, logoDataUrl } from '../../services/print-images.js';
import { buildProposal, proposalImageIds } from '../../services/proposal.js';
import { routeOf } from '../declared.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The client proposal of a schedule for the web's PDF (docs/decisions/286), scope
 * `workspace`, 'work' on the schedule's project: any member may export it, since it holds client
 * prices only (its reply's schema has no field for a margin).
 */
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  app.route({
    ...routeOf(proposalOperations.get),
    handler: async (request) => {
      const { schedule, access } = await requireScheduleAccess(db, request.session, request.params.scheduleId);
      const chosen = [...new Set(request.query.sections)];
      const [summary, letterhead] = await Promise.all([loadSummary(db, schedule), firmLetterhead(db, access.firm.firmId)]);
      const known = new Set(summary.rooms.flatMap((room) => room.sections.map((s) => s.id)));
      if (chosen.some((id) => !known.has(id))) throw notFound(PROPOSAL_MESSAGES.sectionNotInSchedule);
      const profile = letterhead.profile && toBillingProfileJson(letterhead.profile);
      const outline = buildProposal(summary, chosen, profile?.itemTaxes);
      const [images, logo] = await Promise.all([itemThumbnails(storage, schedule.projectId, proposalImageIds(summary, outline)), logoDataUrl(storage, letterhead.profileImage)]);
      const proposal = buildProposal(summary, chosen, profile?.itemTaxes, images);
      const issuedAt = new Date();
      const validity = profile?.proposalValidityDays ?? BILLING_DEFAULTS.proposalValidityDays;
      return {
        data: {
          firm: { name: letterhead.name, legalName: profile?.legalName ?? letterhead.name, address: profile?.address ?? '', state: profile?.state ?? '', gstin: profile?.gstin ?? '', logo },
          project: { id: access.project.id, name: access.project.projectName },
          schedule: { id: schedule.id, title: schedule.title },
          issuedAt: issuedAt.toISOString(),
          validUntil: new Date(issuedAt.getTime() + validity * DAY_MS).toISOString(),
          terms: profile?.proposalTerms ?? '',
          ...proposal,
          totalInWords: amountInWords(proposal.totals.total),
        },
      };
    },
  });
};
