/**
 * The workspace's pages in `npm run bench` ("the workspace's heavy pages get the same
 * treatment"), kept in their own file:
 *  - the summary editor of the demo firm's schedule of 200 items (4 rooms of 5 sections of 10 items,
 *    a card per section, 20 items pictured), filled through the api as the editor fills it, then
 *    loaded through the web as a browser does: its latency (one connection, one load after
 *    another) and, on PostgreSQL, its reads per table;
 *  - on PostgreSQL, the SQL statements per load of each of the firm's workspace pages.
 * The summary's reads are PostgreSQL's own counters (sequential and index scans per table): the
 * goal is one per table, whatever the schedule's size. The api's summary read alone is also a test
 * (server/routes/projects/summary/*.test.ts).
 */
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { fillSummary, type MustCall, type SummaryShape } from '../tests/helpers/summary';

export type WorkspaceBenchProduct = {
  apiUrl: string;
  webUrl: string;
  databaseUrl: string | null;
  /** A web session cookie and an api bearer header for an account of the demo data. */
  signIn: (email: string) => Promise<{ cookie: string; bearer: Record<string, string> }>;
};

const FIRM = 'studio@demo.test';
const SHAPE: SummaryShape = { rooms: 4, sections: 5, items: 10 };
const PICTURED = 20;
const LOADS = 20;
/** Loads of each workspace page for its statements. */
const SURVEY_LOADS = 5;

