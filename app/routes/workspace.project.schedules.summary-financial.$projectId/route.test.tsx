import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes';
import { itemFigures, sumFigures, type Figures } from '../../../server/contract/summary-rules';
import type { SummaryJson } from '../../../server/contract/summary';
import { packRoom } from '~/components/summary/editor-data';
import { readEdit } from '~/components/summary/editor-url';
import { spreadIntentArgument } from './actions.server';
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

function roomOf(r: number, shape = { sections: 5, items: 10 }): Room {
  const sections = Array.from({ length: shape.sections }, (_, s) => {
    const sectionId = uuid(2, r * 100 + s);
    const items = Array.from({ length: shape.items }, (_, i) => {
      const n = r * shape.sections * shape.items + s * shape.items + i;
      const money = { retailPrice: 1_000_000 + n * 1_000, tradePrice: 700_000 + n * 500, quantityMilli: (1 + (n % 3)) * 1000, discountBp: (n % 4) * 250 };
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
        retailPrice: money.retailPrice,
        tradePrice: money.tradePrice,
        discountBp: money.discountBp,
        quantity: String(money.quantityMilli / 1000),
        unit: 'NOS',
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
      version: 1,
      totals: sumFigures(items.map((i) => i.figures)),
      items,
      cards: [{ id: uuid(5, r * 100 + s), sectionId, title: 'Finish', description: 'Natural oil', position: 0 }],
    };
  });
  return { id: uuid(1, r), name: `Room ${r + 1}`, position: r, version: 1, totals: sumFigures(sections.map((s) => s.totals)), sections };
}

/** The loader's reply (route.tsx) for `query`, on the first room. */
function loaderData(query: URLSearchParams, shape?: { rooms: number; sections: number; items: number }) {
  const rooms = Array.from({ length: shape?.rooms ?? 4 }, (_, r) => roomOf(r, shape));
  const room = rooms[0]!;
  const totals: Figures = sumFigures(rooms.map((r) => r.totals));
  return {
    project: { id: PROJECT, projectName: 'Juhu Sea-facing Flat' },
    schedules: [{ id: SCHEDULE, title: 'Bench: 200 items' }],
    summary: {
      schedule: { id: SCHEDULE, projectId: PROJECT, title: 'Bench: 200 items' },
      totals,
      rooms: rooms.map(({ id, name, version, totals, sections }) => ({ id, name, version, totals, sections: sections.map((s) => ({ id: s.id, title: s.title })) })),
    },
    room: packRoom(room, (imageId) => `/i/${imageId}?w=480`),
    view: { schedule: SCHEDULE, tab: query.get('tab') === 'financial' ? 'financial' : 'summary', room: room.id, ...readEdit(query.get('edit'), (id) => id.length === 36) },
    info: { description: 'Every room of the house.', images: [] },
    library: [],
  };
}

async function render(query = '', shape?: { rooms: number; sections: number; items: number }) {
  const url = `/workspace/project/schedules/summary-financial/${PROJECT}?schedule=${SCHEDULE}${query}`;
  return renderRoutes([{ id: 'editor', path: '/workspace/project/schedules/summary-financial/:projectId', loader: ({ request }) => loaderData(new URL(request.url).searchParams, shape), element: <SummaryEditor /> }], url);
}

const weight = (html: string) => `${(Buffer.byteLength(html) / 1024).toFixed(0)} KB (${(gzipSync(html).length / 1024).toFixed(1)} KB gzip)`;

/** The `<form` and `</form>` tags in order: a nested form is one opened before the last one closed. */
function deepestForm(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [tag] of html.matchAll(/<\/?form\b/g)) {
    depth += tag === '<form' ? 1 : -1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

const attributes = (html: string, name: string) => [...html.matchAll(new RegExp(` ${name}="([^"]*)"`, 'g'))].map((m) => m[1]!);

describe('the summary editor without JavaScript, a room of 50 items', () => {
  it.each([
    ['display', '', 300],
    ['edit all', '&edit=1', 330],
    ['financial', '&tab=financial', 380],
  ])('%s: one form per room, section and item, no form inside another, every outside control pointing at a form of the page', async (name, query, budgetKb) => {
    const html = await render(query);
    expect(deepestForm(html)).toBe(1);
    const formIds = new Set([...html.matchAll(/<form [^>]*\bid="([^"]+)"/g)].map((m) => m[1]!));
    const outside = new Set(attributes(html, 'form'));
    expect([...outside].filter((id) => !formIds.has(id))).toEqual([]);
    // An item: its row form, and on the Summary tab a product's image form (multipart).
    const articles = html.split('<article').slice(1).map((rest) => rest.slice(0, rest.indexOf('</article>')));
    // The Summary tab leaves out the financial items (one in five).
    expect(articles).toHaveLength(name === 'financial' ? 50 : 40);
    for (const article of articles) expect((article.match(/<form/g) ?? []).length).toBeLessThanOrEqual(name === 'financial' ? 1 : 2);
    // The view is in the posting forms' address, not in hidden fields: only the PDF export's GET form
    // carries it as fields (a GET form's fields replace its address's query).
    expect(html.match(/type="hidden" name="schedule"/g)).toHaveLength(1);
    // Decision 215: 415 KB before (display), 297 KB after folding the forms, 260 KB with the icons drawn once.
    expect(Buffer.byteLength(html), `${name}: ${weight(html)}`).toBeLessThan(budgetKb * 1024);
  });
});

/** The elements of the editor's HTML: its opening tags. */
const elements = (html: string) => (html.match(/<[a-z][a-z0-9-]*[\s>/]/g) ?? []).length;

describe('the summary editor at real size: one room of 200 items in 40 sections', () => {
  const SHAPE = { rooms: 1, sections: 40, items: 5 };
  // Before decision 250 the page was 1.34 MB and 15,384 elements on the Summary tab (bench).
  it.each([
    ['summary', ''],
    ['financial', '&tab=financial'],
  ])('%s: items are read views, under 300 KB and 4,000 elements', async (_, query) => {
    const html = await render(query, SHAPE);
    if (process.env.DUMP_EDITOR) (await import('node:fs')).writeFileSync(`/tmp/editor-${_}.html`, html);
    expect(Buffer.byteLength(html), weight(html)).toBeLessThan(300 * 1024);
    expect(elements(html)).toBeLessThan(4_000);
    // No item carries a form or a field: each has its Edit link.
    const articles = html.split('<article').slice(1).map((rest) => rest.slice(0, rest.indexOf('</article>')));
    for (const article of articles) {
      expect(article).not.toMatch(/<form|<input|<select|<textarea/);
      expect(article).toContain('data-testid="edit-item"');
    }
  });

  it('?edit=<item> draws that item alone with its form, its fields and its controls, and the others as read views', async () => {
    const open = uuid(3, 149);
    const html = await render(`&tab=financial&edit=${open}`, SHAPE);
    const articles = html.split('<article').slice(1).map((rest) => rest.slice(0, rest.indexOf('</article>')));
    const withFields = articles.filter((a) => a.includes('name="f:'));
    expect(withFields).toHaveLength(1);
    expect(withFields[0]).toContain(`id="row-${open}"`);
    expect(withFields[0]).toContain('data-testid="copy-item"');
    expect(withFields[0]).toContain('data-testid="move-to-section"');
    expect(withFields[0]).toContain('data-testid="save-item"');
    expect(html).toContain(`id="row-${open}"`);
    expect(deepestForm(html)).toBe(1);
  });
});

describe('a button’s intent with its argument', () => {
  const spread = (entries: Array<[string, string]>) => {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    spreadIntentArgument(form);
    return Object.fromEntries(form);
  };

  it('goes to the field its intent names', () => {
    expect(spread([['id', 'i1'], ['kind', 'items'], ['intent', 'move:3']])).toEqual({ id: 'i1', kind: 'items', intent: 'move', index: '3' });
    expect(spread([['id', 'i1'], ['intent', 'delete-image:img:1']])).toEqual({ id: 'i1', intent: 'delete-image', imageId: 'img:1' });
    expect(spread([['id', 's1'], ['intent', 'delete-card:c1']])).toEqual({ id: 's1', intent: 'delete-card', cardId: 'c1' });
    expect(spread([['id', 's1'], ['intent', 'add-item:title']])).toEqual({ id: 's1', intent: 'add-item', type: 'title' });
  });

  it('replaces a field of the same name (a posted index)', () => {
    expect(spread([['index', '9'], ['intent', 'move:2']])).toEqual({ index: '2', intent: 'move' });
  });

  it('leaves alone an intent without one, and one that takes none (refused later as unknown)', () => {
    expect(spread([['intent', 'copy-item']])).toEqual({ intent: 'copy-item' });
    expect(spread([['intent', 'copy-item:x']])).toEqual({ intent: 'copy-item:x' });
    expect(spread([['intent', 'constructor:x']])).toEqual({ intent: 'constructor:x' });
    expect(spread([['intent', ':3']])).toEqual({ intent: ':3' });
  });
});
