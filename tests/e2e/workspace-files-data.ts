import type { Page } from '@playwright/test';
import { E2E } from './env';
import { apiCall, expect, loginAs } from './fixtures';
import { createProject, newFirm } from './workspace-helpers';

/**
 * The data of the files journeys: each test makes its own firm and workspace project, then
 * folders and files, through the api as a browser's page would.
 */

/** A new firm account signed in on `page`, with one workspace project. */
export async function firmWithProject(page: Page, projectName = 'Courtyard House') {
  const firm = await newFirm();
  const project = await createProject(firm.token, { projectName });
  await loginAs(page, firm.email, firm.password);
  return { token: firm.token, project, firm };
}

export async function createFolderThroughApi(token: string, projectId: string, folderName: string) {
  const { status, json } = await apiCall<{ data: { id: string } }>('POST', '/projects/folder', { projectId, folderName }, token);
  expect(status).toBe(201);
  return json.data.id;
}

/** Uploads files into a folder through the api's two calls. */
export async function uploadThroughApi(token: string, target: { projectId: string; folderId: string }, files: Array<{ name: string; data: Buffer; type?: string }>) {
  const form = new FormData();
  form.set('projectId', target.projectId);
  form.set('folderId', target.folderId);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${E2E.apiURL}/api/users/project/upload-file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  const { urls } = (await res.json()) as { urls: string[] };
  const { status } = await apiCall('POST', '/projects/files', { ...target, projectFiles: urls, type: 'file' }, token);
  expect(status).toBe(201);
}

export const foldersPath = (projectId: string) => `/workspace/project/files/${projectId}`;
export const folderPath = (projectId: string, folderId: string) => `/workspace/project/filesdetails/${projectId}/${folderId}`;
