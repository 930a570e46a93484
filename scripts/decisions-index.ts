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

/**
 * The topics of the index, each with the guide that explains it (docs/decisions/362). Every record
 * is in exactly one topic; a new record goes into one here (the test names any record left out).
 */
export const TOPICS: ReadonlyArray<{ title: string; guide: string; numbers: readonly string[] }> = [
  { title: 'Architecture and code layout', guide: '../guides/architecture.md', numbers: ['001', '058', '060', '071', '134', '160', '262', '271', '275', '288', '290', '291', '293', '294', '297', '302', '320', '362'] },
  { title: 'Pages, forms and the browser', guide: '../guides/adding-a-page.md', numbers: ['003', '006', '056', '080', '140', '141', '144', '155', '156', '157', '165', '190', '211', '212', '217', '218', '264', '273', '363'] },
  { title: 'The api and its contract', guide: '../guides/adding-an-api-operation.md', numbers: ['067', '068', '143', '210', '272', '370', '375', '376', '393', '394'] },
  { title: 'Accounts, access and roles', guide: '../guides/access-and-roles.md', numbers: ['002', '007', '021', '030', '041', '066', '070', '110', '131', '142', '170', '236', '237', '241', '258', '332'] },
  { title: 'The super-admin area', guide: '../guides/access-and-roles.md', numbers: ['042', '043', '044', '046', '126', '127', '128', '129'] },
  { title: 'Security and limits', guide: '../security.md', numbers: ['004', '005', '061', '062', '063', '064', '065', '069', '096', '235', '240', '242', '245', '274', '330', '340'] },
  { title: 'Files, images and storage', guide: '../guides/architecture.md', numbers: ['008', '020', '022', '024', '040', '075', '076', '077', '078', '091', '092', '093', '094', '095', '150', '246'] },
  { title: 'Money: paise, GST and documents', guide: '../guides/money.md', numbers: ['107', '125', '255', '256', '257', '280', '281', '282', '283', '285', '286', '287', '360', '395', '396', '397', '398', '382', '383', '401', '402', '403', '384', '399', '400', '405', '406', '407', '408', '415', '416', '417', '418', '425', '426', '427', '428', '421', '371', '372', '373', '374', '378', '379', '381', '392', '414'] },
  { title: 'Dates and time zones', guide: '../guides/dates-and-time-zones.md', numbers: ['089', '204', '263', '265', '298', '331'] },
  { title: 'The showcase (public pages)', guide: '../guides/adding-a-page.md', numbers: ['023', '025', '045', '050', '051', '052', '053', '054', '055', '146', '191', '261', '385', '386', '387', '388', '389', '409', '410', '411'] },
  {
    title: 'The workspace',
    guide: '../guides/adding-a-page.md',
    numbers: ['085', '086', '087', '088', '090', '100', '101', '102', '103', '104', '105', '106', '108', '111', '112', '115', '116', '117', '118', '120', '121', '122', '123', '124', '151', '171', '172', '196', '197', '199', '200', '201', '203', '205', '215', '216', '250', '260', '295', '296', '390', '391', '412', '413', '430', '422'],
  },
  {
    title: 'Performance and memory',
    guide: '../benchmarks.md',
    numbers: ['057', '130', '132', '133', '136', '137', '161', '162', '173', '175', '177', '178', '179', '180', '181', '182', '183', '184', '185', '187', '188', '189', '192', '193', '194', '195', '198', '251', '299', '300', '350', '419', '429'],
  },
  { title: 'Tests', guide: '../guides/tests.md', numbers: ['119', '145', '158', '186', '219', '270', '303', '305'] },
  { title: 'Deployment and operations', guide: '../guides/deployment.md', numbers: ['135', '202', '230', '231', '232', '233', '234', '247', '266', '267', '301', '304', '310', '311', '312', '313', '314', '315', '361', '380', '431'] },
];

/** The records no topic lists (the index shows them last; the test fails while there are any). */
export function unsortedRecords(dir = DECISIONS_DIR): string[] {
  const sorted = new Set(TOPICS.flatMap((t) => t.numbers));
  return readRecords(dir)
    .map((r) => r.number)
    .filter((n) => !sorted.has(n));
}

const guideName = (guide: string) => guide.replace(/^.*\//, '');

export function decisionsIndex(dir = DECISIONS_DIR): string {
  const records = readRecords(dir);
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const row = (r: Record) => `| [${r.number}](${r.file}) | ${r.title.replace(/\|/g, '\\|')} | ${statusOf(r, records)} |`;
  const table = (list: Record[]) => ['| # | decision | status |', '| --- | --- | --- |', ...list.map(row)];
  const sections = TOPICS.flatMap((topic) => {
    const list = topic.numbers.map((n) => byNumber.get(n)).filter((r): r is Record => r !== undefined);
    return ['', `## ${topic.title}`, '', `Guide: [${guideName(topic.guide)}](${topic.guide}).`, '', ...table(list)];
  });
  const sorted = new Set(TOPICS.flatMap((t) => t.numbers));
  const unsorted = records.filter((r) => !sorted.has(r.number));
  return [
    '# Decisions',
    '',
    'Short records of what the spec and DESIGN.md leave open (context, decision, consequences), by topic and',
    'oldest first within one. Start with [the guides](../README.md); each topic names its guide. A',
    'superseded record stays for its history and says what replaced it; the one that supersedes it is the',
    'rule. Benchmark outputs are data, not decisions: `bench/results/`, figures in `docs/benchmarks.md`.',
    '',
    'This page is written by `npx tsx scripts/decisions-index.ts` (topics: `TOPICS` in that file); a test',
    'fails when it is out of date or a record has no topic.',
    ...sections,
    ...(unsorted.length ? ['', '## Not sorted yet', '', ...table(unsorted)] : []),
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(path.join(DECISIONS_DIR, 'README.md'), decisionsIndex());
  console.log(`docs/decisions/README.md: ${readRecords(DECISIONS_DIR).length} records`);
}
