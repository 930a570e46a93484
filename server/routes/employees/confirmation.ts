import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONFIRMATION_MESSAGES as M } from '../../contract/employee-confirmation.js';
import { employeeConfirmationOperations as ops } from '../../contract/employees.js';
import { routeOf } from '../declared.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { findByConfirmationToken, lapsesAt, markConfirmed } from '../../queries/employees.js';
import { findUserById } from '../../queries/users.js';
import { firmNameOf, releasePendingEmployee } from '../../services/employee-confirmation.js';
import { hashToken } from '../../services/tokens.js';

/**
 * The welcome mail's link (docs/decisions/236), scope `public`: whoever holds the
 * link holds the mailbox, so the link is the proof. Reading it changes nothing (mail scanners open
 * links); Confirm and This was not me are posts. A used, lapsed or unknown link answers 404.
 */

export const employeeConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  async function pendingOf(token: string) {
    const employee = token.length >= 20 ? await findByConfirmationToken(db, hashToken(token)) : undefined;
    if (!employee) throw notFound(M.invalid);
    return employee;
  }

  app.route({
    ...routeOf(ops.pending),
    handler: async (request) => {
      const employee = await pendingOf(request.params.token);
      const firm = employee.firmId ? await findUserById(db, employee.firmId) : undefined;
      return { data: { userName: employee.userName, email: employee.email, firmName: firmNameOf(firm), lapsesAt: lapsesAt(employee).toISOString() } };
    },
  });

  app.route({
    ...routeOf(ops.confirm),
    handler: async (request) => {
      const employee = await pendingOf(request.params.token);
      const confirmed = await db.transaction(async (tx) => {
        const row = await markConfirmed(tx, employee.id);
        if (row) await recordAudit(tx, { actorId: row.id, firmId: row.firmId, action: 'employee.confirmed', targetType: 'user', targetId: row.id });
        return row;
      });
      if (!confirmed) throw notFound(M.invalid);
      return { message: M.confirmed };
    },
  });

  app.route({
    ...routeOf(ops.notMe),
    handler: async (request) => {
      const employee = await pendingOf(request.params.token);
      if (!(await releasePendingEmployee(app.ctx, employee, 'not-me'))) throw notFound(M.invalid);
      return { message: M.released };
    },
  });
};
