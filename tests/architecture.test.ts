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

type Rule = {
  name: string;
  files: string[];
  forbidden: (target: string, file: string) => boolean;
  /** Packages the files may not import (an import of a package has no project path). */
  forbiddenPackage?: (specifier: string) => boolean;
};

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
    // Every table access is a function of server/queries/<area>.ts.
    name: 'server/routes/ and server/services/ reach tables only through server/queries/ (no db/schema, no drizzle-orm)',
    files: [...filesUnder('server/routes'), ...filesUnder('server/services')].filter((f) => !f.endsWith('.test.ts')),
    forbidden: (target) => isUnder(target, 'server/db/schema'),
    forbiddenPackage: (specifier) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/'),
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
      const refused = target ? rule.forbidden(target, posixFile) : Boolean(rule.forbiddenPackage?.(specifier));
      if (refused) found.push(`${posixFile} imports ${specifier}`);
    }
  }
  return found;
}

/**
 * The import graph of the web's modules (app/, tests excluded; type-only imports count too): each
 * module, without extension, to the project modules it imports.
 */
function webImportGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = filesUnder('app').filter((f) => !/\.test\.tsx?$/.test(f));
  const known = new Set(files.map((f) => f.split(path.sep).join('/').replace(SOURCE, '')));
  for (const file of files) {
    const node = file.split(path.sep).join('/').replace(SOURCE, '');
    const targets = importsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .map((target) => (target && !known.has(target) && known.has(`${target}/index`) ? `${target}/index` : target))
      .filter((target): target is string => target !== null && known.has(target));
    graph.set(node, targets);
  }
  return graph;
}

/** Every import cycle (as a path that ends where it starts) through a module that `through` accepts; a small DFS. */
export function importCycles(graph: Map<string, string[]>, through: (node: string) => boolean): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (node: string) => {
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (onStack.has(next)) {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        if (cycle.some(through)) cycles.push(cycle);
      } else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(node);
    done.add(node);
  };
  for (const node of graph.keys()) if (!done.has(node)) visit(node);
  return cycles;
}

const isUtilsServer = (node: string) => /^app\/utils\/[^/]+\.server$/.test(node);

