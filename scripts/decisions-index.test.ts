import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, decisionsIndex, TOPICS, unsortedRecords } from './decisions-index';

describe('the decisions index', () => {
  it('lists every record with its status (run `npx tsx scripts/decisions-index.ts` after adding one)', () => {
    expect(fs.readFileSync(path.join(DECISIONS_DIR, 'README.md'), 'utf8')).toBe(decisionsIndex());
  });

  it('marks a record superseded when it or a later one says so', () => {
    const index = decisionsIndex();
    expect(index).toMatch(/\| \[005\]\(005-csrf\.md\) \| .* \| superseded by 061 \|/);
    expect(index).toMatch(/\| \[061\]\(061-csrf\.md\) \| .* \| current \|/);
  });

  it('puts every record in exactly one topic, each with its guide (docs/decisions/362)', () => {
    expect(unsortedRecords(), 'add these records to a topic in TOPICS (scripts/decisions-index.ts)').toEqual([]);
    const listed = TOPICS.flatMap((t) => t.numbers);
    expect(listed.filter((n, i) => listed.indexOf(n) !== i), 'records listed in two topics').toEqual([]);
    const files = new Set(fs.readdirSync(DECISIONS_DIR).map((f) => f.slice(0, 3)));
    expect(listed.filter((n) => !files.has(n)), 'topics listing a record that does not exist').toEqual([]);
    for (const topic of TOPICS) expect(fs.existsSync(path.join(DECISIONS_DIR, topic.guide)), topic.guide).toBe(true);
  });

  it('says what replaced a stale record', () => {
    const index = decisionsIndex();
    expect(index).toMatch(/\| \[001\]\(001-ids-and-runtime\.md\) \| .* \| partly superseded by 361 \|/);
    expect(index).toMatch(/\| \[089\]\(089-[^)]*\) \| .* \| partly superseded by 263, 265 \|/);
  });
});
