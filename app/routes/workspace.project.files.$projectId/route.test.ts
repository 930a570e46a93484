import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { action } from './route';

/**
 * A project's folders (workspace-and-admin.md screen 4, section 8; decision 091) when the api fails:
 * the spec's "Failed to create folder" / "Failed to rename folder" as the toast's title with the
 * api's reason under it, back on the page; never the web's error page for a server failure.
 */
const api = useStandInApi();
const PROJECT_ID = '64b0000000000000000000f1';
const FOLDER_ID = '64b0000000000000000000f2';
const PAGE = `/workspace/project/files/${PROJECT_ID}`;
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

const post = (fields: Record<string, string>) => settled(action(routeArgs(webRequest(PAGE, cookie, fields), { projectId: PROJECT_ID })));

async function toastOf(response: Response) {
  return { status: response.status, location: response.headers.get('location'), toast: await redirectToast(response) };
}

describe('folder changes when the api fails', () => {
  it.each([500, 503])('says "Failed to create folder" when the server fails the create (%i)', async (status) => {
    api.on('POST', '/api/projects/folder', serverError(status));
    const answer = await toastOf(await post({ intent: 'create' }));
    expect(answer).toMatchObject({ status: 302, location: PAGE, toast: { type: 'error', message: 'Failed to create folder' } });
    expect(JSON.parse(api.calls('POST', '/api/projects/folder')[0]!.body)).toEqual({ projectId: PROJECT_ID });
  });

  it('says "Failed to create folder" with the api’s reason under it for a create it refuses (409)', async () => {
    api.on('POST', '/api/projects/folder', refusal(409, 'A project can have at most 200 folders'));
    const answer = await toastOf(await post({ intent: 'create' }));
    expect(answer.toast).toEqual({ type: 'error', message: 'Failed to create folder', description: 'A project can have at most 200 folders' });
  });

  it('says "Failed to get created folder data" for a create answered 2xx without the folder, not a 500', async () => {
    api.on('POST', '/api/projects/folder', { status: 201, body: {} });
    const answer = await toastOf(await post({ intent: 'create' }));
    expect(answer).toMatchObject({ status: 302, location: PAGE, toast: { type: 'error', message: 'Failed to get created folder data' } });
  });

  it.each([500, 503])('says "Failed to rename folder" and keeps the rename open when the server fails the rename (%i)', async (status) => {
    api.on('PUT', `/api/projects/folder/${FOLDER_ID}`, serverError(status));
    const answer = await toastOf(await post({ intent: 'rename', id: FOLDER_ID, folderName: 'Drawings' }));
    expect(answer).toMatchObject({ status: 302, location: `${PAGE}?rename=${FOLDER_ID}`, toast: { message: 'Failed to rename folder' } });
    expect(JSON.parse(api.calls('PUT', `/api/projects/folder/${FOLDER_ID}`)[0]!.body)).toEqual({ folderName: 'Drawings' });
  });

  it('says "Failed to rename folder" with the api’s reason for a rename it refuses (400)', async () => {
    api.on('PUT', `/api/projects/folder/${FOLDER_ID}`, refusal(400, 'A folder name cannot contain control characters'));
    const answer = await toastOf(await post({ intent: 'rename', id: FOLDER_ID, folderName: 'Drawings' }));
    expect(answer.toast).toEqual({ type: 'error', message: 'Failed to rename folder', description: 'A folder name cannot contain control characters' });
  });

  it('says "Failed to delete folder" with the server’s message under it when the server fails the delete', async () => {
    api.on('DELETE', `/api/projects/folder/${FOLDER_ID}`, serverError(500));
    const answer = await toastOf(await post({ intent: 'delete', id: FOLDER_ID }));
    expect(answer).toMatchObject({ status: 302, location: PAGE, toast: { type: 'error', message: 'Failed to delete folder', description: 'Internal Server Error' } });
  });

  it('shows the server’s message for a folder that is gone (404 "Folder not found")', async () => {
    api.on('DELETE', `/api/projects/folder/${FOLDER_ID}`, refusal(404, 'Folder not found'));
    const answer = await toastOf(await post({ intent: 'delete', id: FOLDER_ID }));
    expect(answer.toast).toEqual({ type: 'error', message: 'Failed to delete folder', description: 'Folder not found' });
  });

  it('renders the not-found page for a project that is gone (404 of another kind), as before', async () => {
    api.on('POST', '/api/projects/folder', refusal(404, 'Project not found'));
    const response = await post({ intent: 'create' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Project not found' });
  });
});
