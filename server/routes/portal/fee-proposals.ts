import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../contract/http.js';
import { FEE_PROPOSAL_MESSAGES as PM, feeProposalOperations as ops, type FeeProposalStatus, type PortalFeeProposal } from '../../contract/fee-proposals.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { contactProposal, decideProposal, letterOf, type FeeProposalRow } from '../../queries/fee-proposals.js';
import type { FoundPortal } from '../../queries/portal.js';
import { usersWantingMail } from '../../queries/settings.js';
import { PortalAccess } from '../../services/portal-access.js';
import { routeOf } from '../declared.js';

/** A proposal as the client's portal shows it. */
export const toPortalFeeProposal = ({ proposal: p, projectName }: { proposal: FeeProposalRow; projectName: string }): PortalFeeProposal => ({
  id: p.id,
  version: p.version,
  status: p.status as FeeProposalStatus,
  projectName,
  sharedAt: p.createdAt.toISOString(),
  decidedAt: p.decidedAt?.toISOString() ?? null,
  declineReason: p.declineReason,
  fee: letterOf(p).fee,
});

/**
 * The client's side of fee proposals (docs/decisions/421), scope `public`: the portal's token is
 * the key (404, 410 revoked); accepting or declining needs a proof of the contact's address
 * (decision 391), and records who (the contact, the address proved), when, through which portal
 * and which frozen version. A superseded version is not there for the client: they answer the latest.
 */
export const portalFeeProposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, background, config } = app.ctx;
  const access = await PortalAccess.create(app.ctx);

  async function proposalOf(found: FoundPortal, id: string) {
    const row = isId(id) ? await contactProposal(db, found.firm.id, found.contact.id, id) : undefined;
    if (!row || row.proposal.status === 'superseded') throw notFound(PM.notFound);
    return row;
  }

  app.route({
    ...routeOf(ops.read),
    handler: async (request) =>
      access.reading(request, async () => {
        const found = await access.open(request.params.token);
        await access.requireUnlocked(found, request);
        const row = await proposalOf(found, request.params.proposalId);
        await access.opened(found, 'fee-proposal', row.proposal.id);
        return {
          data: {
            proposal: toPortalFeeProposal(row),
            letter: letterOf(row.proposal),
          },
        };
      }),
  });

  async function decide(found: FoundPortal, id: string, answer: { status: 'accepted' | 'declined'; declineReason?: string }) {
    const row = await proposalOf(found, id);
    const decided = await db.transaction(async (tx) => {
      const done = await decideProposal(tx, row.proposal.id, {
        ...answer,
        decidedEmail: found.contact.email,
        decidedPortalId: found.portal.id,
      });
      if (!done) throw conflict(PM.notPending);
      await recordAudit(tx, {
        actorId: null,
        firmId: found.firm.id,
        action: `portal.fee-proposal-${answer.status}`,
        targetType: 'fee-agreement',
        targetId: done.agreementId,
        details: {
          proposalId: done.id,
          version: done.version,
          portalId: found.portal.id,
          email: found.contact.email,
          reason: answer.declineReason ?? null,
        },
      });
      return done;
    });
    // The firm reads it on the Fees tab; it is mailed as its Setting says.
    background.defer('fee proposal mail', async () => {
      if (!(await usersWantingMail(db, [found.firm.id], 'clientDecisions')).has(found.firm.id)) return;
      const verb = answer.status === 'accepted' ? 'accepted' : 'declined';
      await mailer.send({
        to: found.firm.email,
        subject: `${found.contact.name} ${verb} fee proposal version ${decided.version} for ${row.projectName}`,
        text: `${found.contact.name} (${found.contact.email}) ${verb} version ${decided.version} of the fee proposal for ${row.projectName}.${
          answer.declineReason ? `\n\nTheir reason: ${answer.declineReason}` : ''
        }\n\nSee it on the project's Fees tab: ${config.PUBLIC_URL}/workspace/project/fees/${encodeURIComponent(row.projectId)}`,
      });
    });
  }

  app.route({
    ...routeOf(ops.accept),
    handler: async (request) => {
      const found = await access.open(request.params.token);
      await access.requireProof(found, request);
      await decide(found, request.params.proposalId, { status: 'accepted' });
      return { message: PM.accepted };
    },
  });

  app.route({
    ...routeOf(ops.decline),
    handler: async (request) => {
      const found = await access.open(request.params.token);
      await access.requireProof(found, request);
      await decide(found, request.params.proposalId, {
        status: 'declined',
        declineReason: request.body.reason,
      });
      return { message: PM.declined };
    },
  });
};
