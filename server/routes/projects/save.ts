import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { requireProjectAccess } from '../../auth/project-access.js';
import { WorkspaceProjectChangesForm, WorkspaceProjectForm, workspaceProjectOperations as ops } from '../../contract/workspace-projects.js';
import { routeOf } from '../declared.js';
import { newId } from '../../db/ids.js';
import { recordAudit } from '../../queries/audit.js';
import { deleteWorkspaceProject, insertWorkspaceProject, toWorkspaceProjectJson, updateWorkspaceProject } from '../../queries/workspace-projects.js';
import { deleteProjectPhotos } from '../../services/workspace-photos.js';
import { projectPhotos, withProjectForm } from './photo-form.js';

/** Create, update and delete a project: for the firm and its sub-admins. */
export const projectSaveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  const { photoOfSave, claimPhoto, discardFresh, discard } = projectPhotos(db, storage);

  app.route({
    ...routeOf(ops.create),
    handler: async (request, reply) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      return withProjectForm(request, true, WorkspaceProjectForm, async (form, photo) => {
        const id = newId();
        const stored = (await photoOfSave(user.id, firm.firmId, id, photo))!;
        try {
          const row = await db.transaction(async (tx) => {
            await claimPhoto(tx, user.id, stored.upload);
            const created = await insertWorkspaceProject(tx, { id, firmId: firm.firmId, photoKey: stored.photoKey, form });
            await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'project.created', targetType: 'project', targetId: id, details: { projectName: form.projectName } });
            return created;
          });
          return reply.status(201).send({ data: toWorkspaceProjectJson(row, 'manage') });
        } catch (error) {
          await discardFresh(request, stored);
          throw error;
        }
      });
    },
  });

  app.route({
    ...routeOf(ops.update),
    handler: async (request) => {
      const { user } = request.session;
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.id, 'manage');
      return withProjectForm(request, false, WorkspaceProjectChangesForm, async ({ version, ...form }, photo) => {
        const stored = await photoOfSave(user.id, firm.firmId, project.id, photo);
        let row;
        try {
          row = await db.transaction(async (tx) => {
            if (stored) await claimPhoto(tx, user.id, stored.upload);
            // Deleted by another request since the access check: 404; changed by another: 409 (docs/decisions/320).
            const updated = await updateWorkspaceProject(tx, project.id, user.id, form, version, stored?.photoKey);
            await recordAudit(tx, {
              actorId: user.id,
              firmId: firm.firmId,
              action: 'project.updated',
              targetType: 'project',
              targetId: project.id,
              details: { projectName: form.projectName, photoChanged: Boolean(stored) },
            });
            return updated;
          });
        } catch (error) {
          await discardFresh(request, stored);
          throw error;
        }
        // The old photo goes once the row names the new one.
        if (stored) await discard(request, () => deleteProjectPhotos(storage, [project.photoKey]));
        return { data: toWorkspaceProjectJson(row, 'manage') };
      });
    },
  });

  app.route({
    ...routeOf(ops.delete),
    handler: async (request) => {
      const { user } = request.session;
      const { project, firm } = await requireProjectAccess(db, request.session, request.params.id, 'manage');
      const leftovers = await db.transaction(async (tx) => {
        const stored = await deleteWorkspaceProject(tx, project.id);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'project.deleted', targetType: 'project', targetId: project.id, details: { projectName: project.projectName } });
        return stored;
      });
      // After the commit: a rolled-back delete never loses bytes.
      await discard(request, async () => {
        const keys = [...leftovers.fileKeys, ...leftovers.scheduleImageKeys];
        if (keys.length) await storage.delete('private', keys);
        await deleteProjectPhotos(storage, leftovers.photoKeys);
      });
      return { message: 'Project deleted' };
    },
  });
};
