import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes';
import { itemFigures, sumFigures, type Figures } from '../../../server/contract/summary-rules';
import type { SummaryJson } from '../../../server/contract/summary';
import SummaryEditor from './route';

/**
 * The editor's page as the server draws it for a browser without JavaScript, for a room of the
 * bench's shape (decision 215): 5 sections of 10 items, every fifth a financial item, the first 20
 * pictured, one card per section, in a schedule of 4 such rooms.
 */

const PROJECT = '6f1c2a34-0d8e-4b7a-9c51-2e3f4a5b6c7d';
const SCHEDULE = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const uuid = (kind: number, n: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

type Room = SummaryJson['rooms'][number];

function roomOf(r: number): Room {
  const sections = Array.from({ length: 5 }, (_, s) => {
    const sectionId = uuid(2, r * 10 + s);
    const items = Array.from({ length: 10 }, (_, i) => {
      const n = r * 50 + s * 10 + i;
      const money = { retailPrice: 1_000_000 + n * 1_000, tradePrice: 700_000 + n * 500, quantity: 1 + (n % 3), discountBp: (n % 4) * 250 };
      const imageId = uuid(4, n);
      const image = { id: imageId, url: `/i/${imageId}`, w480: `/i/${imageId}?w=480`, w960: `/i/${imageId}?w=960`, w1600: `/i/${imageId}?w=1600`, width: 640, height: 480 };
      return {
        id: uuid(3, n),
        sectionId,
        type: i % 5 === 4 ? ('financial' as const) : ('product' as const),
        position: i,
        version: 2,
        title: `Item ${n + 1}: solid oak side table`,
        description: 'Hand-finished solid oak with a natural oil finish',
        title1: '',
        description1: '',
        ...money,
        figures: itemFigures(money),
        images: n < 20 ? [image] : [],
      };
    });
    return {
      id: sectionId,
      roomId: uuid(1, r),
      title: `Section ${r + 1}.${s + 1}`,
      status: 'none' as const,
      position: s,
      totals: sumFigures(items.map((i) => i.figures)),
      items,
      cards: [{ id: uuid(5, r * 10 + s), sectionId, title: 'Finish', description: 'Natural oil', position: 0 }],
    };
  });
  return { id: uuid(1, r), name: `Room ${r + 1}`, position: r, totals: sumFigures(sections.map((s) => s.totals)), sections };
}

/** The loader's reply (route.tsx) for `query`, on the first room. */
function loaderData(query: URLSearchParams) {
  const rooms = Array.from({ length: 4 }, (_, r) => roomOf(r));
  const room = rooms[0]!;
  const totals: Figures = sumFigures(rooms.map((r) => r.totals));
  return {
    project: { id: PROJECT, projectName: 'Juhu Sea-facing Flat' },
    schedules: [{ id: SCHEDULE, title: 'Bench: 200 items' }],
    summary: {
      schedule: { id: SCHEDULE, projectId: PROJECT, title: 'Bench: 200 items' },
      totals,
      rooms: rooms.map(({ id, name, position, totals, sections }) => ({ id, name, position, totals, sections: sections.map((s) => ({ id: s.id, title: s.title, items: s.items.map((i) => ({ id: i.id })) })) })),
    },
    room,
    view: { schedule: SCHEDULE, tab: query.get('tab') === 'financial' ? 'financial' : 'summary', room: room.id, edit: query.get('edit') === '1' },
    info: { description: 'Every room of the house.', images: [] },
    library: [],
  };
}

async function render(query = '') {
  const url = `/workspace/project/schedules/summary-financial/${PROJECT}?schedule=${SCHEDULE}${query}`;
  return renderRoutes([{ id: 'editor', path: '/workspace/project/schedules/summary-financial/:projectId', loader: ({ request }) => loaderData(new URL(request.url).searchParams), element: <SummaryEditor /> }], url);
}

const weight = (html: string) => `${(Buffer.byteLength(html) / 1024).toFixed(0)} KB (${(gzipSync(html).length / 1024).toFixed(1)} KB gzip)`;

describe('the summary editor without JavaScript, a room of 50 items', () => {
  it.each([
    ['display', ''],
    ['edit all', '&edit=1'],
    ['financial', '&tab=financial'],
  ])('%s: its size', async (name, query) => {
    const html = await render(query);
    if (process.env.DUMP_HTML) (await import("node:fs")).writeFileSync(`/tmp/editor-${name.replace(" ", "-")}.html`, html);
    console.log(`summary editor, ${name}: ${weight(html)}, ${(html.match(/<form/g) ?? []).length} forms`);
    expect(html).toContain('data-testid="summary-item"');
  });
});
