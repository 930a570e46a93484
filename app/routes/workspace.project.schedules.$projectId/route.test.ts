import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, testPng, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { action } from './route';

/**
 * A project's schedules (workspace-and-admin.md screen 3, section 8) when the api fails: the
 * catalogue's "Failed to create schedule", "Failed to get created Schedule data" (a 2xx without the
 * schedule), "Failed to updated Schedule", "Failed to update schedule", "Failed to upload image".
 */
const api = useStandInApi();
const PROJECT_ID = '64b000000000000000000b01';
const SCHEDULE_ID = '64b000000000000000000b02';
const PAGE = `/workspace/project/schedules/${PROJECT_ID}`;
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

const post = (body: Record<string, string> | FormData) => settled(action(routeArgs(webRequest(PAGE, cookie, body), { projectId: PROJECT_ID })));

type FormAnswer = { intent: string; result: { error?: Record<string, string[]> }; toast: { type: string; message: string } | null };

async function formAnswer(body: Record<string, string> | FormData) {
  const response = await post(body);
  const data = (await response.json()) as FormAnswer;
  return { status: response.status, intent: data.intent, error: data.result.error ?? {}, toast: data.toast };
}

const schedule = { title: 'Ground floor', description: 'Finishes and fittings of the ground floor.' };

