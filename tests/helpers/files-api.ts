import fs from 'node:fs/promises';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApi, postMultipart, type MultipartPart, type TestApi } from './test-api';
import { auditLog, pendingUploads } from '../../server/db/schema';
import { createEmployee, createFirm, createWorkspaceProject } from '../../server/seed/factories';
import { createFolder } from '../../server/seed/file-factories';
import { createSession } from '../../server/queries/sessions';
import { PROJECT_FILE_UPLOAD } from '../../server/services/project-files';

/**
 * The folder and file api tests (server/routes/projects/folder/ and files/) share this: one api
 * taking files of 1 MB at most (so the size limit is cheap to reach), a firm with a member
 * employee and their tokens, and the calls, uploads and storage look-ups the tests make.
 * `setUpFilesApi()` in a test file starts it before its tests and closes it after.
 */

export let api: TestApi;
export let firm: Awaited<ReturnType<typeof createFirm>>;
export let token: string;
export let memberToken: string;
export let memberEmail: string;

export function setUpFilesApi() {
  beforeAll(async () => {
    // 1 MB files at most here, so the size limit is cheap to reach.
    api = await createTestApi({ MAX_FILE_MB: '1' });
    firm = await createFirm(api.db, { firmName: 'Files Studio' });
    token = (await createSession(api.db, firm.id, { remember: false })).token;
    const member = await createEmployee(api.db, firm.id);
    memberToken = (await createSession(api.db, member.id, { remember: false })).token;
    memberEmail = member.email;
  });
  afterAll(() => api?.close());
}

export const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
  api.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

export async function project() {
  return createWorkspaceProject(api.db, firm.id, { projectName: 'Courtyard House' });
}

/** Every stored key under a project's files. */
export async function storedKeys(projectId: string) {
  const keys: string[] = [];
  for await (const file of api.ctx.storage.list('private', `projects/${projectId}/`)) keys.push(file.key);
  return keys.sort();
}
export const pendingCount = async () => Number((await api.db.select({ n: count() }).from(pendingUploads).where(eq(pendingUploads.kind, PROJECT_FILE_UPLOAD)))[0]!.n);
export const tempEntries = () => fs.readdir(api.config.uploadTmpDir).catch(() => [] as string[]);

export const file = (filename: string, data: Buffer | string, type = 'application/octet-stream'): MultipartPart => ({
  name: 'files',
  file: Buffer.isBuffer(data) ? data : Buffer.from(data),
  filename,
  type,
});

export function upload(target: { projectId: string; folderId: string }, parts: MultipartPart[], as = token) {
  return postMultipart(
    api,
    '/api/users/project/upload-file',
    [{ name: 'projectId', value: target.projectId }, { name: 'folderId', value: target.folderId }, ...parts],
    as,
  );
}

/** Uploads the files and puts them into the folder; answers the file rows' JSON. */
export async function uploadInto(target: { projectId: string; folderId: string }, parts: MultipartPart[], as = token) {
  const res = await upload(target, parts, as);
  expect(res.statusCode, res.body).toBe(201);
  const registered = await call('POST', '/api/projects/files', { ...target, projectFiles: res.json().urls, type: 'file' }, as);
  expect(registered.statusCode, registered.body).toBe(201);
  return registered.json().data.files as Array<Record<string, unknown> & { id: string; url: string; previewUrl: string | null }>;
}

export async function folderIn(projectId: string, folderName = 'Drawings') {
  return createFolder(api.db, projectId, { folderName, userId: firm.id });
}

export const audits = (action: string, targetId: string) =>
  api.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
