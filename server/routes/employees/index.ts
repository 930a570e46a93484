import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireEmployeeManagement, requireEmployeesManager } from '../../auth/employee-access.js';
import { EMPLOYEE_MESSAGES as M, employeeOperations as ops } from '../../contract/employees.js';
import { designationOf } from '../../contract/employees-rules.js';
import { routeOf } from '../declared.js';
import { newId } from '../../db/ids.js';
import { conflict, forbidden, isUniqueViolation } from '../../errors.js';
import { recordAudit } from '../../queries/audit.js';
import { insertUnconfirmedEmployee, listEmployees, renewConfirmationToken, toEmployeeJson, updateEmployee } from '../../queries/employees.js';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../../queries/users.js';
import { setCredentials } from '../../queries/credentials.js';
import { firmNameOf, welcomeMail } from '../../services/employee-confirmation.js';
import { hashPassword } from '../../services/passwords.js';
import { endAccess } from '../../services/access-end.js';
import { revokeAllSessions } from '../../queries/sessions.js';
import { newToken } from '../../services/tokens.js';

/**
 * A firm's employees (workspace-and-admin.md screen 11; DESIGN.md sections 9 and 10;
 * docs/decisions/110, 235–237), scope `workspace`, managed by the firm and its sub-admins (a
 * sub-admin: plain employees only, server/auth/employee-access.ts). Each is a real account (role
 * `employee`, argon2id password) that signs in through the ordinary login once its person has
 * confirmed the address from the welcome mail. Deactivating deletes its sessions at once and
 * keeps the account and its history; reactivating lets it sign in again.
 */

