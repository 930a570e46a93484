import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFolderAccess } from '../../../auth/folder-access.js';
import { requireProjectAccess } from '../../../auth/project-access.js';
import { DEFAULT_FOLDER_NAME, fileOperations as ops, FOLDER_LIMITS, FOLDER_MESSAGES } from '../../../contract/files.js';
import { routeOf } from '../../declared.js';
import { newId } from '../../../db/ids.js';
import { HttpError } from '../../../errors.js';
import { recordAudit } from '../../../queries/audit.js';
import { countFiles, countFolders, deleteFolder, folderJson, freeFolderName, insertFolder, listFolders, renameFolder } from '../../../queries/files.js';
import { removeStoredFiles } from '../../../services/project-files.js';

/**
 * A workspace project's folders (workspace-and-admin.md screen 4; scope `workspace`): list, add
 * ('New Folder' by default), rename, delete with its files. Everyone who works on the project may
 * (access 'work', docs/decisions/092).
 */
export const workspaceFolderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;

  app.route({
    ...routeOf(ops.folders),
    handler: async (request) => {
      const { project } = await requireProjectAccess(db, request.session, request.params.projectId, 'work');
      const rows = await listFolders(db, project.id);
      return {
        data: {
          project: { id: project.id, projectName: project.projectName },
          folders: rows.map((row) => folderJson(row, row.fileCount)),
        },
      };
    },
  });

  app.route({
    ...routeOf(ops.createFolder),
    handler: async (request, reply) => {
      const { session } = request;
      const { project, firm } = await requireProjectAccess(db, session, request.body.projectId, 'work');
      const row = await db.transaction(async (tx) => {
        if ((await countFolders(tx, project.id)) >= FOLDER_LIMITS.perProject) throw new HttpError(409, FOLDER_MESSAGES.tooMany);
        // The default name is numbered when taken; a name the person typed is kept as typed.
        const folderName = request.body.folderName ?? (await freeFolderName(tx, project.id, DEFAULT_FOLDER_NAME));
        const folder = await insertFolder(tx, { id: newId(), projectId: project.id, userId: session.user.id, folderName });
        await recordAudit(tx, {
          actorId: session.user.id,
          firmId: firm.firmId,
          action: 'folder.created',
          targetType: 'folder',
          targetId: folder.id,
          details: { projectId: project.id, folderName },
        });
        return folder;
      });
      return reply.status(201).send({ data: folderJson(row, 0) });
    },
  });

  app.route({
    ...routeOf(ops.renameFolder),
    handler: async (request) => {
      const { session } = request;
      const { folder, firm } = await requireFolderAccess(db, session, request.params.id);
      const { folderName } = request.body;
      const row = await db.transaction(async (tx) => {
        const renamed = await renameFolder(tx, folder.id, folderName);
        await recordAudit(tx, {
          actorId: session.user.id,
          firmId: firm.firmId,
          action: 'folder.renamed',
          targetType: 'folder',
          targetId: folder.id,
          details: { projectId: folder.projectId, from: folder.folderName, to: folderName },
        });
        return renamed;
      });
      // Deleted by someone else between the check and the update.
      if (!row) throw new HttpError(404, FOLDER_MESSAGES.notFound);
      return { data: folderJson(row, await countFiles(db, folder.id)) };
    },
  });

  app.route({
    ...routeOf(ops.deleteFolder),
    handler: async (request) => {
      const { session } = request;
      const { folder, firm } = await requireFolderAccess(db, session, request.params.id);
      const keys = await db.transaction(async (tx) => {
        const removed = await deleteFolder(tx, folder.id);
        await recordAudit(tx, {
          actorId: session.user.id,
          firmId: firm.firmId,
          action: 'folder.deleted',
          targetType: 'folder',
          targetId: folder.id,
          details: { projectId: folder.projectId, folderName: folder.folderName, files: removed.length },
        });
        return removed;
      });
      // After the commit: a rollback never leaves rows whose bytes are gone.
      await removeStoredFiles(db, storage, keys, request.log);
      return { message: 'Folder deleted' };
    },
  });
};
