import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../tests/helpers/test-api';
import { wellFormed } from '../../contract/text-fields';
import { newId } from '../../db/ids';
import { insertSchedule } from '../../queries/schedules';
import { createFirm, createWorkspaceProject } from '../../seed/factories';
import { createSummaryTree } from '../../seed/summary-tree';
import { createSession } from '../../queries/sessions';

/**
 * Property: whatever is sent to the client link endpoints (the firm's and the client's), the PDF's
 * print data, the financial overview and the Project Library (random
 * JSON, odd tokens, ids and queries), the api never answers 5xx, and every error has the JSON
 * error shape of DESIGN.md section 4.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let api: TestApi;
let token: string;
let scheduleId: string;
let sectionId: string;
let shareToken: string;
let linkId: string;
let itemId: string;

beforeAll(async () => {
  // Rate limits are not what this test is about.
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id);
  scheduleId = (await insertSchedule(api.db, { id: newId(), projectId: project.id, userId: firm.id, title: 'S', description: 'd', images: [] })).id;
  const tree = await createSummaryTree(api.db, { scheduleId, firmId: firm.id }, [{ name: 'Room', sections: [{ title: 'Section', items: [{ title: 'Item' }] }] }]);
  sectionId = tree.rooms[0]!.sections[0]!.id;
  itemId = tree.rooms[0]!.sections[0]!.items[0]!;
  const res = await api.app.inject({ method: 'POST', url: `/api/projects/schedules/${scheduleId}/share-links`, headers: bearer(token), payload: {} });
  ({ token: shareToken, id: linkId } = res.json().data);
});
afterAll(() => api.close());

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '__proto__', 'constructor', '0', '-1', '1e9', 'x'.repeat(3000), '😀'.repeat(300)),
);
const json = fc.oneof(
  fc.jsonValue(),
  fc.record({ decision: fc.oneof(nasty, fc.constantFrom('approved', 'rejected')), comment: fc.oneof(nasty, fc.jsonValue()) }, { requiredKeys: [] }),
  fc.record({ clientName: fc.oneof(nasty, fc.jsonValue()), expiresInDays: fc.oneof(fc.integer(), nasty, fc.constantFrom(7, 14, '30', 3.5)) }, { requiredKeys: [] }),
);
/** A lone surrogate cannot be percent-encoded: it is sent as U+FFFD, as a browser would. */
const enc = (s: string) => encodeURIComponent(wellFormed(s));
const segment = fc.oneof(nasty.map((s) => enc(s).slice(0, 300)), fc.constant('SHARE'), fc.constant('SECTION'), fc.constant('SCHEDULE'), fc.constant('LINK'), fc.constant('ITEM'));
const fill = (s: string) => s.replace('SHARE', shareToken).replace('SECTION', sectionId).replace('SCHEDULE', scheduleId).replace('LINK', linkId).replace('ITEM', itemId);

const requests = fc.oneof(
  fc.record({ method: fc.constant('GET' as const), url: fc.tuple(segment).map(([t]) => `/api/share/${t}`) }),
  fc.record({ method: fc.constant('GET' as const), url: fc.tuple(segment, segment, nasty).map(([t, i, q]) => `/api/share/${t}/images/${i}?size=${enc(q)}`) }),
  fc.record({ method: fc.constant('POST' as const), url: fc.tuple(segment, segment).map(([t, s]) => `/api/share/${t}/sections/${s}/decision`), payload: json }),
  fc.record({ method: fc.constantFrom('GET' as const, 'POST' as const), url: segment.map((s) => `/api/projects/schedules/${s}/share-links`), payload: json }),
  fc.record({ method: fc.constant('DELETE' as const), url: segment.map((s) => `/api/projects/share-links/${s}`) }),
  fc.record({ method: fc.constant('GET' as const), url: fc.tuple(segment, nasty).map(([s, q]) => `/api/projects/schedules/${s}/print?sections=${enc(q)}`) }),
  fc.record({ method: fc.constant('GET' as const), url: nasty.map((q) => `/api/projects/financial?projectId=${enc(q)}`) }),
  fc.record({ method: fc.constant('POST' as const), url: fc.constant('/api/projects/library'), payload: fc.oneof(json, fc.record({ title: nasty, description: nasty, retailPrice: fc.oneof(fc.integer(), fc.double(), nasty), tradePrice: fc.oneof(fc.integer(), nasty) }, { requiredKeys: [] })) }),
  fc.record({ method: fc.constantFrom('PUT' as const, 'DELETE' as const), url: segment.map((s) => `/api/projects/library/${s}`), payload: json }),
  fc.record({ method: fc.constant('POST' as const), url: fc.tuple(segment, segment).map(([p, s]) => `/api/projects/library/${p}/add-to-section/${s}`) }),
  fc.record({ method: fc.constant('POST' as const), url: segment.map((s) => `/api/projects/library/from-item/${s}`) }),
);

describe('client link, print, financial and library endpoints under random input', () => {
  it('never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const url = fill(request.url);
        const payload = 'payload' in request ? JSON.stringify(request.payload) : undefined;
        const res = await api.app.inject({
          method: request.method,
          url,
          headers: { ...bearer(token), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(payload !== undefined && request.method !== 'GET' ? { payload } : {}),
        });
        if (res.statusCode >= 500) throw new Error(`${request.method} ${url} answered ${res.statusCode}: ${res.body}\npayload: ${payload?.slice(0, 500)}`);
        if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
      }),
      { numRuns: RUNS },
    );
  });
});