const emailTaken = () => conflict(M.emailTaken, [{ path: 'email', message: M.emailTaken }]);

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, firmMail, background, config } = app.ctx;

  /**
   * Mails the welcome link of `employee` on the firm's behalf: checked and counted before (403 for
   * a firm not yet approved, 429 past its allowance), sent after the answer.
   */
  async function inviteEmployee(actor: UserRow, firmId: string, email: string, write: (tokenHash: string) => Promise<UserRow>) {
    const grant = await firmMail.reserve({ firmId, actorId: actor.id, kind: 'employee-welcome' }, [email]);
    const { token, hash } = newToken();
    let employee: UserRow;
    try {
      employee = await write(hash);
    } catch (error) {
      await grant.cancel();
      throw error;
    }
    const firm = firmId === actor.id ? actor : await findUserById(db, firmId);
    background.defer('employee welcome mail', () =>
      grant.send(welcomeMail({ employee, firmName: firmNameOf(firm), addedBy: actor, token, publicUrl: config.PUBLIC_URL })),
    );
    return employee;
  }

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { user } = request.session;
      const firm = requireEmployeesManager(request.session);
      const rows = await listEmployees(db, firm.firmId);
      return { data: { employees: rows.map(toEmployeeJson), viewer: { id: user.id, isOwner: firm.isOwner } } };
    },
  });

  app.route({
    ...routeOf(ops.create),
    handler: async (request, reply) => {
      const { user } = request.session;
      const body = request.body;
      const firm = requireEmployeesManager(request.session, body.isSubAdmin);
      if (await findUserByEmail(db, body.email)) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      const id = newId();
      const row = await inviteEmployee(user, firm.firmId, body.email, (tokenHash) =>
        db
          .transaction(async (tx) => {
            const created = await insertUnconfirmedEmployee(
              tx,
              id,
              firm.firmId,
              {
                userName: body.name,
                email: body.email,
                passwordHash,
                designation: designationOf(body.designation, body.designationOther),
                contactNo: body.mobile,
                address: body.address,
                isSubAdmin: body.isSubAdmin,
                canSeeFinancials: body.canSeeFinancials,
              },
              tokenHash,
            );
            await recordAudit(tx, {
              actorId: user.id,
              firmId: firm.firmId,
              action: 'employee.created',
              targetType: 'user',
              targetId: id,
              details: { email: body.email, isSubAdmin: body.isSubAdmin, canSeeFinancials: body.canSeeFinancials },
            });
            return created;
          })
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) throw emailTaken();
            throw error;
          }),
      );
      return reply.status(201).send({ data: toEmployeeJson(row) });
    },
  });

  app.route({
    ...routeOf(ops.update),
    handler: async (request) => {
      const { user } = request.session;
      const body = request.body;
      const { firm, employee } = await requireEmployeeManagement(db, request.session, request.params.id, { isSubAdmin: body.isSubAdmin });
      if (body.email !== employee.email.toLowerCase()) {
        // A confirmed address is its person's: they move it themselves, proving the new one (Setting).
        if (!employee.unconfirmedSince) throw forbidden(M.confirmedEmailIsTheirs);
        const other = await findUserByEmail(db, body.email);
        if (other && other.id !== employee.id) throw emailTaken();
      }
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const row = await db
        .transaction(async (tx) => {
          // From the version the form was read at (docs/decisions/320): 409 when someone changed the employee meanwhile.
          const updated = await updateEmployee(tx, employee.id, user.id, body.version, {
            userName: body.name,
            email: body.email,
            designation: designationOf(body.designation, body.designationOther),
            contactNo: body.mobile,
            address: body.address,
            isSubAdmin: body.isSubAdmin,
            canSeeFinancials: body.canSeeFinancials,
          });
          // A new password, or less access, ends the sessions opened under the old ones.
          if (passwordHash) await setCredentials(tx, employee.id, { passwordHash }, null);
          else if (employee.isSubAdmin && !body.isSubAdmin) await revokeAllSessions(tx, employee.id);
          await recordAudit(tx, {
            actorId: user.id,
            firmId: firm.firmId,
            action: 'employee.updated',
            targetType: 'user',
            targetId: employee.id,
            details: {
              from: { email: employee.email, isSubAdmin: employee.isSubAdmin, canSeeFinancials: employee.canSeeFinancials },
              to: { email: body.email, isSubAdmin: body.isSubAdmin, canSeeFinancials: body.canSeeFinancials },
              passwordChanged: Boolean(passwordHash),
            },
          });
          return updated;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        });
      // A corrected address of an account still waiting: the link goes to the new one (the old link dies).
      if (row.email !== employee.email) {
        return { data: toEmployeeJson(await inviteEmployee(user, firm.firmId, row.email, async (hash) => (await renewConfirmationToken(db, row.id, hash)) ?? row)) };
      }
      return { data: toEmployeeJson(row) };
    },
  });

  app.route({
    ...routeOf(ops.resendConfirmation),
    handler: async (request) => {
      const { user } = request.session;
      const { firm, employee } = await requireEmployeeManagement(db, request.session, request.params.id);
      if (!employee.unconfirmedSince) throw conflict(M.alreadyConfirmed);
      const row = await inviteEmployee(user, firm.firmId, employee.email, async (hash) => {
        const renewed = await renewConfirmationToken(db, employee.id, hash);
        if (!renewed) throw conflict(M.alreadyConfirmed);
        await recordAudit(db, { actorId: user.id, firmId: firm.firmId, action: 'employee.confirmation-resent', targetType: 'user', targetId: employee.id });
        return renewed;
      });
      return { data: toEmployeeJson(row) };
    },
  });

  for (const [action, deactivate] of [
    ['deactivate', true],
    ['reactivate', false],
  ] as const) {
    app.route({
      ...routeOf(ops[action]),
      handler: async (request) => {
        const { user } = request.session;
        const { firm, employee } = await requireEmployeeManagement(db, request.session, request.params.id, { deactivate });
        const row = await db.transaction(async (tx) => {
          const updated = await updateUser(tx, employee.id, { deactivatedAt: deactivate ? (employee.deactivatedAt ?? new Date()) : null });
          if (deactivate && !employee.deactivatedAt) {
            await revokeAllSessions(tx, employee.id);
            await endAccess(tx, employee, { actorId: user.id, firmId: firm.firmId, reason: `${employee.userName} was deactivated` });
          }
          await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: `employee.${action}d`, targetType: 'user', targetId: employee.id });
          return updated!;
        });
        return { data: toEmployeeJson(row) };
      },
    });
  }
};
