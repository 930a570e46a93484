import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies as declared (docs/decisions/361): every runtime dependency is imported by the code
 * that runs, or kept on purpose with its reason written in that record; development tools are
 * development dependencies; and the Node line agrees everywhere it is named.
 */

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Kept though nothing imports it, each with its line in docs/decisions/361. */
const KEPT_ON_PURPOSE = ['crypto-js'];

/** The sources that run: the web, the api, the web server and the build and start scripts. */
function runningSources(): string[] {
  return ['app', 'server', 'web-server', 'scripts'].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
      .map((f) => read(path.join(dir, f))),
  );
}

/** Whether a source imports `name` (or a subpath of it) in any form. */
export const imports = (source: string, name: string) =>
  new RegExp(`(?:from|import|require)\\s*\\(?\\s*['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^'"]*)?['"]`).test(source);

describe('dependencies', () => {
  it('are each imported by the code that runs, or kept on purpose with a written reason', () => {
    const sources = runningSources();
    const unused = Object.keys(pkg.dependencies).filter((name) => !KEPT_ON_PURPOSE.includes(name) && !sources.some((source) => imports(source, name)));
    expect(unused).toEqual([]);
    const record = read('docs/decisions/361-dependencies-as-declared.md');
    expect(KEPT_ON_PURPOSE.filter((name) => !(name in pkg.dependencies) || !record.includes(`\`${name}\``))).toEqual([]);
  });

  it('reads every form of import, so the rule cannot pass by missing one', () => {
    expect(imports("import { z } from 'zod/v4';", 'zod')).toBe(true);
    expect(imports("const s = await import('sharp');", 'sharp')).toBe(true);
    expect(imports("import '@fastify/swagger';", '@fastify/swagger')).toBe(true);
    expect(imports("import x from 'zod-fast-check';", 'zod')).toBe(false);
  });

  it('keep tsx for development only: production runs the built bundles', () => {
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    expect(pkg.devDependencies).toHaveProperty('tsx');
  });

  it('name one Node line: engines, @types/node, the bundles’ target and the Docker image agree', () => {
    const major = Number(/\^?(\d+)\./.exec(pkg.engines.node)![1]);
    expect(Number(/^(\d+)\./.exec(pkg.devDependencies['@types/node']!)![1])).toBe(major);
    for (const script of ['scripts/build-api.mjs', 'scripts/build-web-server.mjs']) expect(/target:\s*'node(\d+)'/.exec(read(script))?.[1], script).toBe(String(major));
    expect(/ARG NODE_IMAGE=node:(\d+)\./.exec(read('Dockerfile'))?.[1]).toBe(String(major));
    // The README says what happens on an older Node.
    expect(read('README.md')).toMatch(new RegExp(`Node\\.js ${major}\\.\\d+\\+[\\s\\S]{0,200}On Node ${major - 2}`));
  });
});
