import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes';
import SharedSchedule from './route';

/**
 * Dates in the firm's time zone (decisions 265 and 298): the client's page in the firm's
 * (the client has no account). 03:00 UTC on 1 March is the
 * evening of 28 February in New York and the morning of 1 March in India.
 */

const INSTANT = '2026-03-01T03:00:00.000Z';
const LATER = '2026-03-02T03:00:00.000Z';
/** The page's text runs without React's separators between adjacent texts. */
const text = async (html: Promise<string>) => (await html).replaceAll('<!-- -->', '');

function shared(timeZone: string, invite: { firmName: string; written: boolean } | null = null) {
  const data = {
    firm: { name: 'Rao Interiors', timeZone },
    project: { name: 'Sea View Flat' },
    schedule: { title: 'Living room', description: '' },
    clientName: 'Mrs Rao',
    expiresAt: INSTANT,
    rooms: [
      {
        id: 'r1',
        name: 'Hall',
        clientPrice: 0,
        sections: [
          { id: 's1', name: 'Doors', status: 'approved', items: [], cards: [], clientPrice: 0, decision: { decision: 'approved', comment: '', createdAt: INSTANT }, history: [{ decision: 'approved', comment: '', createdAt: INSTANT }] },
          {
            id: 's2',
            name: 'Lights',
            status: 'approved',
            items: [
              {
                id: 'i1',
                type: 'product',
                title: 'Pendant',
                description: '',
                title1: '',
                description1: '',
                images: [],
                price: null,
                decision: { decision: 'approved', comment: 'Warmer now, thank you', createdAt: LATER },
                history: [
                  { decision: 'approved', comment: 'Warmer now, thank you', createdAt: LATER },
                  { decision: 'rejected', comment: 'Too cold', createdAt: INSTANT },
                ],
              },
            ],
            cards: [],
            clientPrice: 0,
            decision: null,
            history: [],
          },
        ],
      },
    ],
    clientPrice: 0,
    invite,
  };
  return text(renderRoutes([{ id: 'root', path: '/share/:token', loader: () => data, element: <SharedSchedule /> }], '/share/abc'));
}

describe('dates on the client’s page', () => {
  it('are the firm’s, not India’s by default', async () => {
    const html = await shared('America/New_York');
    expect(html).toContain('Link valid until 28 Feb 2026');
    expect(html).toContain('on 28 Feb 2026, 10:00 PM');
    const india = await shared('Asia/Kolkata');
    expect(india).toContain('Link valid until 1 Mar 2026');
    expect(india).toContain('on 1 Mar 2026, 8:30 AM');
  });
});

describe('the review offer (docs/decisions/409)', () => {
  it('offers Review <firm> with this link once the schedule is approved, and the written review after', async () => {
    expect(await shared('Asia/Kolkata')).not.toContain('/review/');
    const offered = await shared('Asia/Kolkata', { firmName: 'Rao Interiors', written: false });
    expect(offered).toContain('href="/review/abc"');
    expect(offered).toContain('Review Rao Interiors');
    expect(await shared('Asia/Kolkata', { firmName: 'Rao Interiors', written: true })).toContain('Your review of Rao Interiors');
  });
});

describe('item by item (docs/decisions/412)', () => {
  it('gives each item its own form and shows what the client decided before, newest first', async () => {
    const html = await shared('Asia/Kolkata');
    expect(html).toContain('aria-label="Approve Pendant"');
    expect(html).toContain('aria-label="Reject the whole section Lights"');
    expect(html).toContain('name="itemId" value="i1"');
    const latest = html.indexOf('Warmer now, thank you');
    const earlier = html.indexOf('Too cold');
    expect(latest).toBeGreaterThan(0);
    expect(earlier).toBeGreaterThan(latest);
    expect(html).toContain('Earlier decisions (1)');
    expect(html).toContain('on 2 Mar 2026, 8:30 AM');
  });
});
