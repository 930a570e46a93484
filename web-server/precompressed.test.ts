import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { transformSync } from 'esbuild';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedBuild } from './precompressed';

// A browser build as esbuild leaves it, finished by `npm run build`'s step (docs/decisions/181),
// then served as the web server serves /build/.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finished-build-'));
const LICENSE = '/*! tiny-lib v1.0 | MIT License | (c) Someone */';
const CHUNK = `${LICENSE}
var longVariableName = ${JSON.stringify(Array.from({ length: 40 }, (_, i) => `entry ${i}`))};
function describeTheEntries(theSeparator) { var theJoinedText = longVariableName.join(theSeparator); return theJoinedText.length > 0 ? theJoinedText : "none"; }
function unusedHelper() { return 42; }
export { describeTheEntries as a, longVariableName as b };
`;
// A chunk of one export as esbuild writes it: terser's module mode would rename it and write `export{s as a}`.
const TINY = 'var a="/build/_assets/app-CCC.css";export{a};';
const CSS = `.card { color: red; padding: 1rem; }\n`.repeat(40);
const STALE = `export const words = [${Array.from({ length: 60 }, (_, i) => `"word ${i}"`).join(',')}];`;

let base = '';
let server: http.Server;
let summary = '';
const finish = () => execFileSync(process.execPath, ['scripts/finish-browser-build.mjs', dir], { encoding: 'utf8' });

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'chunk-AAA.js'), CHUNK);
  fs.writeFileSync(path.join(dir, 'tiny-BBB.js'), TINY);
  fs.mkdirSync(path.join(dir, '_assets'));
  fs.writeFileSync(path.join(dir, '_assets', 'app-CCC.css'), CSS);
  const mapped = transformSync('export function greet(name: string): string {\n  return `hello ${name}`;\n}\n', { loader: 'ts', format: 'esm', sourcemap: 'external', sourcefile: 'greet.ts' });
  fs.writeFileSync(path.join(dir, 'greet-DDD.js'), `${mapped.code}//# sourceMappingURL=greet-DDD.js.map\n`);
  fs.writeFileSync(path.join(dir, 'greet-DDD.js.map'), mapped.map);
  summary = finish();

  // Written after the step: a .gz that is not of its file (another build's), and a .gz alone.
  fs.writeFileSync(path.join(dir, 'stale-EEE.js'), STALE);
  fs.writeFileSync(path.join(dir, 'stale-EEE.js.gz'), zlib.gzipSync('export const words = [];'));
  fs.writeFileSync(path.join(dir, 'gone-FFF.js.gz'), zlib.gzipSync('export {};'));

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

describe('the finished browser build', () => {
  it('re-minifies scripts in place, keeping their exports, and gathers the license comments it drops', async () => {
    expect(summary).toMatch(/^finish-browser-build: 5 files in [\d.]+ s on \d+ threads; 3 scripts/);
    const chunk = fs.readFileSync(path.join(dir, 'chunk-AAA.js'), 'utf8');
    expect(chunk.length).toBeLessThan(CHUNK.length);
    expect(chunk).not.toContain('longVariableName');
    expect(chunk).not.toContain('MIT License');
    const module = await import(pathToFileURL(path.join(dir, 'chunk-AAA.js')).href);
    expect(module.a(', ')).toBe(Array.from({ length: 40 }, (_, i) => `entry ${i}`).join(', '));
    expect(module.b).toHaveLength(40);
    expect(fs.readFileSync(path.join(dir, 'third-party-licenses.txt'), 'utf8')).toContain(LICENSE);

    // Terser would make it no shorter: left as it is, and too small for gzip to help.
    expect(fs.readFileSync(path.join(dir, 'tiny-BBB.js'), 'utf8')).toBe(TINY);
    expect(fs.existsSync(path.join(dir, 'tiny-BBB.js.gz'))).toBe(false);
  });

  it('writes a .gz of each compressible file that unpacks to it, and a map that follows the new script', () => {
    for (const file of ['chunk-AAA.js', '_assets/app-CCC.css', 'greet-DDD.js.map']) {
      const raw = fs.readFileSync(path.join(dir, file));
      const gz = fs.readFileSync(path.join(dir, `${file}.gz`));
      expect(gz.length, file).toBeLessThan(raw.length);
      expect(zlib.gunzipSync(gz).equals(raw), file).toBe(true);
    }
    const script = fs.readFileSync(path.join(dir, 'greet-DDD.js'), 'utf8');
    expect(script.trimEnd()).toMatch(/\/\/# sourceMappingURL=greet-DDD\.js\.map$/);
    const map = JSON.parse(fs.readFileSync(path.join(dir, 'greet-DDD.js.map'), 'utf8'));
    expect(map.sources).toEqual(['greet.ts']);
    expect(map.sourcesContent?.[0] ?? '').toContain('name: string');
    expect(map.mappings.length).toBeGreaterThan(0);
  });

  it('leaves what an earlier run finished, licenses included', () => {
    const before = fs.readFileSync(path.join(dir, 'chunk-AAA.js'));
    const again = finish();
    expect(again).toMatch(/\(\d+ already done\)/);
    expect(fs.readFileSync(path.join(dir, 'chunk-AAA.js')).equals(before)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'third-party-licenses.txt'), 'utf8')).toContain(LICENSE);
  });

  it('is served by its build-time .gz, byte for byte, and as it is to a browser without gzip', async () => {
    const zipped = await get('/build/chunk-AAA.js');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/javascript/);
    expect(zipped.headers['cache-control']).toContain('immutable');
    expect(zipped.body.equals(fs.readFileSync(path.join(dir, 'chunk-AAA.js.gz')))).toBe(true);

    const css = await get('/build/_assets/app-CCC.css');
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.body.equals(fs.readFileSync(path.join(dir, '_assets/app-CCC.css.gz')))).toBe(true);

    const plain = await get('/build/chunk-AAA.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(path.join(dir, 'chunk-AAA.js')))).toBe(true);
  });

  it('gzips a file at run time when its .gz is not of it, and sends a .gz asked for by name as a file', async () => {
    const stale = await get('/build/stale-EEE.js');
    expect(stale.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(stale.body).toString()).toBe(STALE);

    const asFile = await get('/build/chunk-AAA.js.gz');
    expect(asFile.status).toBe(200);
    expect(asFile.headers['content-encoding']).toBeUndefined();
    expect(asFile.headers['content-type']).toBe('application/gzip');
    expect(asFile.body.equals(fs.readFileSync(path.join(dir, 'chunk-AAA.js.gz')))).toBe(true);

    // A .gz whose file is not there does not stand in for it.
    expect((await get('/build/gone-FFF.js')).status).toBe(404);
  });
});
