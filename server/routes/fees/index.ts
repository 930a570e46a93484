import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { canSeeMargins } from '../../auth/margins.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { zoneOf } from '../../contract/dates.js';
import {
  COA_MINIMUM_RATE,
  COA_STAGES,
  FEE_LIMITS as L,
  FEE_MESSAGES as M,
} from '../../contract/fees.js';
import { feeOperations as ops } from '../../contract/fee-operations.js';
import { FEE_PROPOSAL_MESSAGES as PM } from '../../contract/fee-proposals.js';
import { isId } from '../../contract/http.js';
import type { Database } from '../../db/connection.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { clientsOfFirm, costsOf, deleteStage, documentsOf, findAgreement, insertAgreement, insertCost, insertStage, stagesOf, changeAgreement, updateStage, type FeeAgreementRow } from '../../queries/fees.js';
import { findContactOfFirm } from '../../queries/invoice-writes.js';
import { billStage, feeAgreementJson } from '../../services/fees.js';
import { requireProfile } from '../invoices/shared.js';
import { routeOf } from '../declared.js';

/**
 * `/api/fee-agreements/:projectId` (docs/decisions/425–428), scope `workspace`. Fees are
 * financials: those who see margins read them (the firm, its sub-admins, members granted "Can see
 * financials"; docs/decisions/258); the firm and its sub-admins, who bill, change them.
 */

const FINANCIALS_ONLY = 'Only the firm, its sub-admins and employees allowed to see financials can see fees';

async function managed(db: Database, request: FastifyRequest, projectId: string) {
  const access = await requireProjectAccess(db, request.session, projectId, 'manage');
  return { ...access, actor: { id: request.session.user.id, firmId: access.firm.firmId } };
}

async function managedAgreement(db: Database, request: FastifyRequest, projectId: string) {
  const access = await managed(db, request, projectId);
  const agreement = await findAgreement(db, access.firm.firmId, access.project.id);
  if (!agreement) throw notFound(M.notFound);
  return { ...access, agreement };
}

async function managedStage(db: Database, request: FastifyRequest, params: { projectId: string; stageId: string }) {
  const access = await managedAgreement(db, request, params.projectId);
  const stages = await stagesOf(db, access.agreement.id);
  const index = isId(params.stageId) ? stages.findIndex((s) => s.id === params.stageId) : -1;
  if (index < 0) throw notFound(M.stageNotFound);
  return { ...access, stages, index, stage: stages[index]! };
}

async function checkClient(db: Database, firmId: string, contactId: string | null) {
  if (!contactId) return null;
  const contact = isId(contactId) ? await findContactOfFirm(db, firmId, contactId) : undefined;
  if (!contact?.isClient) throw badRequest(M.notAClient, [{ path: 'contactId', message: M.notAClient }]);
  return contact.id;
}

