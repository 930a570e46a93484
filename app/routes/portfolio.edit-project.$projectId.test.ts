import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../tests/helpers/stand-in-api';
import { action, loader } from './portfolio.edit-project.$projectId';

/**
 * A portfolio project's page when the api fails (showcase-and-accounts.md section 8): its load
 * ("Failed to load project details", back to the portfolio) and its delete (the server's message).
 */
const api = useStandInApi();
const PROJECT_ID = '64b0000000000000000000cc';
const PATH = `/api/projects/public-project/${PROJECT_ID}`;
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

const load = () => settled(loader(routeArgs(webRequest(`/portfolio/edit-project/${PROJECT_ID}`, cookie), { projectId: PROJECT_ID })));
const remove = () => settled(action(routeArgs(webRequest(`/portfolio/edit-project/${PROJECT_ID}?dialog=delete`, cookie, { intent: 'delete' }), { projectId: PROJECT_ID })));

describe('loading the project when the api fails', () => {
  it.each([500, 503])('goes back to the portfolio with "Failed to load project details" for a %i', async (status) => {
    api.on('GET', PATH, serverError(status));
    const response = await load();
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/portfolio');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load project details' });
  });

  it('says the same for a 200 without the project (a reply without data), not a 500', async () => {
    api.on('GET', PATH, { status: 200, body: {} });
    const response = await load();
    expect(response.headers.get('location')).toBe('/portfolio');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load project details' });
  });

  it('renders the not-found page for a project the api does not have (404) or refuses (403), as decision 056 says', async () => {
    api.on('GET', PATH, refusal(404, 'Project not found'));
    let response = await load();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Project not found' });
    api.on('GET', PATH, refusal(403, 'Not your project'));
    response = await load();
    expect(response.status).toBe(404);
  });
});

describe('deleting the project when the api fails', () => {
  it('says what failed as a toast when the server fails (5xx), answering 502 rather than the web’s own 500', async () => {
    api.on('DELETE', PATH, serverError(500));
    const response = await remove();
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ toast: { type: 'error', message: 'Failed to delete project' } });
    expect(api.calls('DELETE', PATH)).toHaveLength(1);
  });

  it('shows the server’s message and status for a delete it refuses (4xx)', async () => {
    api.on('DELETE', PATH, refusal(409, 'This project is being changed; try again'));
    const response = await remove();
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ toast: { type: 'error', message: 'This project is being changed; try again' } });
  });
});
