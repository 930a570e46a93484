import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduleThroughApi, tokenOf, uploadedScheduleImageIds } from '../../../../tests/helpers/schedules';
import { createTestApi, type TestApi } from '../../../../tests/helpers/test-api';
import { createFirm, createWorkspaceProject } from '../../../seed/factories';

/**
 * Property: whatever a signed-in firm sends to the schedule endpoints (random JSON, half-right
 * bodies, odd ids and queries, broken multipart), the api never answers 5xx and every error has
 * the JSON error shape of DESIGN.md section 4.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

let api: TestApi;
let token: string;
let projectId: string;
let scheduleId: string;
let imageId: string;
beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = await tokenOf(api, firm);
  projectId = (await createWorkspaceProject(api.db, firm.id)).id;
  [imageId] = (await uploadedScheduleImageIds(api, token, projectId)) as [string];
  scheduleId = (await createScheduleThroughApi(api, token, projectId, { schedulesFiles: [imageId] })).id;
});
afterAll(() => api?.close());

async function expectNo5xx(request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: string; contentType?: string }) {
  const res = await api.app.inject({
    method: request.method,
    url: request.url,
    payload: request.body,
    headers: { authorization: `Bearer ${token}`, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
  });
  if (res.statusCode >= 500) throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}\n${JSON.stringify(request).slice(0, 1500)}`);
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '__proto__', "' OR 1=1 --", 'x'.repeat(5000), '../../etc/passwd', '%2e%2e%2f'),
);
const jsonValue = fc.oneof(fc.anything({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }), nasty, fc.constantFrom(null, true, 0, [], {}));
const live = (v: string) => (v === 'PROJECT' ? projectId : v === 'IMAGE' ? imageId : v === 'SCHEDULE' ? scheduleId : v);
const idLike = fc.oneof(fc.constantFrom('PROJECT', 'IMAGE', 'SCHEDULE'), nasty, fc.stringMatching(/^[0-9a-f]{24}$/)).map(live);
const imageRefs = fc.array(fc.oneof(idLike, jsonValue, fc.constant(`/api/projects/schedules/images/PROJECT/IMAGE`).map((u) => u.replace('PROJECT', projectId).replace('IMAGE', imageId))), { maxLength: 14 });
const fields = {
  projectId: fc.oneof(idLike, jsonValue),
  title: fc.oneof(nasty, jsonValue),
  description: fc.oneof(nasty, jsonValue),
  schedulesFiles: fc.oneof(imageRefs, jsonValue),
  userId: jsonValue,
};
const body = fc.oneof(fc.record(fields, { requiredKeys: [] }), jsonValue);
const toJson = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
};
/** Percent-encoded as a browser would (a lone surrogate becomes U+FFFD); a cut escape (`%E`) stays in, as a client may send it. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/gu, '\ufffd'));
const segment = idLike.map((s) => encode(s).slice(0, 150));

describe('schedule endpoints: no 5xx for malformed input', () => {
  it('POST /api/projects/schedules with random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (value) => expectNo5xx({ method: 'POST', url: '/api/projects/schedules', body: toJson(value), contentType: 'application/json' })),
      { numRuns: RUNS },
    );
  });

  it('PUT /api/projects/schedules/{id} with random ids and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(segment, body, async (id, value) => expectNo5xx({ method: 'PUT', url: `/api/projects/schedules/${id}`, body: toJson(value), contentType: 'application/json' })),
      { numRuns: RUNS },
    );
  });

  it('GET and DELETE with random ids, image ids and sizes', async () => {
    await fc.assert(
      fc.asyncProperty(segment, segment, fc.oneof(nasty, fc.constantFrom('480', '960', '1600', '-1', '1e9')), async (a, b, size) => {
        await expectNo5xx({ method: 'GET', url: `/api/projects/schedules/${a}` });
        await expectNo5xx({ method: 'GET', url: `/api/projects/schedules/images/${a}/${b}?size=${encode(size)}` });
        await expectNo5xx({ method: 'DELETE', url: `/api/projects/schedules/${b === scheduleId ? 'f'.repeat(24) : b}` });
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/projects/schedules/upload-file with random bodies and content types', async () => {
    const contentType = fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'application/json', 'text/plain', 'multipart/form-data; boundary=----b');
    const multipartBody = fc
      .tuple(nasty, fc.oneof(idLike, nasty), fc.boolean())
      .map(([junk, project, cut]) => {
        const text = `------b\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${project}\r\n------b\r\nContent-Disposition: form-data; name="files"; filename="${junk.slice(0, 40)}"\r\nContent-Type: image/png\r\n\r\n${junk}\r\n------b--\r\n`;
        return cut ? text.slice(0, Math.floor(text.length / 2)) : text;
      });
    await fc.assert(
      fc.asyncProperty(fc.oneof(multipartBody, nasty), contentType, fc.option(idLike, { nil: undefined }), async (payload, type, query) =>
        expectNo5xx({ method: 'POST', url: `/api/projects/schedules/upload-file${query ? `?projectId=${encode(query)}` : ''}`, body: payload, contentType: type }),
      ),
      { numRuns: RUNS },
    );
  });
});
