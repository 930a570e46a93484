import { describe, expect, it } from 'vitest';
import { createFolder, createProjectFile } from '../server/seed/file-factories';
import { accessCases, expectedAccess, expectAccess, type AccessEndpoint, type AccessRole, useAccessWorld } from './helpers/access-table';
import { postMultipart } from './helpers/test-api';

/**
 * Every folder and file endpoint in the workspace access table (DESIGN.md section 9,
 * docs/decisions/070 and 092): access 'work', so a member employee may manage a project's folders
 * and files as the firm and its sub-admins do; nobody 401, an explorer 403, a foreign firm and a
 * plain employee 404.
 */

const access = useAccessWorld();

const folderOf = async (projectId: string) => ({ folderId: (await createFolder(access.api.db, projectId, { folderName: 'Drawings' })).id });
const fileOf = async (projectId: string) => {
  const folder = await createFolder(access.api.db, projectId);
  return { folderId: folder.id, fileId: (await createProjectFile(access.api.ctx, folder, { fileName: 'plan.pdf' })).id };
};

/**
 * An upload waiting to be put into a folder, by the caller when it may upload (an upload is claimed
 * only by its uploader), else by the firm: the call then fails on the project before the upload.
 */
async function pendingUpload(role: AccessRole, projectId: string) {
  const { folderId } = await folderOf(projectId);
  const uploader: Exclude<AccessRole, 'nobody'> = role !== 'nobody' && expectedAccess('work', role) === 'allowed' ? role : 'firm';
  const res = await postMultipart(
    access.api,
    '/api/users/project/upload-file',
    [
      { name: 'projectId', value: projectId },
      { name: 'folderId', value: folderId },
      { name: 'files', file: Buffer.from('site notes'), filename: 'notes.txt' },
    ],
    access.world.tokens[uploader],
  );
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return { folderId, upload: res.json().urls[0] as string };
}

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'work', url: ({ project }) => `/api/projects/folder/${project.id}` },
  { method: 'POST', kind: 'work', url: () => '/api/projects/folder', body: ({ project }) => ({ projectId: project.id }), allowed: [201] },
  {
    method: 'PUT',
    kind: 'work',
    setup: ({ project }) => folderOf(project.id),
    url: ({ data }) => `/api/projects/folder/${data.folderId}`,
    body: () => ({ folderName: 'Renamed' }),
  },
  { method: 'DELETE', kind: 'work', setup: ({ project }) => folderOf(project.id), url: ({ data }) => `/api/projects/folder/${data.folderId}` },
  {
    method: 'POST',
    kind: 'work',
    setup: ({ project }) => folderOf(project.id),
    url: () => '/api/users/project/upload-file',
    multipart: ({ project, data }) => [
      { name: 'projectId', value: project.id },
      { name: 'folderId', value: data.folderId! },
      { name: 'files', file: Buffer.from('%PDF-1.4\n'), filename: 'plan.pdf' },
    ],
    allowed: [201],
  },
  {
    method: 'POST',
    kind: 'work',
    setup: ({ project, role }) => pendingUpload(role, project.id),
    url: () => '/api/projects/files',
    body: ({ project, data }) => ({ projectId: project.id, folderId: data.folderId, projectFiles: [data.upload], type: 'file' }),
    allowed: [201],
  },
  { method: 'GET', kind: 'work', setup: ({ project }) => folderOf(project.id), url: ({ data }) => `/api/projects/files/${data.folderId}` },
  { method: 'GET', kind: 'work', setup: ({ project }) => fileOf(project.id), url: ({ data }) => `/api/projects/files/${data.fileId}/content` },
  { method: 'DELETE', kind: 'work', setup: ({ project }) => fileOf(project.id), url: ({ data }) => `/api/projects/files/${data.fileId}` },
];

describe('the folders and files endpoints in the access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    const res = await expectAccess(access.world, endpoint, role);
    // Refusals never leak the object: a foreign firm learns nothing of the folder or file.
    if (res.statusCode === 404) expect(res.json().message).toMatch(/^(Project|Folder|File) not found$/);
  });
});
