import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { loader } from './route';

/**
 * A project's page (showcase-and-accounts.md screen "project detail", section 8) when the api
 * fails to give the project: "Failed to load project details", back on Explore.
 */
const api = useStandInApi();
const PROJECT_ID = '64b0000000000000000000bb';
const PATH = `/api/projects/explore/${PROJECT_ID}`;
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'explorer', firmName: null });
});

const load = () => settled(loader(routeArgs(webRequest(`/explore/${PROJECT_ID}`, cookie), { id: PROJECT_ID })));

describe('the project page when the api fails', () => {
  it.each([500, 503])('goes back to Explore with "Failed to load project details" for a %i', async (status) => {
    api.on('GET', PATH, serverError(status));
    const response = await load();
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/explore');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load project details' });
    // The visitor's own token went with the call.
    expect(api.calls('GET', PATH)[0]?.headers.authorization).toBe('Bearer stand-in-token');
  });

  it('says the same for a 200 without the project (a reply without data), not a 500', async () => {
    api.on('GET', PATH, { status: 200, body: { data: {} } });
    const response = await load();
    expect(response.headers.get('location')).toBe('/explore');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load project details' });
  });

  it('renders the not-found page for a project the api does not have (404), as decision 056 says', async () => {
    api.on('GET', PATH, refusal(404, 'Project not found'));
    const response = await load();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Project not found' });
    expect(await redirectToast(response)).toBeUndefined();
  });
});
