import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../../tests/helpers/test-api';
import { wellFormed } from '../../../contract/text-fields';
import { createFirm, createWorkspaceProject } from '../../../seed/factories';
import { createFolder, createProjectFile } from '../../../seed/file-factories';
import { createSession } from '../../../queries/sessions';

/**
 * Property: whatever a client sends to the folder and file endpoints (random JSON, half-right
 * bodies, odd ids and queries, broken multipart bodies), the api never answers 5xx, and every
 * error has the JSON error shape of DESIGN.md section 4.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

let api: TestApi;
let token: string;
let ids: { projectId: string; folderId: string; fileId: string };
beforeAll(async () => {
  api = await createTestApi({ MAX_FILE_MB: '1' });
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  const project = await createWorkspaceProject(api.db, firm.id);
  const folder = await createFolder(api.db, project.id);
  const file = await createProjectFile(api.ctx, folder);
  ids = { projectId: project.id, folderId: folder.id, fileId: file.id };
});
afterAll(() => api?.close());

type Request = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; contentType?: string; body?: string | Buffer; range?: string };

async function expectNo5xx(request: Request) {
  const res = await api.app.inject({
    method: request.method,
    url: request.url,
    payload: request.body,
    headers: { ...bearer(token), ...(request.contentType ? { 'content-type': request.contentType } : {}), ...(request.range ? { range: request.range } : {}) },
  });
  if (res.statusCode >= 500) throw new Error(`${request.method} ${request.url} answered ${res.statusCode}: ${res.body}\nrequest: ${JSON.stringify(request).slice(0, 2000)}`);
  if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  return res;
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\u0000b', '../../etc/passwd', '%00', '__proto__', 'New Folder', 'x'.repeat(5000), '😀'.repeat(60)),
);
/** An id: a live one (placeholders replaced below), a well-formed unknown one, or junk. */
const anId = fc.oneof(
  fc.constantFrom('live-project', 'live-folder', 'live-file'),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  nasty,
);
const live = (value: unknown): unknown => {
  if (value === 'live-project') return ids.projectId;
  if (value === 'live-folder') return ids.folderId;
  if (value === 'live-file') return ids.fileId;
  if (Array.isArray(value)) return value.map(live);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, live(v)]));
  }
  return value;
};
// `{ length: { toString: 0 } }`: a value zod's own length checks cannot format (see safeValidatorCompiler).
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty, fc.constantFrom(null, [], {}, 0, true, { length: { toString: 0 } }));
const field = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: anyJson });
const toJson = (value: unknown) => {
  try {
    return JSON.stringify(live(value)) ?? '';
  } catch {
    return '';
  }
};
/** Percent-encoded as a client would (a lone surrogate cannot be: it becomes U+FFFD, as browsers send it). */
const encode = (value: string) => encodeURIComponent(wellFormed(value));
/** A path segment as a client could send it (percent-encoded, so the url stays a url). */
const segment = (value: unknown) => encode(String(live(value))).slice(0, 180) || 'x';

const bodies = {
  createFolder: fc.record({ projectId: field(anId), folderName: field(nasty), userId: field(nasty) }, { requiredKeys: [] }),
  renameFolder: fc.record({ folderName: field(nasty) }, { requiredKeys: [] }),
  registerFiles: fc.record(
    { projectId: field(anId), folderId: field(anId), projectFiles: field(fc.array(anId, { maxLength: 12 })), type: field(fc.constantFrom('file', 'folder')) },
    { requiredKeys: [] },
  ),
};

describe('no 5xx from the folder and file endpoints', () => {
  it('POST /api/projects/folder with random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(bodies.createFolder, anyJson), async (body) => {
        await expectNo5xx({ method: 'POST', url: '/api/projects/folder', contentType: 'application/json', body: toJson(body) });
      }),
      { numRuns: RUNS },
    );
  });

  it('PUT and DELETE /api/projects/folder/{id} with random ids and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(anId, fc.oneof(bodies.renameFolder, anyJson), fc.boolean(), async (id, body, remove) => {
        // The live folder is renamed, never deleted, so later runs still find it.
        if (remove && id !== 'live-folder') await expectNo5xx({ method: 'DELETE', url: `/api/projects/folder/${segment(id)}` });
        else await expectNo5xx({ method: 'PUT', url: `/api/projects/folder/${segment(id)}`, contentType: 'application/json', body: toJson(body) });
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/projects/files with random bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(bodies.registerFiles, anyJson), async (body) => {
        await expectNo5xx({ method: 'POST', url: '/api/projects/files', contentType: 'application/json', body: toJson(body) });
      }),
      { numRuns: RUNS },
    );
  });

  it('GET lists and contents with random ids, queries and ranges', async () => {
    await fc.assert(
      fc.asyncProperty(
        anId,
        fc.constantFrom('folder', 'files', 'content'),
        fc.option(fc.oneof(fc.constantFrom('disposition=inline', 'disposition=attachment', 'disposition=', 'disposition[]=x', 'disposition=inline&disposition=x'), nasty.map((v) => `disposition=${encode(v)}`)), { nil: undefined }),
        fc.option(fc.oneof(fc.constantFrom('bytes=0-3', 'bytes=-5', 'bytes=5-', 'bytes=9-1', 'bytes=0-1,4-5', 'bytes=999999-', 'items=0-1', 'bytes='), nasty), { nil: undefined }),
        async (id, what, query, range) => {
          const url =
            what === 'folder' ? `/api/projects/folder/${segment(id)}` : what === 'files' ? `/api/projects/files/${segment(id)}` : `/api/projects/files/${segment(id)}/content${query ? `?${query}` : ''}`;
          await expectNo5xx({ method: 'GET', url, range: range?.replace(/[^\x20-\x7e]/g, '') });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('POST /api/users/project/upload-file with broken multipart bodies', async () => {
    const boundary = 'FuzzBoundary';
    const part = fc.oneof(
      fc.record({ name: fc.constantFrom('projectId', 'folderId', 'files', 'other', ''), value: fc.oneof(anId, nasty) }).map(
        ({ name, value }) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(live(value))}\r\n`,
      ),
      fc.record({ filename: nasty, data: fc.uint8Array({ maxLength: 300 }) }).map(
        ({ filename, data }) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename.replace(/["\r\n]/g, '')}"\r\n\r\n`), Buffer.from(data), Buffer.from('\r\n')]),
      ),
      nasty,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 5 }),
        fc.boolean(),
        fc.constantFrom(`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', 'multipart/form-data; boundary=other', 'application/json', 'text/plain'),
        async (parts, close, contentType) => {
          const body = Buffer.concat([...parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))), Buffer.from(close ? `--${boundary}--\r\n` : '')]);
          await expectNo5xx({ method: 'POST', url: '/api/users/project/upload-file', contentType, body });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
