import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleThroughApi, tokenOf, uploadedScheduleImageIds } from '../../../../tests/helpers/schedules';
import { itemIdsOf, readSummary, smallSummary } from '../../../../tests/helpers/summary';
import { createTestApi, type TestApi } from '../../../../tests/helpers/test-api';
import { createFirm, createWorkspaceProject } from '../../../seed/factories';

/**
 * Property: whatever a signed-in firm sends to the summary endpoints (random JSON, half-right
 * bodies, odd ids), the api never answers 5xx, every error has the JSON error shape of DESIGN.md
 * section 4, and the summary keeps every item exactly once with positions 0..n-1.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let api: TestApi;
let token: string;
let ids: Record<string, string>;
let itemCount: number;
beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = await tokenOf(api, firm);
  const projectId = (await createWorkspaceProject(api.db, firm.id)).id;
  const [imageId] = (await uploadedScheduleImageIds(api, token, projectId)) as [string];
  const scheduleId = (await createScheduleThroughApi(api, token, projectId)).id;
  const small = await smallSummary(api, token, scheduleId);
  ids = { PROJECT: projectId, IMAGE: imageId, SCHEDULE: scheduleId, ROOM: small.roomId, SECTION: small.sectionId, ITEM: small.items.product, FINANCIAL: small.items.financial };
  itemCount = 4;
});
afterAll(() => api?.close());

async function expectNo5xx(request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: string }) {
  const res = await api.app.inject({
    method: request.method,
    url: request.url,
    payload: request.body,
    headers: { authorization: `Bearer ${token}`, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
  });
  if (res.statusCode >= 500) throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}\n${JSON.stringify(request).slice(0, 1500)}`);
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  return res;
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '__proto__', "' OR 1=1 --", 'x'.repeat(6000), 'approved', 'product'),
);
const jsonValue = fc.oneof(fc.anything({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }), nasty, fc.constantFrom(null, true, 0, -1, 1.5, 1e300, [], {}));
const liveId = fc.oneof(fc.constantFrom('ROOM', 'SECTION', 'ITEM', 'FINANCIAL', 'SCHEDULE', 'IMAGE').map((k) => ids[k]!), fc.stringMatching(/^[0-9a-f]{24}$/), nasty);
const number = fc.oneof(fc.integer({ min: -5, max: 20 }), fc.double(), fc.constantFrom(1e9, 1e10, 10_000, 10_001, 100_000, 2 ** 31, Number.MAX_SAFE_INTEGER), jsonValue);
const body = fc.oneof(
  fc.record(
    {
      name: fc.oneof(nasty, jsonValue),
      title: fc.oneof(nasty, jsonValue),
      description: fc.oneof(nasty, jsonValue),
      title1: nasty,
      status: fc.oneof(fc.constantFrom('none', 'approved', 'in_review', 'rejected'), jsonValue),
      type: fc.oneof(fc.constantFrom('product', 'description', 'title', 'financial'), jsonValue),
      retailPrice: number,
      tradePrice: number,
      quantity: number,
      discountBp: number,
      version: number,
      index: number,
      parentId: liveId,
      images: fc.oneof(fc.array(fc.oneof(liveId, jsonValue), { maxLength: 12 }), jsonValue),
      items: fc.oneof(fc.array(fc.record({ id: liveId, description: fc.oneof(nasty, jsonValue), version: number }, { requiredKeys: [] }), { maxLength: 4 }), jsonValue),
    },
    { requiredKeys: [] },
  ),
  jsonValue,
);
const toJson = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
};
const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/gu, '\ufffd')).slice(0, 150);

/** Every write route with a random id; deletes are left out so the summary stays to check. */
const ROUTES: Array<[method: 'POST' | 'PUT', path: (id: string) => string]> = [
  ['POST', (id) => `${id}/rooms`],
  ['PUT', (id) => `rooms/${id}`],
  ['POST', (id) => `rooms/${id}/move`],
  ['POST', (id) => `rooms/${id}/sections`],
  ['PUT', (id) => `sections/${id}`],
  ['POST', (id) => `sections/${id}/move`],
  ['POST', (id) => `sections/${id}/items`],
  ['POST', (id) => `sections/${id}/cards`],
  ['PUT', (id) => `items/${id}`],
  ['PUT', (id) => `${id}/items`],
  ['POST', (id) => `items/${id}/move`],
  ['POST', (id) => `items/${id}/images`],
  ['POST', (id) => `items/${id}/images/${id}/move`],
  ['PUT', (id) => `cards/${id}`],
];

describe('summary endpoints: no 5xx for malformed input', () => {
  it('every write route with random ids and bodies, and the summary stays whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(ROUTES.length - 1), liveId, body, async (r, id, value) => {
        const [method, path] = ROUTES[r]!;
        const res = await expectNo5xx({ method, url: `/api/projects/summary/${path(encode(id))}`, body: toJson(value) });
        if (res.statusCode === 201 && path('x').includes('/items')) itemCount += 1;
      }),
      { numRuns: RUNS * ROUTES.length },
    );
    const summary = await readSummary(api, token, ids.SCHEDULE!);
    const all = itemIdsOf(summary);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(itemCount);
    for (const room of summary.rooms) {
      expect(room.sections.map((s) => s.position)).toEqual(room.sections.map((_, i) => i));
      for (const section of room.sections) expect(section.items.map((i) => i.position)).toEqual(section.items.map((_, i) => i));
    }
  });

  it('GET and DELETE with random ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.stringMatching(/^[0-9a-f]{24}$/), nasty), fc.constantFrom('rooms', 'sections', 'items', 'cards'), async (id, kind) => {
        await expectNo5xx({ method: 'GET', url: `/api/projects/summary/${encode(id)}` });
        await expectNo5xx({ method: 'DELETE', url: `/api/projects/summary/${kind}/${encode(id)}` });
        await expectNo5xx({ method: 'DELETE', url: `/api/projects/summary/items/${encode(id)}/images/${encode(id)}` });
      }),
      { numRuns: RUNS },
    );
  });
});
