import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETECTED_EXTENSIONS } from './detected-extensions';
import { downloadName } from './download-name';

describe('downloadName (docs/decisions/246)', () => {
  it.each([
    ['poly.png.html', 'image/png', 'poly.png'],
    ['plan.pdf', 'application/pdf', 'plan.pdf'],
    ['Photo.JPEG', 'image/jpeg', 'Photo.JPEG'],
    ['report.exe', 'application/pdf', 'report.exe.pdf'],
    ['notes', 'application/pdf', 'notes.pdf'],
    ['Site plan v1.2', 'application/pdf', 'Site plan v1.2.pdf'],
    ['render.html', 'image/png', 'render.html.png'],
    ['clip.mov', 'video/quicktime', 'clip.mov'],
    ['page.html', 'application/octet-stream', 'page.html'],
    ['house.rvt', 'application/x-cfb', 'house.rvt'],
    ['model.skp', 'application/zip', 'model.skp'],
    ['logo.svg', 'application/xml', 'logo.svg'],
    ['scan.pdf', 'application/pdf; charset=binary', 'scan.pdf'],
  ])('%s sent as %s saves as %s', (name, type, expected) => {
    expect(downloadName(name, type)).toBe(expected);
  });

  it('knows an extension for every type file-type detects (an upgrade that detects more fails here)', () => {
    const entry = createRequire(import.meta.url).resolve('file-type');
    const source = fs.readFileSync(path.join(path.dirname(entry), 'core.js'), 'utf8');
    const pairs = [...source.matchAll(/ext: '([a-z0-9.]+)',\s*mime: '([^']+)'/g)].map((m) => [m[2]!, m[1]!] as const);
    expect(pairs.length).toBeGreaterThan(100);
    const missing = pairs.filter(([mime, ext]) => !DETECTED_EXTENSIONS[mime]?.includes(ext));
    expect(missing).toEqual([]);
  });
});
