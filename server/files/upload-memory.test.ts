import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testImage } from '../../tests/helpers/showcase';
import { createTestApi, loginToken, type TestApi } from '../../tests/helpers/test-api';
import { closingBoundary, filePartHead, listenOnLoopback, multipartHeaders } from '../../tests/helpers/uploads';
import { createFirm } from '../seed/factories';

/**
 * An upload is never held whole in the api's memory. While a 14 MB image arrives
 * over a real socket, the test records the largest Buffer built by Node's Buffer factories (what
 * a "read the file into memory" step uses: Buffer.concat of the chunks, alloc, allocUnsafe); it
 * must stay far below the file's size. The recorder is first shown to catch that step.
 */

const MB = 1024 * 1024;
let api: TestApi;
let token: string;
let port: number;
let bodyFile: string;

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = await loginToken(api, firm.email);
  port = await listenOnLoopback(api);
  // A real JPEG followed by 14 MB of padding (decoders stop at the image's end marker): all of the
  // size is upload, none of it decoding work.
  bodyFile = path.join(api.config.dataDir, 'big-upload.multipart');
  await fsp.writeFile(bodyFile, filePartHead('files', 'big.jpg', 'image/jpeg'));
  await fsp.appendFile(bodyFile, await testImage('jpeg', 64, 48));
  await fsp.appendFile(bodyFile, Buffer.alloc(14 * MB));
  await fsp.appendFile(bodyFile, closingBoundary);
});
afterAll(() => api?.close());

type Factory = 'concat' | 'alloc' | 'allocUnsafe' | 'allocUnsafeSlow';

/** The size of the largest Buffer the factories built while `work` ran. */
async function largestBufferDuring(work: () => Promise<unknown>): Promise<number> {
  const factories: Factory[] = ['concat', 'alloc', 'allocUnsafe', 'allocUnsafeSlow'];
  const originals = Object.fromEntries(factories.map((name) => [name, Buffer[name]])) as Record<Factory, (...args: never[]) => Buffer>;
  let largest = 0;
  for (const name of factories) {
    (Buffer as unknown as Record<Factory, unknown>)[name] = (...args: never[]) => {
      const buffer = originals[name].apply(Buffer, args);
      largest = Math.max(largest, buffer.length);
      return buffer;
    };
  }
  try {
    await work();
  } finally {
    Object.assign(Buffer, originals);
  }
  return largest;
}

function upload(): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/projects/images', headers: { authorization: `Bearer ${token}`, ...multipartHeaders } });
    request.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    request.on('error', reject);
    pipeline(fs.createReadStream(bodyFile), request).catch(reject);
  });
}

it('a 14 MB upload is streamed: no Buffer anywhere near its size is built', async () => {
  // What the api did before: the file's chunks gathered, then joined into one Buffer.
  const whole = await largestBufferDuring(async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of fs.createReadStream(bodyFile)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(whole).toBeGreaterThan(14 * MB);

  // Two at once, as a page sending several uploads would.
  let results: Array<{ status: number; body: string }> = [];
  const largest = await largestBufferDuring(async () => {
    results = await Promise.all([upload(), upload()]);
  });
  for (const result of results) expect(result.status, result.body).toBe(201);
  expect(largest, `largest Buffer: ${(largest / MB).toFixed(2)} MB`).toBeLessThan(1 * MB);
});
