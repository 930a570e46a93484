import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess, type FirmMembership } from '../auth/firm.js';
import type { Session } from '../auth/session.js';
import { CreateEmployeeBody, EMPLOYEE_MESSAGES as M, EmployeeReply, EmployeesReply, UpdateEmployeeBody } from '../contract/employees.js';
import { designationOf } from '../contract/employees-rules.js';
import { ErrorReply, IdParams, isId } from '../contract/http.js';
import { newId } from '../db/ids.js';
import { users } from '../db/schema.js';
import { conflict, forbidden, isUniqueViolation, notFound } from '../errors.js';
import { recordAudit } from '../queries/audit.js';
import { findEmployee, listEmployees, toEmployeeJson } from '../queries/employees.js';
import { findUserByEmail, type UserRow } from '../queries/users.js';
import { hashPassword } from '../services/passwords.js';
import { revokeAllSessions } from '../services/sessions.js';

/**
 * A firm's employees (workspace-and-admin.md screen 11; DESIGN.md section 9; docs/decisions/110),
 * scope `workspace`, managed by the firm and its sub-admins only. Each is a real account (role
 * `employee`, argon2id password) that signs in through the ordinary login. Deactivating deletes
 * its sessions at once and keeps the account and its history; reactivating lets it sign in again.
 */

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const emailTaken = () => conflict(M.emailTaken, [{ path: 'email', message: M.emailTaken }]);

/** A sub-admin manages the firm's plain employees; a sub-admin's access and its state are the firm's to change. */
function checkSubAdminLimits(firm: FirmMembership, actor: UserRow, target: UserRow, change: { isSubAdmin?: boolean; deactivate?: boolean }) {
  if (firm.isOwner) return;
  if (target.id === actor.id) {
    if (change.deactivate) throw forbidden(M.ownDeactivate);
    if (change.isSubAdmin !== undefined && change.isSubAdmin !== target.isSubAdmin) throw forbidden(M.ownSubAdmin);
    return;
  }
  if (target.isSubAdmin && (change.deactivate || change.isSubAdmin === false)) throw forbidden(M.subAdminOnlyByFirm);
}

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, background } = app.ctx;

  async function managedEmployee(session: Session, id: string) {
    const firm = requireFirmAccess(session.user, 'manage');
    const employee = isId(id) ? await findEmployee(db, firm.firmId, id) : undefined;
    if (!employee) throw notFound(M.notFound);
    return { firm, employee };
  }

  app.get(
    '/employees',
    { schema: { tags: ['employees'], summary: "The firm's employees (firm and sub-admins)", security: [{ bearer: [] }], response: { 200: EmployeesReply, ...errors } } },
    async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const rows = await listEmployees(db, firm.firmId);
      return { data: { employees: rows.map(toEmployeeJson), viewer: { id: user.id, isOwner: firm.isOwner } } };
    },
  );

  app.post(
    '/employees',
    {
      schema: {
        tags: ['employees'],
        summary: 'Create an employee account of the firm',
        security: [{ bearer: [] }],
        body: CreateEmployeeBody,
        response: { 201: EmployeeReply, ...errors, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const body = request.body;
      if (await findUserByEmail(db, body.email)) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      const id = newId();
      const row = await db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              id,
              userName: body.name,
              email: body.email,
              passwordHash,
              role: 'employee',
              loginType: 'normal',
              firmId: firm.firmId,
              designation: designationOf(body.designation, body.designationOther),
              contactNo: body.mobile,
              address: body.address,
              isSubAdmin: body.isSubAdmin,
              canSeeFinancials: body.canSeeFinancials,
            })
            .returning();
          await recordAudit(tx, {
            actorId: user.id,
            firmId: firm.firmId,
            action: 'employee.created',
            targetType: 'user',
            targetId: id,
            details: { email: body.email, isSubAdmin: body.isSubAdmin, canSeeFinancials: body.canSeeFinancials },
          });
          return created!;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw emailTaken();
          throw error;
        });
      const firmName = (await db.select({ firmName: users.firmName, userName: users.userName }).from(users).where(eq(users.id, firm.firmId)))[0];
      background.defer('employee welcome mail', () =>
        mailer.send({
          to: row.email,
          subject: `Your Archivista account at ${firmName?.firmName ?? firmName?.userName ?? 'your firm'}`,
          text: `Hello ${row.userName},\n\n${user.userName} created your workspace account. Sign in with this email and the password they gave you; you can change it in Setting.`,
        }),
      );
      return reply.status(201).send({ data: toEmployeeJson(row) });
    },
  );

  app.put(
    '/employees/:id',
    {
      schema: {
        tags: ['employees'],
        summary: "Change an employee's details (a blank password keeps it)",
        security: [{ bearer: [] }],
        params: IdParams,
        body: UpdateEmployeeBody,
        response: { 200: EmployeeReply, ...errors, 409: ErrorReply },
      },
    },
    async (request) => {
      const { user } = request.session;
      const { firm, employee } = await managedEmployee(request.session, request.params.id);
      const body = request.body;
      checkSubAdminLimits(firm, user, employee, { isSubAdmin: body.isSubAdmin });
      if (body.email !== employee.email.toLowerCase()) {
        const other = await findUserByEmail(db, body.email);
        if (other && other.id !== employee.id) throw emailTaken();
      }
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const row = await db
        .transaction(async (tx) => {
          const [updated] = await tx
            .update(users)
            .set({
              userName: body.name,
              email: body.email,
              designation: designationOf(body.designation, body.designationOther),
              contactNo: body.mobile,
              address: body.address,
              isSubAdmin: body.isSubAdmin,
              canSeeFinancials: body.canSeeFinancials,
              ...(passwordHash ? { passwordHash } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, employee.id))
            .returning();
          if (!updated) throw notFound(M.notFound);
          // A new password, or less access, ends the sessions opened under the old ones.
          if (passwordHash || (employee.isSubAdmin && !body.isSubAdmin)) await revokeAllSessions(tx, employee.id);
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
      return { data: toEmployeeJson(row) };
    },
  );

  for (const [action, deactivate] of [
    ['deactivate', true],
    ['reactivate', false],
  ] as const) {
    app.post(
      `/employees/:id/${action}`,
      {
        schema: {
          tags: ['employees'],
          summary: deactivate ? 'Deactivate an employee: its sessions end at once; its history stays' : 'Let a deactivated employee sign in again',
          security: [{ bearer: [] }],
          params: IdParams,
          response: { 200: EmployeeReply, ...errors },
        },
      },
      async (request) => {
        const { user } = request.session;
        const { firm, employee } = await managedEmployee(request.session, request.params.id);
        checkSubAdminLimits(firm, user, employee, { deactivate });
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(users)
            .set({ deactivatedAt: deactivate ? (employee.deactivatedAt ?? new Date()) : null, updatedAt: new Date() })
            .where(eq(users.id, employee.id))
            .returning();
          if (deactivate) await revokeAllSessions(tx, employee.id);
          await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: `employee.${action}d`, targetType: 'user', targetId: employee.id });
          return updated!;
        });
        return { data: toEmployeeJson(row) };
      },
    );
  }
};
