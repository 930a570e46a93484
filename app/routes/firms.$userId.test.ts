import { beforeAll, describe, expect, it } from 'vitest';
import { redirectToast, refusal, routeArgs, serverError, sessionCookie, settled, useStandInApi, webRequest } from '../../tests/helpers/stand-in-api';
import { loader, meta } from './firms.$userId';

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

/** The firm's page's structured data, parsed back as a crawler reads it (docs/decisions/410). */
describe('a firm’s page and its reviews', () => {
  const firm = { id: FIRM_ID, userName: 'Asha Rao', firmName: 'Rao Studio', firmType: 'architect', profileImage: null, projectCount: 0, businessEmail: null, contactNo: null, userDetails: null, website: null, city: 'Pune', state: 'Maharashtra', country: 'India', teams: [] };
  const reviewsReply = (count: number, averageCenti: number) => ({
    data: {
      rating: { count, averageCenti },
      responseTime: count ? { medianMinutes: 90, enquiries: 4 } : null,
      reviews: count ? [{ id: 'r1', rating: 5, body: 'Careful and on time.', projectName: 'Courtyard house', month: '2026-11', answer: null }] : [],
      nextCursor: null,
    },
  });

  async function pageOf(count: number, averageCenti: number) {
    api.on('GET', PATH, { status: 200, body: { data: { userData: firm, projects: [] } } });
    api.on('GET', `/api/firms/${FIRM_ID}/reviews`, { status: 200, body: reviewsReply(count, averageCenti) });
    const response = await settled(loader(routeArgs(webRequest(`/firms/${FIRM_ID}`, ''), { userId: FIRM_ID })));
    expect(response.status).toBe(200);
    const data = await response.json();
    const tags = meta({ data, matches: [{ id: 'root', data: { publicUrl: 'https://studio.example.test' } }] } as unknown as Parameters<typeof meta>[0]);
    const graphs = tags.filter((t) => 'script:ld+json' in t).map((t) => JSON.parse(JSON.stringify((t as Record<string, unknown>)['script:ld+json'])) as Record<string, unknown>);
    return { data, service: graphs.find((g) => g['@type'] === 'ProfessionalService')! };
  }

  it('carries aggregateRating with the visible reviews’ average and count', async () => {
    const { data, service } = await pageOf(3, 467);
    expect(service.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '4.67', reviewCount: 3, bestRating: 5, worstRating: 1 });
    expect(data.reviews.reviews[0].projectName).toBe('Courtyard house');
  });

  it('carries no aggregateRating without a visible review', async () => {
    const { service } = await pageOf(0, 0);
    expect(service).toBeDefined();
    expect(service).not.toHaveProperty('aggregateRating');
  });
});
