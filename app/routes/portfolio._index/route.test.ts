import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { loader } from './route';

/** The firm's own portfolio when the api fails to give it: back to Explore with an error toast. */
const api = useStandInApi();
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

describe('the own portfolio when the api fails', () => {
  it.each([
    ['a 503', serverError(503)],
    ['a 200 without the portfolio', { status: 200, body: {} }],
  ])('goes back to Explore with "Failed to load your portfolio" for %s', async (_, answer) => {
    api.on('GET', '/api/projects/portfolio', answer);
    const response = await settled(loader(routeArgs(webRequest('/portfolio', cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/explore');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load your portfolio' });
  });
});
