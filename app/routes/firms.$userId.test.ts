import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../tests/helpers/stand-in-api';
import { loader } from './firms.$userId';

/** A firm's public portfolio when the api fails to give it: back to the firms with an error toast. */
const api = useStandInApi();
const FIRM_ID = '64b000000000000000000c01';
const PATH = `/api/projects/public-portfolio/${FIRM_ID}`;
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'explorer', firmName: null });
});

const load = () => settled(loader(routeArgs(webRequest(`/firms/${FIRM_ID}`, cookie), { userId: FIRM_ID })));

describe('a firm’s portfolio when the api fails', () => {
  it.each([
    ['a 500', serverError(500)],
    ['a 200 without the portfolio', { status: 200, body: { data: {} } }],
  ])('goes back to the firms with "Failed to load the portfolio" for %s', async (_, answer) => {
    api.on('GET', PATH, answer);
    const response = await load();
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/firms');
    expect(await redirectToast(response)).toEqual({ type: 'error', message: 'Failed to load the portfolio' });
  });

  it('renders the not-found page for a firm the api does not have (404)', async () => {
    api.on('GET', PATH, refusal(404, 'Firm not found'));
    const response = await load();
    expect(response.status).toBe(404);
  });
});
