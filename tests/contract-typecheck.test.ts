import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web calls a declared operation by its declaration (docs/decisions/370), so the type check
 * catches what a journey used to: the fixtures below call the demand box's operations as
 * app/models does, once rightly and once with each mistake, and `tsc` must refuse each mistake on
 * its line (and nothing else). The folder starts with a dot, so the project's own check skips it.
 */

const ROOT = path.resolve(__dirname, '..');
let dir: string;
let output: string;

const HEADER = `import { call } from '~/utils/api.server';
import { leadOperations as ops } from '../../server/contract/leads';
declare const request: Request;
`;

const RIGHT = `${HEADER}
export async function right() {
  const list = await call(request, ops.list, { query: { page: 1, view: 'held' } });
  const count: number = list.data.count;
  const detail = await call(request, ops.get, { params: { id: 'x' } });
  const subject: string = detail.data.messages[0]!.subject;
  await call(request, ops.update, { params: { id: 'x' }, json: { read: true } });
  return [count, subject];
}
`;

/** Each mistake on a line of its own, named by the comment the test looks for. */
const MISTAKES = {
  'an operation that is not declared (a renamed path)': `await call(request, ops.lst, {});`,
  'a missing path parameter': `await call(request, ops.get, {});`,
  'a misnamed path parameter': `await call(request, ops.get, { params: { leadId: 'x' } });`,
  'a renamed reply field': `const total: number = (await call(request, ops.list, {})).data.total;`,
  'a changed reply type': `const count: string = (await call(request, ops.list, {})).data.count;`,
  'a query value outside its enum': `await call(request, ops.list, { query: { view: 'trash' } });`,
  'a body field of the wrong type': `await call(request, ops.update, { params: { id: 'x' }, json: { read: 'yes' } });`,
  'a body on an operation without one': `await call(request, ops.release, { params: { id: 'x' }, json: {} });`,
};

const WRONG = `${HEADER}
export async function wrong() {
${Object.entries(MISTAKES)
  .map(([name, line]) => `  // ${name}\n  ${line}`)
  .join('\n')}
}
`;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(ROOT, 'tests', '.typecheck-'));
  await fs.writeFile(path.join(dir, 'right.ts'), RIGHT);
  await fs.writeFile(path.join(dir, 'wrong.ts'), WRONG);
  await fs.writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.json', include: [], files: ['right.ts', 'wrong.ts', '../../remix.env.d.ts'] }));
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  output = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', dir], { cwd: ROOT, maxBuffer: 10_000_000 }).then(
    (r) => r.stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
}, 600_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The lines (1-based) of `file` that tsc reports an error on. */
function errorLines(file: string): number[] {
  return [...output.matchAll(new RegExp(`${file}\\((\\d+),\\d+\\): error`, 'g'))].map((m) => Number(m[1]));
}

describe('a call of a declared operation', () => {
  it('passes the type check when it is right', () => {
    expect(errorLines('right.ts'), output).toEqual([]);
  });

  it.each(Object.keys(MISTAKES))('fails the type check with %s', (name) => {
    const line = WRONG.split('\n').indexOf(`  // ${name}`) + 2;
    expect(errorLines('wrong.ts'), output).toContain(line);
  });

  it('fails it only on the mistakes', () => {
    const lines = Object.keys(MISTAKES).map((name) => WRONG.split('\n').indexOf(`  // ${name}`) + 2);
    expect(errorLines('wrong.ts').filter((l) => !lines.includes(l))).toEqual([]);
  });
});
