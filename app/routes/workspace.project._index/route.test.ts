import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, testPng, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { action } from './route';

/**
 * The workspace project panel (workspace-and-admin.md screens 1 and 2, section 8) when the api
 * fails: "Failed to save project" / "Failed to update project" for a server failure of the save,
 * "Failed to upload images" for the photo's, the api's message for a refusal.
 */
const api = useStandInApi();
const PROJECT_ID = '64b0000000000000000000dd';
const DRAFT_ID = '64b0000000000000000000ee';
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

/** The panel's form as posted (multipart), valid; a kept photo draft or a new photo file. */
function projectForm(extra: Record<string, string | File> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    intent: 'save',
    projectName: 'Lake Pavilion',
    projecttype: 'architecture-residential',
    pincode: '450',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    designTeam: 'Architect',
    clientname: 'R. Kulkarni',
    clientdetails: 'A weekend house by the lake.',
    address: 'Khadakwasla, Pune',
  };
  for (const [name, value] of Object.entries({ ...fields, ...extra })) form.append(name, value);
  return form;
}

type Answer = { intent: string; result: { error?: Record<string, string[]> }; toast: { type: string; message: string } | null; photoDraft: { id: string } | null };

async function post(form: FormData) {
  const response = await settled(action(routeArgs(webRequest('/workspace/project?panel=new', cookie, form))));
  const data = (await response.json()) as Answer;
  return { status: response.status, intent: data.intent, formErrors: data.result.error?.[''] ?? [], photoErrors: data.result.error?.profileImage ?? [], toast: data.toast, photoDraft: data.photoDraft };
}

describe('saving a workspace project when the api fails', () => {
  it.each([500, 503])('says "Failed to save project" in the panel and as a toast when the create fails (%i)', async (status) => {
    api.on('POST', '/api/projects', serverError(status));
    const answer = await post(projectForm({ photoDraft: DRAFT_ID }));
    expect(answer).toMatchObject({ status: 400, intent: 'save', formErrors: ['Failed to save project'], toast: { type: 'error', message: 'Failed to save project' } });
    // The kept photo is offered again for the next try.
    expect(answer.photoDraft?.id).toBe(DRAFT_ID);
    expect(api.calls('POST', '/api/projects')[0]?.body).toContain(DRAFT_ID);
  });

  it('keeps a new photo as a draft first, then says "Failed to save project" when only the create fails', async () => {
    api.on('POST', '/api/projects/photo-drafts', { status: 201, body: { data: { id: DRAFT_ID } } });
    api.on('POST', '/api/projects', serverError(500));
    const answer = await post(projectForm({ profileImage: await testPng('lake.png') }));
    expect(answer.formErrors).toEqual(['Failed to save project']);
    expect(answer.photoDraft?.id).toBe(DRAFT_ID);
    expect(api.calls('POST', '/api/projects/photo-drafts')[0]?.body).toContain('filename="lake.png"');
  });

  it('says "Failed to upload images" on the photo and as a toast when keeping the photo fails (5xx), and saves nothing', async () => {
    api.on('POST', '/api/projects/photo-drafts', serverError(500));
    const answer = await post(projectForm({ profileImage: await testPng('lake.png') }));
    expect(answer.status).toBe(400);
    expect(answer.toast).toEqual({ type: 'error', message: 'Failed to upload images' });
    expect(answer.formErrors).toEqual(['Failed to upload images']);
    expect(answer.photoErrors).toEqual([]);
    expect(api.calls('POST', '/api/projects')).toEqual([]);
  });

  it.each([500, 503])('says "Failed to update project" in the panel and as a toast when the update fails (%i)', async (status) => {
    api.on('PUT', `/api/projects/${PROJECT_ID}`, serverError(status));
    const answer = await post(projectForm({ id: PROJECT_ID }));
    expect(answer).toMatchObject({ status: 400, intent: 'save', formErrors: ['Failed to update project'], toast: { type: 'error', message: 'Failed to update project' } });
    expect(api.calls('PUT', `/api/projects/${PROJECT_ID}`)).toHaveLength(1);
  });

  it('shows the api’s own message for a save it refuses (4xx)', async () => {
    api.on('PUT', `/api/projects/${PROJECT_ID}`, refusal(409, 'A project of this name already exists', [{ path: 'projectName', message: 'A project of this name already exists' }]));
    const response = await settled(action(routeArgs(webRequest('/workspace/project?panel=edit', cookie, projectForm({ id: PROJECT_ID })))));
    const data = (await response.json()) as Answer;
    expect(response.status).toBe(409);
    expect(data.result.error?.projectName).toEqual(['A project of this name already exists']);
    expect(data.toast?.message).toBe('A project of this name already exists');
  });

  it('goes back to the list saying what failed when the server fails a delete', async () => {
    api.on('DELETE', `/api/projects/${PROJECT_ID}`, serverError(500));
    const response = await settled(action(routeArgs(webRequest(`/workspace/project?page=2&confirm=${PROJECT_ID}`, cookie, { intent: 'delete', id: PROJECT_ID }))));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/workspace/project?page=2');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to delete project' });
  });
});
