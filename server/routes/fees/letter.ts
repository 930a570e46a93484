import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeMargins } from '../../auth/margins.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { feeLetterOperations as ops } from '../../contract/fee-letter.js';
import { forbidden, notFound } from '../../errors.js';
import { findAgreement } from '../../queries/fees.js';
import { feeLetterOf, LETTER_MESSAGES } from '../../services/fee-letter.js';
import { routeOf } from '../declared.js';

export { LETTER_MESSAGES } from '../../services/fee-letter.js';

/**
 * The engagement letter's print data (docs/decisions/381): whoever may see the fee agreement may
 * print it (the firm, its sub-admins, employees granted "Can see financials"). The letter itself is
 * made by services/fee-letter.ts, which a shared fee proposal freezes (docs/decisions/421).
 */
export const feeLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(ops.print),
    handler: async (request) => {
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      if (!canSeeMargins(request.session.user)) throw forbidden(LETTER_MESSAGES.financials);
      const agreement = await findAgreement(db, firm.firmId, project.id);
      if (!agreement) throw notFound(LETTER_MESSAGES.noAgreement);
      return { data: await feeLetterOf(db, storage, firm, project, agreement) };
    },
  });
};
