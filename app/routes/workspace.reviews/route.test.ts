import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, sessionCookie, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { REVIEW_MESSAGES as M } from '../../../server/contract/reviews-rules';
import { action } from './route';

/** The firm's answer to a review (docs/decisions/410): once, each form telling its own failure. */
const api = useStandInApi();
const REVIEW_ID = '64b000000000000000000a01';
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

const answer = (fields: Record<string, string>) => settled(action(routeArgs(webRequest('/workspace/reviews', cookie, fields))));

describe('answering a review', () => {
  it('asks for an answer when it is empty, on that review’s form, and calls nothing', async () => {
    const response = await answer({ id: REVIEW_ID, answer: '   ' });
    expect(response.status).toBe(400);
    const data = (await response.json()) as { intent: string; result: { error?: Record<string, string[]> } };
    expect(data.intent).toBe(REVIEW_ID);
    expect(data.result.error?.answer).toEqual([M.answerRequired]);
    expect(api.calls('POST', `/api/reviews/${REVIEW_ID}/answer`)).toHaveLength(0);
  });

  it('publishes the answer and goes back to the review', async () => {
    api.on('POST', `/api/reviews/${REVIEW_ID}/answer`, { status: 200, body: { data: {} } });
    const response = await answer({ id: REVIEW_ID, answer: 'Thank you, it was a pleasure.' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/workspace/reviews#review-${REVIEW_ID}`);
    expect(await redirectToast(response)).toMatchObject({ type: 'success', message: M.answerSaved });
    expect(JSON.parse(api.calls('POST', `/api/reviews/${REVIEW_ID}/answer`)[0]!.body)).toEqual({ answer: 'Thank you, it was a pleasure.' });
  });

  it('says a review is answered once (409)', async () => {
    api.on('POST', `/api/reviews/${REVIEW_ID}/answer`, refusal(409, M.answered));
    const response = await answer({ id: REVIEW_ID, answer: 'Again' });
    expect(response.status).toBe(409);
    const data = (await response.json()) as { result: { error?: Record<string, string[]> } };
    expect(data.result.error?.['']).toEqual([M.answered]);
  });
});
