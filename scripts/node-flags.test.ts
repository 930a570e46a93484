import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mallocEnv } from './malloc-env';
import { API_NODE_FLAGS, WEB_NODE_FLAGS } from './node-flags';

describe('the Docker image runs each process as npm start does', () => {
  it('on the built files, never under tsx', () => {
    const start = fs.readFileSync('scripts/start.ts', 'utf8');
    expect(start).toContain("'build/api.mjs'");
    expect(start).not.toContain("'tsx'");
    expect(JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start).toBe('node scripts/build-if-changed.mjs && exec node build/start.mjs');
  });

  it('with the same node flags', () => {
    const entry = fs.readFileSync('docker-entrypoint.sh', 'utf8');
    expect(entry).toContain(`api) exec node ${API_NODE_FLAGS.join(' ')} build/api.mjs ;;`);
    expect(entry).not.toContain('tsx');
    expect(entry).toContain(`web) exec node ${WEB_NODE_FLAGS.join(' ')} build/web-server.mjs ;;`);
  });

  it('with the same allocator settings, which the environment may override', () => {
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
    for (const [name, value] of Object.entries(mallocEnv({}))) expect(dockerfile).toContain(`${name}=${value}`);
    expect(mallocEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
});