/** Over fetch, the `must` of the tests: a call that must answer 2xx. */
export function mustOver(apiUrl: string, bearer: Record<string, string>): MustCall {
  return async (call) => {
    const response = await fetch(`${apiUrl}${call.url}`, {
      method: call.method,
      headers: { ...bearer, ...(call.payload ? { 'content-type': 'application/json' } : {}) },
      body: call.payload ? JSON.stringify(call.payload) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${call.method} ${call.url} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
}

/** Pictures for the schedule, uploaded as the editor uploads them: their ids. */
async function uploadPictures(apiUrl: string, bearer: Record<string, string>, projectId: string, count: number): Promise<string[]> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 62 } } }).png().toBuffer();
  const ids: string[] = [];
  // The upload takes ten files at a time.
  for (let done = 0; done < count; done += 10) {
    const form = new FormData();
    form.append('projectId', projectId);
    for (let i = done; i < Math.min(count, done + 10); i++) form.append('files', new Blob([png], { type: 'image/png' }), `plan-${i}.png`);
    const response = await fetch(`${apiUrl}/api/projects/schedules/upload-file`, { method: 'POST', headers: bearer, body: form });
    if (response.status !== 201) throw new Error(`schedule upload answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    ids.push(...((await response.json()) as { images: Array<{ id: string }> }).images.map((i) => i.id));
  }
  return ids;
}

/** Each table's reads so far (sequential and index scans), from PostgreSQL's statistics. */
async function tableReads(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ relname: string; reads: string }>(
    'select relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as reads from pg_stat_user_tables',
  );
  return new Map(rows.map((r) => [r.relname, Number(r.reads)]));
}

// Backends report their counters when idle for a while (at most 10 s later).
const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));

/** Each table's reads per call of `load`, over `loads` calls, most first (tables not read left out). */
async function readsPerLoad(databaseUrl: string, loads: number, load: () => Promise<unknown>): Promise<Array<readonly [string, number]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await settle();
    const before = await tableReads(client);
    for (let i = 0; i < loads; i++) await load();
    await settle();
    const after = await tableReads(client);
    return [...after]
      .map(([table, n]) => [table, (n - (before.get(table) ?? 0)) / loads] as const)
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  } finally {
    await client.end();
  }
}

const mostOf = (reads: ReadonlyArray<readonly [string, number]>) => Math.max(0, ...reads.map(([, n]) => n));

async function loadPage(url: string, cookie: string): Promise<{ ms: number; bytes: number; gzipped: number }> {
  const started = process.hrtime.bigint();
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, bytes: Buffer.byteLength(body), gzipped: gzipSync(body).length };
}

export async function benchSummaryEditor(p: WorkspaceBenchProduct): Promise<string[]> {
  const { cookie, bearer } = await p.signIn(FIRM);
  const must = mustOver(p.apiUrl, bearer);
  const projects = await must<{ data: Array<{ id: string }> }>({ method: 'GET', url: '/api/projects' });
  const projectId = projects.data[0]!.id;
  const schedule = await must<{ data: { id: string } }>({
    method: 'POST',
    url: '/api/projects/schedules',
    payload: { projectId, title: 'Bench: 200 items', description: 'Every room of the house.', schedulesFiles: [] },
  });
  const items = SHAPE.rooms * SHAPE.sections * SHAPE.items;
  await fillSummary(must, schedule.data.id, SHAPE, await uploadPictures(p.apiUrl, bearer, projectId, PICTURED));

  const url = `${p.webUrl}/workspace/project/schedules/summary-financial/${projectId}?schedule=${schedule.data.id}`;
  for (let i = 0; i < 5; i++) await loadPage(url, cookie); // warm-up
  const lines: string[] = [];
  let reads = '';
  if (p.databaseUrl) {
    const perLoad = await readsPerLoad(p.databaseUrl, LOADS, () => loadPage(url, cookie));
    reads = `\n    table scans per load (${LOADS} loads): ${perLoad.map(([t, n]) => `${t} ${n.toFixed(2)}`).join(', ')}; at most ${mostOf(perLoad).toFixed(2)} per table (goal ≤ 1)`;
  }
  const times: number[] = [];
  let weight = { bytes: 0, gzipped: 0 };
  for (const end = Date.now() + 5_000; Date.now() < end; ) {
    const page = await loadPage(url, cookie);
    times.push(page.ms);
    weight = page;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  lines.push(
    `Summary editor of a schedule of ${items} items (web page, signed-in firm, one connection): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms over ${times.length} loads, ${(weight.bytes / 1024).toFixed(0)} KB of HTML (${(weight.gzipped / 1024).toFixed(0)} KB gzip)${reads}`,
  );
  return lines;
}

/** The firm's workspace pages; `{project}` is one of its projects. */
const SURVEY = [
  '/workspace/project',
  '/workspace/project/schedules/{project}',
  '/workspace/project/files/{project}',
  '/workspace/project/member/{project}',
  '/workspace/project/schedules/Financial',
  '/workspace/group-chat/{project}',
  '/workspace/taskboard',
  '/workspace/calendar',
  '/workspace/employee',
  '/workspace/demandbox',
  '/workspace/address-book',
  '/workspace/project-library',
  '/workspace/client-board',
  '/workspace/setting',
];

/**
 * On PostgreSQL, the SQL statements per load of each of the demo firm's workspace pages (web and
 * api; PostgreSQL counts a transaction per statement outside one): a page whose count grows with
 * what it lists reads row by row. Table scans would not tell: an index scan is counted once per
 * value of an IN list, and once per outer row of a join.
 */
export async function workspacePageStatements(p: WorkspaceBenchProduct): Promise<string[]> {
  if (!p.databaseUrl) return [];
  const { cookie, bearer } = await p.signIn(FIRM);
  const projects = await mustOver(p.apiUrl, bearer)<{ data: Array<{ id: string }> }>({ method: 'GET', url: '/api/projects' });
  const urls = SURVEY.map((path) => [path, `${p.webUrl}${path.replace('{project}', projects.data[0]!.id)}`] as const);
  for (const [, url] of urls) await loadPage(url, cookie); // warm-up
  const client = new pg.Client({ connectionString: p.databaseUrl });
  await client.connect();
  const transactions = async () =>
    Number((await client.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows[0].n);
  const lines = [`SQL statements per load of the demo firm's workspace pages (web + api, ${SURVEY_LOADS} loads each)`];
  try {
    await settle();
    let before = await transactions();
    for (const [path, url] of urls) {
      for (let i = 0; i < SURVEY_LOADS; i++) await loadPage(url, cookie);
      await settle();
      const after = await transactions();
      // This client's own read counts too.
      lines.push(`  ${path.padEnd(42)}${((after - before - 1) / SURVEY_LOADS).toFixed(1)}`);
      before = after;
    }
  } finally {
    await client.end();
  }
  return lines;
}
