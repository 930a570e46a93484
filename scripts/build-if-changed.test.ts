import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSources, needsBuild, sourceStamp } from './build-if-changed.mjs';

const files = [
  { path: 'app/root.tsx', size: 100, mtimeMs: 1_700_000_000_000 },
  { path: 'server/main.ts', size: 200, mtimeMs: 1_700_000_000_500 },
];

describe('npm start builds only when the sources changed (decision 266)', () => {
  it('stamps the same files alike in any order, and differently once one is touched or resized', () => {
    const stamp = sourceStamp(files);
    expect(sourceStamp([...files].reverse())).toBe(stamp);
    expect(sourceStamp([files[0]!, { ...files[1]!, mtimeMs: files[1]!.mtimeMs + 1000 }])).not.toBe(stamp);
    expect(sourceStamp([files[0]!, { ...files[1]!, size: 201 }])).not.toBe(stamp);
    expect(sourceStamp([...files, { path: 'app/new.tsx', size: 1, mtimeMs: 1 }])).not.toBe(stamp);
    expect(sourceStamp(files.slice(1))).not.toBe(stamp);
  });

  it('builds when nothing was built, when the sources changed or when an output is gone; else not', () => {
    const current = sourceStamp(files);
    expect(needsBuild({ current, built: null, outputsPresent: true }).build).toBe(true);
    expect(needsBuild({ current, built: 'other', outputsPresent: true }).build).toBe(true);
    expect(needsBuild({ current, built: `${current}\n`, outputsPresent: false }).build).toBe(true);
    expect(needsBuild({ current, built: `${current}\n`, outputsPresent: true })).toEqual({ build: false, reason: 'the sources are unchanged since the last build' });
  });

  it('lists the sources a build reads, not its outputs', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-'));
    for (const file of ['app/root.tsx', 'public/favicon.svg', 'public/build/entry.js', 'build/index.js', 'data/x', 'package.json']) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), 'x');
    }
    expect(listSources(root).map((f) => f.path).sort()).toEqual(['app/root.tsx', 'package.json', 'public/favicon.svg']);
    fs.rmSync(root, { recursive: true });
  });
});
