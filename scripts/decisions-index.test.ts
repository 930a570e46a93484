import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, decisionsIndex } from './decisions-index';

describe('the decisions index', () => {
  it('lists every record with its status (run `npx tsx scripts/decisions-index.ts` after adding one)', () => {
    expect(fs.readFileSync(path.join(DECISIONS_DIR, 'README.md'), 'utf8')).toBe(decisionsIndex());
  });

  it('marks a record superseded when it or a later one says so', () => {
    const index = decisionsIndex();
    expect(index).toMatch(/\| \[005\]\(005-csrf\.md\) \| .* \| superseded by 061 \|/);
    expect(index).toMatch(/\| \[061\]\(061-csrf\.md\) \| .* \| current \|/);
  });
});
