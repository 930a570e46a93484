import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, testPng, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { action, loader } from './route';

/**
 * The portfolio's add and edit project form against an api that fails at each of its calls
 * (showcase-and-accounts.md section 8): the image upload, the save, the update and the load of the
 * project to edit. The web answers the form again with the spec's words, never a 500.
 */
const api = useStandInApi();
const PROJECT_ID = '64b0000000000000000000aa';
let cookie: string;
let png: File;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
  png = await testPng();
});

/** Four images an earlier submission stored (the form's hidden `images` values). */
const storedImages = Array.from({ length: 4 }, (_, i) => JSON.stringify({ id: `img-${i}`, thumb: `/uploads/projects/img-${i}-480.webp` }));

/** The form as the page posts it (multipart), complete and valid; `file` adds a new picture to upload. */
function projectForm(file?: File): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    projectName: 'Courtyard House',
    projectType: 'architecture-residential',
    area: '320',
    year: '2021',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    description: 'A family house around a shaded courtyard.',
    'teams[0].name': 'Asha Mehta',
    'teams[0].role': 'Architect',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const image of storedImages) form.append('images', image);
  if (file) form.append('files', file);
  return form;
}

type Answer = { result: { error?: Record<string, string[]> }; toast: { type: string; message: string } | null; images: Array<{ id: string }> };

async function post(path: string, params: { projectId?: string }, form: FormData) {
  const response = await settled(action(routeArgs(webRequest(path, cookie, form), params)));
  const data = (await response.json()) as Answer;
  return { status: response.status, formErrors: data.result.error?.[''] ?? [], imageErrors: data.result.error?.images ?? [], toast: data.toast, images: data.images };
}

describe('adding a project when the api fails', () => {
  it('says "Failed to upload images" under the pictures and as a toast when the upload fails (5xx), and saves nothing', async () => {
    api.on('POST', '/api/projects/images', serverError(500));
    const answer = await post('/portfolio/add-project', {}, projectForm(png));
    expect(answer.status).toBe(400);
    expect(answer.imageErrors).toEqual(['Failed to upload images']);
    expect(answer.toast).toEqual({ type: 'error', message: 'Failed to upload images' });
    // The pictures stored before are kept for the next try.
    expect(answer.images.map((i) => i.id)).toEqual(['img-0', 'img-1', 'img-2', 'img-3']);
    // The upload reached the api as a real multipart body with the picture.
    const [upload] = api.calls('POST', '/api/projects/images');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toContain('filename="site.png"');
    expect(api.calls('POST', '/api/projects/public-project')).toEqual([]);
  });

  it('says the same for a 503 of the upload', async () => {
    api.on('POST', '/api/projects/images', serverError(503));
    const answer = await post('/portfolio/add-project', {}, projectForm(png));
    expect(answer.imageErrors).toEqual(['Failed to upload images']);
    expect(answer.toast?.message).toBe('Failed to upload images');
  });

  it('shows the api’s own reason for an upload it refuses (4xx), not the server-failure text', async () => {
    api.on('POST', '/api/projects/images', refusal(400, 'Invalid upload', [{ path: 'files', message: 'site.png: File is not a valid image' }]));
    const answer = await post('/portfolio/add-project', {}, projectForm(png));
    expect(answer.status).toBe(400);
    expect(answer.imageErrors).toEqual(['site.png: File is not a valid image']);
    expect(answer.toast).toBeNull();
  });

  it('says "Failed to save project" in the form and as a toast when the save fails (5xx)', async () => {
    api.on('POST', '/api/projects/public-project', serverError(500));
    const answer = await post('/portfolio/add-project', {}, projectForm());
    expect(answer).toMatchObject({ status: 400, formErrors: ['Failed to save project'], toast: { type: 'error', message: 'Failed to save project' } });
    const [save] = api.calls('POST', '/api/projects/public-project');
    expect(JSON.parse(save!.body)).toMatchObject({ projectName: 'Courtyard House', imageIds: ['img-0', 'img-1', 'img-2', 'img-3'] });
  });

  it('says "Failed to save project" for a 503 too, not the server’s own text', async () => {
    api.on('POST', '/api/projects/public-project', serverError(503));
    const answer = await post('/portfolio/add-project', {}, projectForm());
    expect(answer.formErrors).toEqual(['Failed to save project']);
    expect(answer.toast?.message).toBe('Failed to save project');
  });

  it('uploads the new picture and then says "Failed to save project" when only the save fails', async () => {
    api.on('POST', '/api/projects/images', { status: 201, body: { images: [{ id: 'img-new', w480: '/uploads/projects/img-new-480.webp' }] } });
    api.on('POST', '/api/projects/public-project', serverError(500));
    const answer = await post('/portfolio/add-project', {}, projectForm(png));
    expect(answer.formErrors).toEqual(['Failed to save project']);
    expect(answer.imageErrors).toEqual([]);
    expect(answer.images.map((i) => i.id)).toContain('img-new');
  });
});

describe('editing a project when the api fails', () => {
  it('says "Failed to update project" in the form and as a toast when the update fails (5xx)', async () => {
    api.on('PUT', `/api/projects/public-project/${PROJECT_ID}`, serverError(500));
    const answer = await post(`/portfolio/add-project/${PROJECT_ID}`, { projectId: PROJECT_ID }, projectForm());
    expect(answer).toMatchObject({ status: 400, formErrors: ['Failed to update project'], toast: { type: 'error', message: 'Failed to update project' } });
    expect(api.calls('PUT', `/api/projects/public-project/${PROJECT_ID}`)).toHaveLength(1);
  });

  it('goes back to the portfolio with "Failed to load project details" when the project cannot be loaded (5xx)', async () => {
    api.on('GET', `/api/projects/public-project/${PROJECT_ID}`, serverError(500));
    const response = await settled(loader(routeArgs(webRequest(`/portfolio/add-project/${PROJECT_ID}`, cookie), { projectId: PROJECT_ID })));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/portfolio');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load project details' });
  });

  it('says "Failed to load project details" for a 200 without the project (a reply without data), not a 500', async () => {
    api.on('GET', `/api/projects/public-project/${PROJECT_ID}`, { status: 200, body: {} });
    const response = await settled(loader(routeArgs(webRequest(`/portfolio/add-project/${PROJECT_ID}`, cookie), { projectId: PROJECT_ID })));
    expect(response.headers.get('location')).toBe('/portfolio');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load project details' });
  });

  it('renders the not-found page for a project the api does not have (404), as decision 056 says', async () => {
    api.on('GET', `/api/projects/public-project/${PROJECT_ID}`, refusal(404, 'Project not found'));
    const response = await settled(loader(routeArgs(webRequest(`/portfolio/add-project/${PROJECT_ID}`, cookie), { projectId: PROJECT_ID })));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Project not found' });
  });
});
