import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedBuild } from './precompressed';

// A browser build as `remix build` leaves it, served as the web server serves /build/.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-build-'));
const CHUNK = `var words = ${JSON.stringify(Array.from({ length: 60 }, (_, i) => `entry ${i}`))};\nexport { words as a };\n`;
const CSS = `.card { color: red; padding: 1rem; }\n`.repeat(40);
const TINY = 'export{};';

let base = '';
let server: http.Server;

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'chunk-AAA.js'), CHUNK);
  fs.writeFileSync(path.join(dir, 'tiny-BBB.js'), TINY);
  fs.mkdirSync(path.join(dir, '_assets'));
  fs.writeFileSync(path.join(dir, '_assets', 'app-CCC.css'), CSS);
  const app = express();
  app.use('/build/', precompressedBuild(dir));
  app.use('/build/', express.static(dir, { immutable: true, maxAge: '1y', index: false, redirect: false }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding = 'gzip, deflate, br'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${base}${url}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

describe('the browser build, gzipped once and kept', () => {
  it('sends a script and a style sheet gzipped at the best level, immutable, and as they are to a browser without gzip', async () => {
    const zipped = await get('/build/chunk-AAA.js');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/javascript/);
    expect(zipped.headers['cache-control']).toContain('immutable');
    expect(zipped.body.equals(zlib.gzipSync(CHUNK, { level: zlib.constants.Z_BEST_COMPRESSION }))).toBe(true);

    const css = await get('/build/_assets/app-CCC.css');
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(zlib.gunzipSync(css.body).toString()).toBe(CSS);

    const plain = await get('/build/chunk-AAA.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
  });

  it('sends a file gzip would make bigger as it is, and answers 404 for what is not there', async () => {
    const tiny = await get('/build/tiny-BBB.js');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(TINY);
    expect((await get('/build/gone-FFF.js')).status).toBe(404);
    expect((await get('/build/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });
});
