import { beforeAll, describe, expect, it } from 'vitest';
import { refusal, routeArgs, sessionCookie, settled, useStandInApi, webRequest } from '../../../tests/helpers/stand-in-api';
import { REVIEW_MESSAGES } from '../../../server/contract/reviews-rules';
import { action } from './route';

/** A paid invoice's "Ask for a review" (docs/decisions/409): the link on this answer only, or the api's refusal. */
const api = useStandInApi();
const INVOICE_ID = '64b000000000000000000f01';
let cookie: string;

beforeAll(async () => {
  cookie = await sessionCookie({ role: 'architect' });
});

const ask = () => settled(action(routeArgs(webRequest(`/workspace/invoices/${INVOICE_ID}`, cookie, { intent: 'reviewLink' }), { invoiceId: INVOICE_ID })));

describe('asking a paid invoice’s client for a review', () => {
  it('answers the whole link to copy, not a redirect that would lose it', async () => {
    const token = 'k'.repeat(43);
    api.on('POST', '/api/reviews/invitations', { status: 201, body: { data: { path: `/review/${token}`, token } } });
    const response = await ask();
    expect(response.status).toBe(200);
    const data = (await response.json()) as { reviewLink: string; message: string };
    expect(data.reviewLink).toMatch(new RegExp(`^https?://[^/]+/review/${token}$`));
    expect(data.message).toBe(REVIEW_MESSAGES.invitationMade);
    expect(JSON.parse(api.calls('POST', '/api/reviews/invitations')[0]!.body)).toEqual({ invoiceId: INVOICE_ID });
  });

  it('says why when the invoice is not paid (409)', async () => {
    api.on('POST', '/api/reviews/invitations', refusal(409, REVIEW_MESSAGES.invoiceNotPaid));
    const response = await ask();
    expect(response.status).toBe(409);
    const data = (await response.json()) as { toast: { message: string } | null };
    expect(data.toast?.message).toBe(REVIEW_MESSAGES.invoiceNotPaid);
  });
});
