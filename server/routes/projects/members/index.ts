import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Session } from '../../../auth/session.js';
import { PROJECT_NOT_FOUND, requireProjectAccess } from '../../../auth/project-access.js';
import { isId } from '../../../contract/http.js';
import { MEMBER_MESSAGES, memberOperations as ops } from '../../../contract/workspace-members.js';
import { routeOf } from '../../declared.js';
import { newId } from '../../../db/ids.js';
import { conflict, databaseErrorCode, HttpError, isUniqueViolation, notFound } from '../../../errors.js';
import { recordAudit } from '../../../queries/audit.js';
import { endProjectAccess } from '../../../services/access-end.js';
import { deleteMember, findMember, insertMember, listMembers, toMemberJson, updateMember } from '../../../queries/workspace-members.js';

/**
 * The members of a workspace project (workspace-and-admin.md screen 6 and section 7), scope
 * `workspace`: read by anyone who works on the project, written by the firm and its sub-admins.
 * The members list is what gives an employee access to a project (DESIGN.md section 9).
 */


/** SQLSTATE of a foreign key refusing a row (its project is gone). */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A refused member write: the same email twice in one project (members_project_email_idx) is 409
 * under the email field; a project deleted by another request since the access check is 404.
 */
function memberWriteError(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(MEMBER_MESSAGES.duplicate, [{ path: 'email', message: MEMBER_MESSAGES.duplicate }]);
  if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound(PROJECT_NOT_FOUND);
  throw error;
}

/** Why a member's access to a project ended (the Client Board shows it on the links it revokes). */
const leaving = (actorId: string, firmId: string, name: string, projectName: string) => ({ actorId, firmId, reason: `${name} was removed from ${projectName}` });

export const workspaceMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /**
   * A member the caller may manage, with its project's access: 404 "Member not found" for an unknown
   * id and for a member of a project the caller cannot see; 403 for a member employee.
   */
  async function managedMember(session: Session, id: string) {
    const member = isId(id) ? await findMember(db, id) : undefined;
    if (!member) throw notFound(MEMBER_MESSAGES.notFound);
    try {
      return { member, ...(await requireProjectAccess(db, session, member.projectId, 'manage')) };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(MEMBER_MESSAGES.notFound);
      throw error;
    }
  }

  app.route({
    ...routeOf(ops.list),
    handler: async (request) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const rows = await listMembers(db, project.id);
      return { data: { members: rows.map(toMemberJson) } };
    },
  });

  app.route({
    ...routeOf(ops.create),
    handler: async (request, reply) => {
      const { user } = request.session;
      const { projectId, ...fields } = request.body;
      const { project, firm } = await requireProjectAccess(db, request.session, projectId, 'manage');
      const id = newId();
      const row = await db
        .transaction(async (tx) => {
          const created = await insertMember(tx, { id, projectId: project.id, ...fields });
          await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'member.created', targetType: 'member', targetId: id, details: { projectId: project.id, email: fields.email } });
          return created;
        })
        .catch(memberWriteError);
      return reply.status(201).send({ data: toMemberJson(row) });
    },
  });

  app.route({
    ...routeOf(ops.update),
    handler: async (request) => {
      const { user } = request.session;
      const { member, firm, project } = await managedMember(request.session, request.params.id);
      const row = await db
        .transaction(async (tx) => {
          const updated = await updateMember(tx, member.id, request.body);
          // Deleted by another request since it was read.
          if (!updated) throw notFound(MEMBER_MESSAGES.notFound);
          // Another email: the old one's employee no longer works on the project.
          if (updated.email.toLowerCase() !== member.email.toLowerCase()) await endProjectAccess(tx, member, leaving(user.id, firm.firmId, member.name, project.projectName));
          await recordAudit(tx, {
            actorId: user.id,
            firmId: firm.firmId,
            action: 'member.updated',
            targetType: 'member',
            targetId: member.id,
            details: { projectId: member.projectId, from: { name: member.name, email: member.email }, to: request.body },
          });
          return updated;
        })
        .catch(memberWriteError);
      return { data: toMemberJson(row) };
    },
  });

  app.route({
    ...routeOf(ops.delete),
    handler: async (request) => {
      const { user } = request.session;
      const { member, firm, project } = await managedMember(request.session, request.params.id);
      await db.transaction(async (tx) => {
        await deleteMember(tx, member.id);
        await endProjectAccess(tx, member, leaving(user.id, firm.firmId, member.name, project.projectName));
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'member.deleted', targetType: 'member', targetId: member.id, details: { projectId: member.projectId, email: member.email } });
      });
      return { message: 'Member deleted' };
    },
  });
};