export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const reply = async (message: string, agreement: FeeAgreementRow) => ({ message, data: await feeAgreementJson(db, agreement) });

  /** A change of the stages: written with the agreement's version raised, in one transaction, 409 when `version` is stale (decision 421). */
  const changed = (agreement: FeeAgreementRow, request: FastifyRequest, version: number | undefined, write: (tx: Database) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      const row = await changeAgreement(tx, agreement, { version, actorId: request.session.user.id, toJson: (r) => feeAgreementJson(tx, r) });
      await write(tx);
      return row;
    });

  app.route({
    ...routeOf(ops.get),
    handler: async (request) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      if (!canSeeMargins(request.session.user)) throw forbidden(FINANCIALS_ONLY);
      const agreement = await findAgreement(db, firm.firmId, project.id);
      const clients = await clientsOfFirm(db, firm.firmId);
      return {
        data: {
          project: { id: project.id, projectName: project.projectName },
          agreement: agreement ? await feeAgreementJson(db, agreement) : null,
          clients: clients.map((c) => ({ id: c.id, name: c.company ? `${c.name} (${c.company})` : c.name })),
        },
      };
    },
  });

  app.route({
    ...routeOf(ops.save),
    handler: async (request) => {
      const { project, actor } = await managed(db, request, request.params.projectId);
      const body = request.body;
      const contactId = await checkClient(db, actor.firmId, body.contactId);
      const { version, ...given } = body;
      const terms = { ...given, contactId, rateMilli: body.basis === 'percentage' && body.rateMilli === 0 ? COA_MINIMUM_RATE[body.workKind] : body.rateMilli, updatedBy: actor.id };
      const row = await db.transaction(async (tx) => {
        const existing = await findAgreement(tx, actor.firmId, project.id);
        // A change of an agreement names the version its person read: two people saving at once never lose one silently (decision 421).
        if (existing && version === undefined) throw badRequest(PM.versionRequired, [{ path: 'version', message: PM.versionRequired }]);
        const result = existing ? await changeAgreement(tx, existing, { version, actorId: actor.id, set: terms, toJson: (r) => feeAgreementJson(tx, r) }) : await insertAgreement(tx, actor.firmId, project.id, terms, COA_STAGES);
        await recordAudit(tx, { actorId: actor.id, firmId: actor.firmId, action: existing ? 'fee.changed' : 'fee.agreed', targetType: 'fee-agreement', targetId: result.id, details: { basis: terms.basis, rateMilli: terms.rateMilli, lumpSum: terms.lumpSum } });
        return result;
      });
      return reply(M.saved, row);
    },
  });

  app.route({
    ...routeOf(ops.recordCost),
    handler: async (request) => {
      const { agreement, actor } = await managedAgreement(db, request, request.params.projectId);
      if ((await costsOf(db, agreement.id)).length >= L.costs) throw badRequest(M.tooManyCosts);
      await insertCost(db, { agreementId: agreement.id, ...request.body, note: request.body.note ?? '', createdBy: actor.id });
      return reply(M.costRecorded, agreement);
    },
  });

  app.route({ ...routeOf(ops.addStage), handler: async (request) => {
    const { agreement } = await managedAgreement(db, request, request.params.projectId);
    if ((await stagesOf(db, agreement.id)).length >= L.stages) throw badRequest(M.tooManyStages);
    const { version, ...stage } = request.body;
    return reply(M.stageAdded, await changed(agreement, request, version, (tx) => insertStage(tx, agreement.id, { ...stage, minimum: stage.minimum ?? 0 })));
  } });

  app.route({ ...routeOf(ops.saveStage), handler: async (request) => {
    const { agreement, stage } = await managedStage(db, request, request.params);
    const { version, ...changes } = request.body;
    return reply(M.stageSaved, await changed(agreement, request, version, (tx) => updateStage(tx, stage.id, { ...changes, minimum: changes.minimum ?? 0 })));
  } });

  app.route({ ...routeOf(ops.removeStage), handler: async (request) => {
    const { agreement, stage } = await managedStage(db, request, request.params);
    if ((await documentsOf(db, agreement.id)).some((d) => d.stageId === stage.id)) throw conflict('A stage that has billed stays in the schedule');
    return reply(M.stageRemoved, await changed(agreement, request, undefined, (tx) => deleteStage(tx, stage.id)));
  } });

  app.route({ ...routeOf(ops.moveStage), handler: async (request) => {
    const { agreement, stages, index } = await managedStage(db, request, request.params);
    const target = request.body.direction === 'up' ? index - 1 : index + 1;
    if (target >= 0 && target < stages.length) {
      const order = stages.map((s) => s.id);
      [order[index], order[target]] = [order[target]!, order[index]!];
      return reply(M.stageMoved, await changed(agreement, request, undefined, async (tx) => {
        for (const [position, id] of order.entries()) await updateStage(tx, id, { position });
      }));
    }
    return reply(M.stageMoved, agreement);
  } });

  app.route({ ...routeOf(ops.reachStage), handler: async (request) => {
    const { agreement, stage, actor } = await managedStage(db, request, request.params);
    if (stage.reachedOn) throw conflict(M.alreadyReached);
    await updateStage(db, stage.id, { reachedOn: request.body.reachedOn });
    await recordAudit(db, { actorId: actor.id, firmId: actor.firmId, action: 'fee.stage-reached', targetType: 'fee-agreement', targetId: agreement.id, details: { stage: stage.name, reachedOn: request.body.reachedOn } });
    return reply(M.stageReached, agreement);
  } });

  app.route({
    ...routeOf(ops.billStage),
    handler: async (request, res) => {
      const { agreement, stage, actor } = await managedStage(db, request, request.params);
      const profile = await requireProfile(db, actor.firmId);
      const timeZone = zoneOf({ timeZone: request.session.employer?.timeZone ?? request.session.user.timeZone });
      const result = await db.transaction((tx) => billStage(tx, actor, agreement.id, stage.id, profile, new Date(), timeZone));
      const message = result.kind === 'invoice' ? M.invoiceDrafted : M.creditNoteIssued(result.numbers.join(', '));
      return res.status(201).send({ message, data: { kind: result.kind, invoiceIds: result.invoiceIds, agreement: await feeAgreementJson(db, agreement) } });
    },
  });
};
