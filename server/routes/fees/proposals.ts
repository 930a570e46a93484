import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProjectAccess } from '../../auth/project-access.js';
import { FEE_MESSAGES as M } from '../../contract/fees.js';
import { FEE_PROPOSAL_MESSAGES as PM, feeProposalOperations as ops } from '../../contract/fee-proposals.js';
import type { FeeLetterReply } from '../../contract/fee-letter.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { insertProposal, proposalsOf } from '../../queries/fee-proposals.js';
import { findAgreement, lockAgreement, stagesOf } from '../../queries/fees.js';
import { findContactOfFirm } from '../../queries/invoice-writes.js';
import { feeLetterOf } from '../../services/fee-letter.js';
import { feeAgreementJson, frozenTermsOf, sortedJson, termsDiffer } from '../../services/fees.js';
import { PortalAccess } from '../../services/portal-access.js';
import { routeOf } from '../declared.js';

/** What a client reads of a letter: its figures and text, not the day it was printed. */
const figuresOf = (letter: FeeLetterReply['data']) => sortedJson({ ...letter, today: null, firm: { ...letter.firm, logo: null } });

/**
 * Sharing a fee proposal with the client for acceptance (docs/decisions/421), scope `workspace`,
 * the firm and its sub-admins (who change and bill fees). The letter is frozen as the next
 * version in the agreement's client's portal (opened if needed); a version still waiting is
 * superseded, so the client answers only the latest.
 */
export const feeProposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  const access = await PortalAccess.create(app.ctx);

  app.route({
    ...routeOf(ops.share),
    handler: async (request, reply) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'manage');
      const actorId = request.session.user.id;
      const agreement = await findAgreement(db, firm.firmId, project.id);
      if (!agreement) throw notFound(M.notFound);
      const contact = agreement.contactId ? await findContactOfFirm(db, firm.firmId, agreement.contactId) : undefined;
      if (!contact?.isClient) throw conflict(PM.noClient);
      if (!contact.email) throw conflict(PM.noEmail);
      // Read before the transaction: the letter reads the logo from storage (decision 302).
      const letter = await feeLetterOf(db, storage, firm, project, agreement);
      const { portal } = await access.openFor({
        firmId: firm.firmId,
        contactId: contact.id,
        actorId,
      });
      const row = await db.transaction(async (tx) => {
        const locked = await lockAgreement(tx, agreement.id);
        // The letter was read at this version: a change meanwhile (or one the sharer had not seen) is a 409.
        if (locked.version !== request.body.version || locked.version !== agreement.version) throw conflict('The agreement changed since you read it: reload the page and share again');
        const terms = frozenTermsOf(locked, await stagesOf(tx, locked.id));
        const [latest] = (await proposalsOf(tx, locked.id)).filter((p) => p.proposal.status !== 'superseded');
        const same =
          latest &&
          (latest.proposal.status === 'pending' || latest.proposal.status === 'accepted') &&
          !termsDiffer(latest.proposal.terms, terms) &&
          figuresOf(latest.proposal.letter as unknown as FeeLetterReply['data']) === figuresOf(letter);
        if (same) throw conflict(PM.nothingNew);
        const proposal = await insertProposal(tx, {
          firmId: firm.firmId,
          agreementId: locked.id,
          contactId: contact.id,
          portalId: portal.id,
          agreementVersion: locked.version,
          letter,
          terms,
          sharedBy: actorId,
        });
        await recordAudit(tx, {
          actorId,
          firmId: firm.firmId,
          action: 'fee.proposal-shared',
          targetType: 'fee-agreement',
          targetId: locked.id,
          details: {
            proposalId: proposal.id,
            version: proposal.version,
            portalId: portal.id,
            fee: letter.fee,
          },
        });
        return { locked, proposal };
      });
      return reply.status(201).send({
        message: PM.shared(row.proposal.version),
        data: await feeAgreementJson(db, row.locked),
      });
    },
  });
};
