import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and the guides link only to files that exist (docs/decisions/362): a moved or removed
 * page fails here, not in a newcomer's browser. Decision records are history and may name files
 * that are gone (their git history has them); the index of them is checked.
 */

const ROOT = path.resolve(__dirname, '..');
const mdIn = (dir: string) => (fs.existsSync(path.join(ROOT, dir)) ? fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => path.join(dir, f)) : []);
const PAGES = ['README.md', ...mdIn('docs'), ...mdIn('docs/guides'), 'docs/decisions/README.md'];

/** The relative link targets of a markdown text (`[text](target)`, `![alt](target)`), anchors and web addresses left out. */
export function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.replace(/#.*$/, ''));
}

describe('documentation links', () => {
  it('reads the targets of a markdown text', () => {
    expect(relativeLinks('[a](guides/x.md) [b](https://x.org) ![c](pic.png) [d](#top) [e](y.md#part)')).toEqual(['guides/x.md', 'pic.png', 'y.md']);
  });

  it.each(PAGES)('%s links only to files that exist', (page) => {
    const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
    const missing = relativeLinks(text).filter((target) => !fs.existsSync(path.resolve(ROOT, path.dirname(page), target)));
    expect(missing).toEqual([]);
  });
});
