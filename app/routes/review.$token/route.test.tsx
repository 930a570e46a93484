import { describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { REVIEW_MESSAGES as M } from '../../../server/contract/reviews-rules';
import { action, loader } from './route';

/** The client's review form (docs/decisions/409): what it says for each refusal, without JavaScript too. */
const api = useStandInApi();
const TOKEN = 'T'.repeat(43);
const PATH = `/api/reviews/client/${TOKEN}`;

type Answer = { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

async function send(fields: Record<string, string>) {
  const response = await settled(action(routeArgs(webRequest(`/review/${TOKEN}`, '', fields), { token: TOKEN })));
  return { response, data: response.status === 302 ? null : ((await response.json()) as Answer) };
}

describe('the review form', () => {
  it('asks for a rating when none is chosen, keeps the text, and calls nothing', async () => {
    const { response, data } = await send({ body: 'A careful team, on time and on budget.' });
    expect(response.status).toBe(400);
    expect(data!.result.error?.rating).toEqual([M.ratingRequired]);
    expect(data!.result.initialValue?.body).toBe('A careful team, on time and on budget.');
    expect(api.calls('POST', PATH)).toHaveLength(0);
  });

  it('refuses a rating out of range before the api is asked', async () => {
    for (const rating of ['0', '6', '4.5', 'five']) {
      const { data } = await send({ rating, body: 'A careful team, on time and on budget.' });
      expect(data!.result.error?.rating, rating).toEqual([M.ratingRange]);
    }
  });

  it('sends the rating as a number and goes back to the link with the thanks', async () => {
    api.on('POST', PATH, { status: 201, body: { data: { id: 'r1', rating: 4, body: 'x', projectName: 'P', month: '2026-12', answer: null, hidden: null } } });
    const { response } = await send({ rating: '4', body: 'A careful team, on time and on budget.' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/review/${TOKEN}`);
    expect(await redirectToast(response)).toMatchObject({ type: 'success', message: M.saved });
    expect(JSON.parse(api.calls('POST', PATH)[0]!.body)).toEqual({ rating: 4, body: 'A careful team, on time and on budget.' });
  });

  it('shows a second review’s refusal (409) on the form', async () => {
    api.on('POST', PATH, refusal(409, M.already));
    const { response, data } = await send({ rating: '5', body: 'A careful team, on time and on budget.' });
    expect(response.status).toBe(409);
    expect(data!.result.error?.['']).toEqual([M.already]);
  });

  it('renders the error page for a wrong link (404)', async () => {
    api.on('GET', PATH, refusal(404, M.notFound));
    const response = await settled(loader(routeArgs(webRequest(`/review/${TOKEN}`, ''), { token: TOKEN })));
    expect(response.status).toBe(404);
  });
});
