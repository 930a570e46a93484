import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFileAccess, requireFolderAccess, requireFolderOfProject } from '../../../auth/folder-access.js';
import { requireProjectAccess } from '../../../auth/project-access.js';
import { FILE_LIMITS, FILE_MESSAGES, fileFamily, fileFormat, fileOperations as ops } from '../../../contract/files.js';
import { routeOf } from '../../declared.js';
import { badRequest, HttpError } from '../../../errors.js';
import { firstField, withReceivedFiles } from '../../../files/receive-files.js';
import { sendStoredFile } from '../../../files/send-stored-file.js';
import { workspaceFiles } from '../../../files/upload-kinds.js';
import { recordAudit } from '../../../queries/audit.js';
import { countFiles, deleteFile, fileJson, folderJson, insertFiles, listFiles } from '../../../queries/files.js';
import { claimProjectFiles, contentTypeOfUpload, removeStoredFiles, storeProjectFiles } from '../../../services/project-files.js';

const MB = 1024 * 1024;

/**
 * An upload refused while it arrived (size, count, cut off): the message people see names the
 * file, as the detail does (`files.<index>`: "plan.pdf: Each file must be at most 100 MB.").
 */
function namingTheFile(error: unknown): never {
  const detail = error instanceof HttpError ? error.details?.[0] : undefined;
  // The detail reads "<name>: <message>" when the message itself does not name the file.
  if (error instanceof HttpError && detail && /^files\.\d+$/.test(detail.path) && detail.message.endsWith(`: ${error.message}`)) {
    throw new HttpError(error.statusCode, detail.message, error.details, error.code);
  }
  throw error;
}

const fieldRequired = (name: string) => badRequest(`${name} is required`, [{ path: name, message: `${name} is required` }]);

/**
 * A workspace project's files (workspace-and-admin.md screens 4 and 5; scope `workspace`, access
 * 'work'; docs/decisions/092 to 094): upload (any type, recorded by its content), put into a folder,
 * list, delete, and read, only through GET /api/projects/files/{id}/content.
 */
export const workspaceFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.ctx;
  const maxFileBytes = config.MAX_FILE_MB * MB;

  app.route({
    ...routeOf(ops.upload),
    handler: async (request, reply) => {
      const { session } = request;
      const stored = await withReceivedFiles(
        request,
        { accountId: session.user.id, fileFields: ['files'], maxFields: 10, ...workspaceFiles(config) },
        async (upload) => {
          const projectId = firstField(upload, 'projectId')?.trim();
          const folderId = firstField(upload, 'folderId')?.trim();
          if (!projectId) throw fieldRequired('projectId');
          if (!folderId) throw fieldRequired('folderId');
          const { project } = await requireProjectAccess(db, session, projectId, 'work');
          const folder = await requireFolderOfProject(db, project.id, folderId);
          if (!upload.files.length) throw badRequest(FILE_MESSAGES.chooseFiles, [{ path: 'files', message: FILE_MESSAGES.chooseFiles }]);
          if ((await countFiles(db, folder.id)) + upload.files.length > FILE_LIMITS.perFolder) throw new HttpError(409, FILE_MESSAGES.tooManyInFolder);
          const files = await Promise.all(
            upload.files.map(async (file) => ({ path: file.path, fileName: file.fileName, size: file.size, contentType: await contentTypeOfUpload(file.path, file.type) })),
          );
          return storeProjectFiles(db, storage, { ownerId: session.user.id, projectId: project.id, folderId: folder.id }, files, request.log);
        },
      ).catch(namingTheFile);
      return reply.status(201).send({
        urls: stored.map((s) => s.uploadId),
        files: stored.map((s) => ({
          id: s.uploadId,
          fileName: s.fileName,
          contentType: s.contentType,
          family: fileFamily(s.contentType),
          format: fileFormat(s.contentType),
          size: s.size,
        })),
      });
    },
  });

  app.route({
    ...routeOf(ops.register),
    handler: async (request, reply) => {
      const { session, body } = request;
      const { project, firm } = await requireProjectAccess(db, session, body.projectId, 'work');
      const folder = await requireFolderOfProject(db, project.id, body.folderId);
      const rows = await db.transaction(async (tx) => {
        if ((await countFiles(tx, folder.id)) + body.projectFiles.length > FILE_LIMITS.perFolder) throw new HttpError(409, FILE_MESSAGES.tooManyInFolder);
        const claimed = await claimProjectFiles(tx, session.user.id, project.id, body.projectFiles);
        // A millisecond apart, so the folder lists them in the order they were sent.
        const now = Date.now();
        const inserted = await insertFiles(
          tx,
          claimed.map((file, index) => ({
            createdAt: new Date(now + index),
            id: file.fileId,
            projectId: project.id,
            folderId: folder.id,
            userId: session.user.id,
            fileName: file.fileName,
            storageKey: file.storageKey,
            contentType: file.contentType,
            size: file.size,
          })),
        );
        await recordAudit(
          tx,
          inserted.map((file) => ({
            actorId: session.user.id,
            firmId: firm.firmId,
            action: 'file.uploaded',
            targetType: 'file',
            targetId: file.id,
            details: { projectId: project.id, folderId: folder.id, fileName: file.fileName, contentType: file.contentType, size: file.size },
          })),
        );
        return inserted;
      });
      return reply.status(201).send({ data: { files: rows.map(fileJson) } });
    },
  });

  app.route({
    ...routeOf(ops.files),
    handler: async (request) => {
      const { folder, project } = await requireFolderAccess(db, request.session, request.params.folderId);
      const rows = await listFiles(db, folder.id);
      return {
        data: {
          project: { id: project.id, projectName: project.projectName },
          folder: folderJson(folder, rows.length),
          files: rows.map(fileJson),
          upload: { maxFileBytes, maxFiles: FILE_LIMITS.perUpload },
        },
      };
    },
  });

  app.route({
    ...routeOf(ops.content),
    handler: async (request, reply) => {
      const { file } = await requireFileAccess(db, request.session, request.params.id);
      return sendStoredFile(reply, request, {
        key: file.storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        disposition: request.query.disposition,
        notFoundMessage: FILE_MESSAGES.notFound,
      });
    },
  });

  app.route({
    ...routeOf(ops.delete),
    handler: async (request) => {
      const { session } = request;
      const { file, firm } = await requireFileAccess(db, session, request.params.id);
      const key = await db.transaction(async (tx) => {
        const removed = await deleteFile(tx, file.id);
        // Deleted by another request between the check and now.
        if (!removed) throw new HttpError(404, FILE_MESSAGES.notFound);
        await recordAudit(tx, {
          actorId: session.user.id,
          firmId: firm.firmId,
          action: 'file.deleted',
          targetType: 'file',
          targetId: file.id,
          details: { projectId: file.projectId, folderId: file.folderId, fileName: file.fileName },
        });
        return removed;
      });
      await removeStoredFiles(db, storage, [key], request.log);
      return { message: 'File deleted' };
    },
  });
};