describe('schedule forms when the api fails', () => {
  it.each([500, 503])('says "Failed to create schedule" when the create fails (%i)', async (status) => {
    api.on('POST', '/api/projects/schedules', serverError(status));
    const answer = await formAnswer({ intent: 'create', ...schedule });
    expect(answer).toMatchObject({ status: 400, intent: 'create', error: { '': ['Failed to create schedule'] }, toast: { type: 'error', message: 'Failed to create schedule' } });
    expect(JSON.parse(api.calls('POST', '/api/projects/schedules')[0]!.body)).toMatchObject({ projectId: PROJECT_ID, ...schedule });
  });

  it('says "Failed to get created Schedule data" for a create answered 2xx without the schedule', async () => {
    api.on('POST', '/api/projects/schedules', { status: 201, body: {} });
    const response = await post({ intent: 'create', ...schedule });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(PAGE);
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to get created Schedule data' });
  });

  it('says the same for a create answered with an empty body', async () => {
    api.on('POST', '/api/projects/schedules', { status: 201 });
    const response = await post({ intent: 'create', ...schedule });
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to get created Schedule data' });
  });

  it('says "Failed to upload image" on the images and as a toast when an image upload fails (5xx), and creates nothing', async () => {
    api.on('POST', '/api/projects/schedules/upload-file', serverError(500));
    const form = new FormData();
    form.append('intent', 'create');
    form.append('title', schedule.title);
    form.append('description', schedule.description);
    form.append('files', await testPng('plan.png'));
    const answer = await formAnswer(form);
    expect(answer).toMatchObject({ status: 400, intent: 'create', error: { images: ['Failed to upload image'] }, toast: { type: 'error', message: 'Failed to upload image' } });
    expect(api.calls('POST', '/api/projects/schedules/upload-file')[0]?.query.get('projectId')).toBe(PROJECT_ID);
    expect(api.calls('POST', '/api/projects/schedules')).toEqual([]);
  });

  it.each([500, 503])('says "Failed to updated Schedule" when a card’s Edit form fails (%i)', async (status) => {
    api.on('PUT', `/api/projects/schedules/${SCHEDULE_ID}`, serverError(status));
    const answer = await formAnswer({ intent: 'update', id: SCHEDULE_ID, ...schedule, version: '3' });
    expect(answer).toMatchObject({ status: 400, intent: 'update', error: { '': ['Failed to updated Schedule'] }, toast: { type: 'error', message: 'Failed to updated Schedule' } });
  });

  it('says "Failed to updated Schedule" for an inline edit the server fails, and the api’s message for one it refuses', async () => {
    api.on('PUT', `/api/projects/schedules/${SCHEDULE_ID}`, serverError(500));
    let response = await post({ intent: 'edit-field', id: SCHEDULE_ID, field: 'title', value: 'First floor', version: '3' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, toast: { type: 'error', message: 'Failed to updated Schedule' } });
    api.on('PUT', `/api/projects/schedules/${SCHEDULE_ID}`, refusal(404, 'Schedule not found'));
    response = await post({ intent: 'edit-field', id: SCHEDULE_ID, field: 'title', value: 'First floor', version: '3' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, toast: { type: 'error', message: 'Schedule not found' } });
  });

  it('says "Failed to update schedule" when a new cover image cannot be saved (5xx)', async () => {
    const image = { id: `${'c'.repeat(24)}_32x24`, url: '/u/960', w480: '/u/480', w960: '/u/960', w1600: '/u/1600', width: 32, height: 24 };
    api.on('POST', '/api/projects/schedules/upload-file', { status: 201, body: { urls: ['/u/960'], images: [image] } });
    api.on('GET', `/api/projects/schedules/${PROJECT_ID}`, { status: 200, body: { data: { schedules: [{ id: SCHEDULE_ID, images: [{ id: 'old' }], version: 4 }] } } });
    api.on('PUT', `/api/projects/schedules/${SCHEDULE_ID}`, serverError(500));
    const form = new FormData();
    form.append('intent', 'replace-image');
    form.append('id', SCHEDULE_ID);
    form.append('files', await testPng('cover.png'));
    const response = await post(form);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, toast: { type: 'error', message: 'Failed to update schedule' } });
    expect(JSON.parse(api.calls('PUT', `/api/projects/schedules/${SCHEDULE_ID}`)[0]!.body)).toEqual({ schedulesFiles: [image.id], version: 4 });
  });

  it('goes back with "Failed to delete schedule" when the server fails a delete, and the api’s message when it refuses one', async () => {
    api.on('DELETE', `/api/projects/schedules/${SCHEDULE_ID}`, serverError(500));
    let response = await post({ intent: 'delete', id: SCHEDULE_ID });
    expect(response.headers.get('location')).toBe(PAGE);
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to delete schedule' });
    api.on('DELETE', `/api/projects/schedules/${SCHEDULE_ID}`, refusal(404, 'Schedule not found'));
    response = await post({ intent: 'delete', id: SCHEDULE_ID });
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Schedule not found' });
  });

  it('keeps what was typed in a card\'s Edit form that lost to someone else\'s save, says who and when, and gives the current values (409)', async () => {
    const current = { id: SCHEDULE_ID, title: 'Ground floor (revised)', description: 'Their text', version: 4 };
    api.on('PUT', `/api/projects/schedules/${SCHEDULE_ID}`, {
      status: 409,
      body: { message: 'stale', code: 'stale', details: [{ path: 'version', message: 'stale' }], current, changedBy: { id: 'u1', name: 'Priya Shah' }, changedAt: '2026-03-12T08:35:00.000Z' },
    });
    const response = await post({ intent: 'update', id: SCHEDULE_ID, title: 'My title', description: 'My text', version: '3' });
    expect(response.status).toBe(409);
    const data = (await response.json()) as FormAnswer & { result: { initialValue?: Record<string, unknown> }; stale: { message: string; current: typeof current } };
    expect(data.result.error?.['']).toEqual(['Priya Shah changed this at 12 Mar 2026, 2:05 PM — your changes are kept below; the current values are shown.']);
    expect(data.result.initialValue).toMatchObject({ title: 'My title', description: 'My text' });
    expect(data.stale.current).toEqual(current);
    expect(JSON.parse(api.calls('PUT', `/api/projects/schedules/${SCHEDULE_ID}`)[0]!.body)).toMatchObject({ title: 'My title', version: 3 });
  });

  it('refuses a card\'s Edit form without the version it was read at, and calls no api', async () => {
    const answer = await formAnswer({ intent: 'update', id: SCHEDULE_ID, ...schedule });
    expect(answer.status).toBe(400);
    expect(api.calls('PUT', `/api/projects/schedules/${SCHEDULE_ID}`)).toEqual([]);
  });
});