describe('architecture', () => {
  it('no import cycle runs through a module of app/utils/*.server.ts (e.g. api.server → viewer.server → models → api.server)', () => {
    expect(importCycles(webImportGraph(), isUtilsServer).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds an import cycle, so the rule cannot pass by missing one', () => {
    const graph = new Map([
      ['app/utils/api.server', ['app/utils/viewer.server']],
      ['app/utils/viewer.server', ['app/models/users.server']],
      ['app/models/users.server', ['app/utils/api.server']],
      ['app/utils/env.server', []],
    ]);
    expect(importCycles(graph, isUtilsServer)).toEqual([['app/utils/api.server', 'app/utils/viewer.server', 'app/models/users.server', 'app/utils/api.server']]);
    expect(importCycles(new Map([['app/utils/a.server', ['app/utils/b.server']], ['app/utils/b.server', []]]), isUtilsServer)).toEqual([]);
  });

  it.each(RULES.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    expect(rule.files.length).toBeGreaterThan(0);
    expect(violations(rule)).toEqual([]);
  });

  // docs/decisions/297: package.json says "sideEffects": false, so the build drops `import './x'`
  // of a project module; the viewer refresh registered itself that way and never ran in production.
  it('app/ has no bare import of a project module (the build would drop it): what must run is called', () => {
    const bare = /(?:^|[\s;])import\s+['"]([^'"]+)['"]/g;
    const found = filesUnder('app').flatMap((file) =>
      [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(bare)]
        .map((m) => m[1]!)
        .filter((specifier) => resolveImport(file, specifier) !== null && !specifier.endsWith('.css'))
        .map((specifier) => `${file.split(path.sep).join('/')} imports ${specifier} for its side effects`),
    );
    expect(found).toEqual([]);
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

/** Where comments are checked for tracker numbers: every source, style sheet and script (applied migrations are history). */
const COMMENTED = /\.(ts|tsx|mjs|cjs|js|css|sql|sh)$/;
const commentedFiles = () =>
  ['app', 'server', 'web-server', 'scripts', 'tests'].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => COMMENTED.test(f) && !f.includes('node_modules') && !f.includes('.artifacts') && !f.includes('migrations'))
      .map((f) => path.join(dir, f)),
  );

/** The comments of a source text: `/* … *\/` blocks (JSX's and CSS's too), `//` to the end of the line, SQL's and shell's line comments. */
export function commentsOf(source: string): string[] {
  return [...source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\/])\/\/[^\n]*|^\s*(?:--|#)[^\n]*/gm)].map((m) => m[0]);
}

/** "issue" or "issues" and a number, with or without "#": a number of a tracker that is not in the repository. */
const ISSUE_NUMBER = /\bissues? #?\d+/i;

describe('comments', () => {
  // docs/decisions/362: a comment says why, or cites the decision record that does; the tracker's
  // numbers mean nothing to a reader of the repository.
  it('no source comment cites an issue number', () => {
    const found = commentedFiles().flatMap((file) =>
      commentsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((comment) => ISSUE_NUMBER.test(comment))
        .map((comment) => `${file.split(path.sep).join('/')}: …${/.{0,50}\bissues? #?\d+.{0,30}/i.exec(comment.replace(/\s+/g, ' '))![0]}…`),
    );
    expect(found).toEqual([]);
  });

  it('finds an issue number in each kind of comment, and not in code or a web address', () => {
    const cite = (n: number) => `${'iss'}ue ${n}`;
    const source = [`// as ${cite(1)} asked`, `/* ${cite(2)} */`, `/**\n * see ${cite(3)}\n */`, `{/* ${cite(4)} */}`, `-- ${cite(5)}`, `const url = 'https://x.example/${cite(6)}';`].join('\n');
    expect(commentsOf(source).filter((c) => ISSUE_NUMBER.test(c))).toHaveLength(5);
    expect(commentsOf(`const a = 'https://example.org/a'; // why`)).toEqual(['// why']);
  });
});

/**
 * What app/ may call the api with: a declaration (docs/decisions/370). The untyped transport
 * (`api`, `apiFetch`) stays inside app/utils/api.server.ts, which builds `call` and
 * `fetchOperation` on it; a path written by hand as a string, for a file or an upload, is refused
 * (a path comes from `fillPath(op.path, …)` or `op.path`), so a renamed path fails the type check.
 */
const TRANSPORT = new Set(['app/utils/api.server.ts', 'app/utils/stream-upload.server.ts']);
/** A call of the untyped transport: `api<T>(…)`, `api(…)`, `apiFetch<T>(…)`. */
const UNTYPED_CALL = /(?<![\w.])(?:api|apiFetch)(?:<[^>()]*>)?\(/g;
/** An import of the untyped transport by name. */
const UNTYPED_IMPORT = /import\s*\{[^}]*\b(?:api|apiFetch)\b(?!\s*as\b)[^}]*\}\s*from\s*['"][^'"]*api\.server['"]/g;
/** A hand-written api path given to the file and upload helpers: a string or template starting with `/`. */
const LITERAL_PATH = /\b(?:streamApiFile|apiUrl|streamFileToApi|forwardUploadToApi)\s*(?:<[^>()]*>)?\s*\((?:\s*request\s*,)?\s*['"`]\//g;

export function handWrittenCalls(text: string): string[] {
  // Comments may name the transport (`api()` then clears the session); only code is read.
  const source = commentsOf(text).reduce((code, comment) => code.replace(comment, ''), text);
  return [...source.matchAll(UNTYPED_CALL), ...source.matchAll(UNTYPED_IMPORT), ...source.matchAll(LITERAL_PATH)].map((m) => m[0]);
}

describe('the web calls the api by declarations', () => {
  it('no app/ module calls an api path by hand (every call names its declaration)', () => {
    const found = filesUnder('app')
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !TRANSPORT.has(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => handWrittenCalls(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((call) => `${file}: ${call}`));
    expect(found).toEqual([]);
  });

  it('finds each kind of hand-written call, and not a call by a declaration', () => {
    const source = [
      "import { api, call } from '~/utils/api.server'; // api() clears the session",
      "const a = await api<LeadsReply>(request, '/leads');",
      "const b = await apiFetch<X>(`/share/${token}`);",
      "return streamApiFile(request, `/projects/${id}/photo`);",
      "return streamApiFile(request, '/sitemaps/a.xml');",
    ].join('\n');
    expect(handWrittenCalls(source)).toHaveLength(5);
    const declared = [
      "import { call, fetchOperation } from '~/utils/api.server';",
      'await call(request, ops.list, {});',
      'await fetchOperation(ops.summary, { params: { token } });',
      'return streamApiFile(request, `${fillPath(ops.image.path, { imageId })}?size=${size}`);',
      'return streamApiFile(request, fillPath(ops.content.path, { id }));',
      'const x = ops.api(1); const apiKey = 2;',
    ].join('\n');
    expect(handWrittenCalls(declared)).toEqual([]);
  });
});
