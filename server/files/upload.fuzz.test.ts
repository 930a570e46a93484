import fs from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfFile } from '../../tests/helpers/documents';
import { testImage } from '../../tests/helpers/showcase';
import { bearer, createTestApi, loginToken, type TestApi } from '../../tests/helpers/test-api';
import { BOUNDARY, closingBoundary, filePartHead } from '../../tests/helpers/uploads';
import { createFirm } from '../seed/factories';

/** Every upload endpoint answers malformed multipart bodies with a 4xx, never a 500, and keeps no temporary file. */

let api: TestApi;
let token: string;
let samples: Buffer[];
beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = await loginToken(api, firm.email);
  samples = [await testImage('jpeg', 40, 30), await testImage('png', 40, 30), pdfFile(), Buffer.from('plain text')];
});
afterAll(() => api?.close());

const piece = fc.oneof(
  fc.constantFrom('\r\n', `--${BOUNDARY}`, `--${BOUNDARY}--`, '\r\n\r\n', 'Content-Type: image/png', 'name="files"', 'filename="a.png"', 'name="__proto__"', 'name="x"; filename=""'),
  fc.string({ maxLength: 40 }),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a).toString('latin1')),
);
const part = fc.record({
  field: fc.constantFrom('files', 'file', 'other', 'constructor', 'x', 'size'),
  filename: fc.oneof(fc.constant(''), fc.string({ maxLength: 30 }).map((s) => s.replace(/["\r\n]/g, ''))),
  sample: fc.nat({ max: 3 }),
  cut: fc.option(fc.nat({ max: 400 })),
  junk: fc.array(piece, { maxLength: 3 }),
});

it('never answers 500 to a broken or hostile multipart body', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('/api/projects/images', '/api/users/upload/file', '/api/users/profile-image'),
      fc.array(part, { maxLength: 4 }),
      fc.boolean(),
      fc.constantFrom(`multipart/form-data; boundary=${BOUNDARY}`, 'multipart/form-data', `multipart/form-data; boundary="${BOUNDARY}"`, 'multipart/mixed; boundary=x', 'text/plain'),
      async (url, parts, closed, contentType) => {
        const body = Buffer.concat([
          ...parts.flatMap((p, i) => {
            const data = samples[p.sample]!;
            return [Buffer.from(filePartHead(p.field, p.filename, 'application/octet-stream', i === 0)), p.cut === null ? data : data.subarray(0, p.cut), Buffer.from(p.junk.join(''), 'latin1')];
          }),
          Buffer.from(closed ? closingBoundary : ''),
        ]);
        const res = await api.app.inject({ method: 'POST', url, payload: body, headers: { ...bearer(token), 'content-type': contentType } });
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        expect(res.statusCode === 200 || res.statusCode === 201 || res.json().message).toBeTruthy();
      },
    ),
    { numRuns: 150 },
  );
  expect(api.ctx.uploadSlots.inProgress((await api.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json().data.id)).toBe(0);
  expect(await fs.readdir(api.config.uploadTmpDir).catch(() => [])).toEqual([]);
});
