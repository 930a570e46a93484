import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `docs/decisions/README.md`: every decision record with its number, title and status, written
 * from the records themselves so it cannot drift (scripts/decisions-index.test.ts fails when the
 * file differs from what this writes; `npx tsx scripts/decisions-index.ts` writes it).
 */

export const DECISIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');
const RECORD = /^(\d{3})-.*\.md$/;

type Record = { number: string; file: string; title: string; text: string };

function readRecords(dir: string): Record[] {
  return fs
    .readdirSync(dir)
    .filter((f) => RECORD.test(f))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const heading = text.split('\n').find((l) => l.startsWith('# ')) ?? file;
      const title = heading.replace(/^#\s*\d{3}\s*[—–-]\s*/, '').replace(/^# /, '').trim();
      return { number: file.slice(0, 3), file, title, text };
    });
}

/** "superseded by 061" when the record or a later one says so; "partly superseded by 217" for a part of it. */
export function statusOf(record: Record, all: Record[]): string {
  const by = new Set<string>();
  let partly = false;
  for (const m of record.text.matchAll(/[Ss]uperseded( in its details| for [^.]*?)?\s+by\s+(?:decisions?\s+)?(\d{3})/g)) {
    by.add(m[2]!);
    if (m[1]) partly = true;
  }
  const whole = /\(superseded by (\d{3})\)/i.exec(record.text.split('\n')[0] ?? '');
  if (whole) by.add(whole[1]!);
  for (const other of all) if (other !== record && new RegExp(`Supersedes (?:decisions? )?${record.number}\\b`).test(other.text)) by.add(other.number);
  if (by.size === 0) return 'current';
  return `${partly && !whole ? 'partly superseded' : 'superseded'} by ${[...by].sort().join(', ')}`;
}

export function decisionsIndex(dir = DECISIONS_DIR): string {
  const records = readRecords(dir);
  const rows = records.map((r) => `| [${r.number}](${r.file}) | ${r.title.replace(/\|/g, '\\|')} | ${statusOf(r, records)} |`);
  return [
    '# Decisions',
    '',
    'Short records of what the spec and DESIGN.md leave open (context, decision, consequences), oldest first.',
    'A superseded record stays for its history; the one that supersedes it is the rule. Benchmark runs are',
    'data, not decisions: they live in `docs/bench-history.md` and the `docs/bench-*.txt` outputs.',
    '',
    'This page is written by `npx tsx scripts/decisions-index.ts`; a test fails when it is out of date.',
    '',
    '| # | decision | status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(path.join(DECISIONS_DIR, 'README.md'), decisionsIndex());
  console.log(`docs/decisions/README.md: ${readRecords(DECISIONS_DIR).length} records`);
}
