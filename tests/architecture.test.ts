import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the arrows of the architecture pointing one way (STYLE.md, "As the workspace grows"):
 * - the web (`app/`) reaches the api's code only through `server/contract/` (it talks to the api
 *   over HTTP through `app/models/`, never to its database, services or routes);
 * - `server/contract/` imports nothing of the project outside itself (packages such as zod only);
 * - nothing on the api side but `server/app.ts` imports a route plugin: services, queries, auth,
 *   the seed and the scripts hold no HTTP handlers and must not need one;
 * - shared components (`app/components/`) import neither routes nor `app/root.tsx`.
 */

const ROOT = path.resolve(__dirname, '..');
const SOURCE = /\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f) && !f.includes('node_modules'))
    .map((f) => path.join(dir, f));
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The specifiers a source text imports (static, re-exports, side-effect and dynamic imports). */
export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2]!).filter(Boolean);
}

/** The project path (from the repository root, without extension) an import points to, or null for a package. */
function resolveImport(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('~/')) target = path.join('app', specifier.slice(2));
  else if (specifier.startsWith('.')) target = path.join(path.dirname(fromFile), specifier);
  else return null;
  return path.normalize(target).replace(/\.(js|ts|tsx)$/, '').split(path.sep).join('/');
}

type Rule = { name: string; files: string[]; forbidden: (target: string, file: string) => boolean };

const isUnder = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);

const RULES: Rule[] = [
  {
    name: 'app/ imports server/ only from server/contract/',
    files: filesUnder('app'),
    forbidden: (target) => isUnder(target, 'server') && !isUnder(target, 'server/contract'),
  },
  {
    name: 'server/contract/ imports nothing of the project outside itself',
    files: filesUnder('server/contract').filter((f) => !f.endsWith('.test.ts')),
    forbidden: (target) => !isUnder(target, 'server/contract'),
  },
  {
    name: 'only server/app.ts imports server/routes/',
    files: [...filesUnder('server'), ...filesUnder('scripts')].filter(
      (f) => !f.startsWith(`server${path.sep}routes${path.sep}`) && f !== path.join('server', 'app.ts'),
    ),
    forbidden: (target) => isUnder(target, 'server/routes'),
  },
  {
    name: 'app/components/ imports neither app/routes/ nor app/root',
    files: filesUnder('app/components'),
    forbidden: (target) => isUnder(target, 'app/routes') || target === 'app/root',
  },
];

function violations(rule: Rule): string[] {
  const found: string[] = [];
  for (const file of rule.files) {
    const posixFile = file.split(path.sep).join('/');
    for (const specifier of importsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target && rule.forbidden(target, posixFile)) found.push(`${posixFile} imports ${specifier}`);
    }
  }
  return found;
}

describe('architecture', () => {
  it.each(RULES.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    expect(rule.files.length).toBeGreaterThan(0);
    expect(violations(rule)).toEqual([]);
  });

  it('reads every kind of import, so a rule cannot pass by missing one', () => {
    const source = [
      "import { a } from '../../server/db/schema';",
      "import type { B } from './b.js';",
      "export { c } from '~/routes/c';",
      "export * from './d';",
      "import './side-effect';",
      "const e = await import('../e.js');",
      "import {\n  f,\n  g,\n} from 'zod/v4';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['../../server/db/schema', './b.js', '~/routes/c', './d', './side-effect', '../e.js', 'zod/v4']);
    expect(resolveImport('app/routes/x.tsx', '../../server/db/schema')).toBe('server/db/schema');
    expect(resolveImport('app/components/y.tsx', '~/routes/c')).toBe('app/routes/c');
    expect(resolveImport('server/services/z.ts', '../routes/users.js')).toBe('server/routes/users');
    expect(resolveImport('server/services/z.ts', 'drizzle-orm')).toBeNull();
  });
});
