import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../../../tests/helpers/showcase';
import { bearer, createTestApi, multipart, type MultipartPart, type TestApi } from '../../../tests/helpers/test-api';
import { createProjectThroughApi, projectForm, projectParts } from '../../../tests/helpers/workspace-projects';
import { createFirm, createMember } from '../../seed/factories';
import { createSession } from '../../queries/sessions';

/**
 * Property: whatever a client sends to the workspace project and member endpoints (random form
 * fields and files, half-right forms, broken multipart, random JSON, odd ids and queries), the api
 * never answers 5xx, and every error has the JSON error shape of DESIGN.md section 4.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let api: TestApi;
let token: string;
let projectId: string;
let memberId: string;
let jpeg: Buffer;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  projectId = (await createProjectThroughApi(api, token)).id;
  memberId = (await createMember(api.db, projectId)).id;
  jpeg = await testImage('jpeg', 32, 24);
});
afterAll(() => api.close());

type Sent = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string | Buffer; headers?: Record<string, string> };

async function expectNo5xx(request: Sent) {
  const res = await api.app.inject({ ...request, headers: { ...bearer(token), ...request.headers } });
  if (res.statusCode >= 500) {
    throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}\nrequest: ${JSON.stringify({ ...request, payload: String(request.payload).slice(0, 1500) })}`);
  }
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  return res;
}

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '__proto__', 'constructor', '0', '-1', '1e9', '٣٢٠', '  42  ', 'x'.repeat(3000), '😀'.repeat(300)),
);

const FIELD_NAMES = ['projectName', 'projecttype', 'pincode', 'country', 'state', 'city', 'designTeam', 'clientname', 'clientdetails', 'address'];
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/["\r\n]/.test(s)) });
const fieldValue = fc.oneof(
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom('interior-residential', 'India', 'Maharashtra', 'Pune', 'Architect', 'Manager', '411001') },
);
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
  fc.constant('jpeg').map(() => jpeg),
  // The right magic bytes with garbage after them.
  fc.uint8Array({ maxLength: 500 }).map((a) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(a)])),
  fc.uint8Array({ maxLength: 500 }).map((a) => Buffer.concat([Buffer.from('GIF89a'), Buffer.from(a)])),
  fc.uint8Array({ maxLength: 500 }).map((a) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(a)])),
);
const part: fc.Arbitrary<MultipartPart> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ name: fieldName, value: fieldValue }) },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.oneof(fc.constant('profileImage'), fieldName),
      file: fileBytes,
      filename: fc.oneof(fc.constantFrom('photo.png', 'photo.jpg', 'x', ''), fc.string({ maxLength: 40 }).filter((s) => !/["\r\n]/.test(s))),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream'),
    }),
  },
);
/** A form that starts valid and gets random fields added or replaced. */
const projectMultipart = fc.oneof(
  fc.array(part, { maxLength: 25 }),
  fc.tuple(fc.array(part, { maxLength: 6 }), fc.boolean()).map(([extra, withPhoto]) => [...projectParts(projectForm(), withPhoto ? { file: jpeg } : null), ...extra]),
);

const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.anything({ maxDepth: 3 }), nastyString);
const memberBody = fc.record(
  {
    name: fc.oneof(nastyString, jsonValue),
    email: fc.oneof(fc.emailAddress(), nastyString, jsonValue),
    projectId: fc.oneof(fc.constant('live-project'), fc.stringMatching(/^[0-9a-f]{0,30}$/), nastyString, jsonValue),
  },
  { requiredKeys: [] },
);
const live = (value: unknown): unknown => {
  if (value === 'live-project') return projectId;
  if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, live(v)]));
  return value;
};
const toJson = (value: unknown) => {
  try {
    return JSON.stringify(live(value)) ?? '';
  } catch {
    return '';
  }
};

/** Percent-encodes every byte of the text's UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const idSegment = fc.oneof(
  fc.constant('live-project'),
  fc.constant('live-member'),
  fc.stringMatching(/^[0-9a-f]{1,30}$/),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).map(encode),
  fc.constantFrom('%00', '%', '%ZZ', '..', '%2F', 'a'.repeat(100)),
);
const liveId = (segment: string) => (segment === 'live-project' ? projectId : segment === 'live-member' ? memberId : segment);

describe('no 5xx on the workspace project and member endpoints', () => {
  it.each(['POST', 'PUT'] as const)('%s a project: random multipart forms and files', async (method) => {
    await fc.assert(
      fc.asyncProperty(projectMultipart, async (parts) => {
        const body = await multipart(parts);
        await expectNo5xx({ method, url: method === 'POST' ? '/api/projects' : `/api/projects/${projectId}`, payload: body.payload, headers: body.headers });
      }),
      { numRuns: RUNS },
    );
  });

  it.each(['POST', 'PUT'] as const)('%s a project: broken bodies under random content types', async (method) => {
    const contentType = fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=xyz',
      'multipart/form-data; boundary=',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
    );
    const text = fc.oneof(
      nastyString,
      fc.constant('--xyz\r\nContent-Disposition: form-data; name="projectName"\r\n\r\nHouse'),
      fc.constant('--xyz\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\n\x89PNG'),
      jsonValue.map(toJson),
    );
    await fc.assert(
      fc.asyncProperty(text, contentType, async (payload, type) => {
        await expectNo5xx({ method, url: method === 'POST' ? '/api/projects' : `/api/projects/${projectId}`, payload, headers: { 'content-type': type } });
      }),
      { numRuns: RUNS },
    );
  });

  it('members: random JSON bodies for POST and PUT', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(memberBody, jsonValue), fc.boolean(), async (value, create) => {
        await expectNo5xx({
          method: create ? 'POST' : 'PUT',
          url: create ? '/api/projects/members' : `/api/projects/members/${memberId}`,
          payload: toJson(value),
          headers: { 'content-type': 'application/json' },
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('random ids and queries on every path that names one', async () => {
    const size = fc.oneof(fc.constantFrom('480', '960', '1600', '', '0', '480.0', 'large'), nastyString.map(encode));
    await fc.assert(
      fc.asyncProperty(idSegment, size, nastyString, fc.constantFrom('GET', 'DELETE', 'PUT'), async (segment, sizeValue, v, method) => {
        const id = liveId(segment);
        // Deleting the live project or member would leave nothing for the other runs.
        const safe = method !== 'DELETE' || (id !== projectId && id !== memberId);
        await expectNo5xx({ method: 'GET', url: `/api/projects/${id}/photo?size=${sizeValue}&v=${encode(v)}` });
        await expectNo5xx({ method: 'GET', url: `/api/projects/${id}` });
        await expectNo5xx({ method: 'GET', url: `/api/projects/members/${id}` });
        if (safe) await expectNo5xx({ method, url: `/api/projects/members/${id}`, payload: '{}', headers: { 'content-type': 'application/json' } });
        if (safe && method === 'DELETE') await expectNo5xx({ method, url: `/api/projects/${id}` });
      }),
      { numRuns: RUNS },
    );
  });
});
