/**
 * The workspace's pages in `npm run bench` (issue 14: "the workspace's heavy pages get the same
 * treatment"), kept in their own file:
 *  - the summary editor of the demo firm's schedule of 200 items (4 rooms of 5 sections of 10 items,
 *    a card per section, 20 items pictured), filled through the api as the editor fills it, then
 *    loaded through the web as a browser does: its latency (one connection, one load after
 *    another) and, on PostgreSQL, its reads per table;
 *  - on PostgreSQL, the most reads of one table per load of each of the firm's workspace pages.
 * Reads are PostgreSQL's own counters (sequential and index scans per table): the goal is one read
 * per table, whatever the data's size. The api's summary read alone is also a test
 * (server/routes/workspace-summary/summary.test.ts).
 */
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
/** Loads of each page of the survey. */
const SURVEY_LOADS = 5;

/** Over fetch, the `must` of the tests: a call that must answer 2xx. */
function mustOver(apiUrl: string, bearer: Record<string, string>): MustCall {
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

/**
 * Each table's reads per call of `load`, over `loads` calls, most first (tables not read left
 * out), for one page after another: the counters read after a page (once the api's connections
 * have reported them) are those before the next.
 */
async function tableReadCounter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await settle();
  let before = await tableReads(client);
  return {
    async perLoad(loads: number, load: () => Promise<unknown>): Promise<Array<readonly [string, number]>> {
      for (let i = 0; i < loads; i++) await load();
      await settle();
      const after = await tableReads(client);
      const reads = [...after]
        .map(([table, n]) => [table, (n - (before.get(table) ?? 0)) / loads] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      before = after;
      return reads;
    },
    close: () => client.end(),
  };
}

const mostOf = (reads: ReadonlyArray<readonly [string, number]>) => Math.max(0, ...reads.map(([, n]) => n));

async function loadPage(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = process.hrtime.bigint();
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, bytes: body.length };
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
    const counter = await tableReadCounter(p.databaseUrl);
    const perLoad = await counter.perLoad(LOADS, () => loadPage(url, cookie));
    await counter.close();
    reads = `\n    table reads per load (${LOADS} loads): ${perLoad.map(([t, n]) => `${t} ${n.toFixed(2)}`).join(', ')}; at most ${mostOf(perLoad).toFixed(2)} per table (goal ≤ 1)`;
  }
  const times: number[] = [];
  let bytes = 0;
  for (const end = Date.now() + 5_000; Date.now() < end; ) {
    const page = await loadPage(url, cookie);
    times.push(page.ms);
    bytes = page.bytes;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  lines.push(
    `Summary editor of a schedule of ${items} items (web page, signed-in firm, one connection): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms over ${times.length} loads, ${(bytes / 1024).toFixed(0)} KB of HTML${reads}`,
  );
  return lines;
}

/** The firm's workspace pages, with one of its projects where a page shows one. */
const SURVEY = (projectId: string) => [
  '/workspace/project',
  `/workspace/project/schedules/${projectId}`,
  `/workspace/project/files/${projectId}`,
  `/workspace/project/member/${projectId}`,
  '/workspace/project/schedules/Financial',
  `/workspace/group-chat/${projectId}`,
  '/workspace/taskboard',
  '/workspace/calendar',
  '/workspace/employee',
  '/workspace/demandbox',
  '/workspace/address-book',
  '/workspace/project-library',
  '/workspace/client-board',
  '/workspace/setting',
];

/** On PostgreSQL, the most reads of one table per load of each of the demo firm's workspace pages. */
export async function workspacePageReads(p: WorkspaceBenchProduct): Promise<string[]> {
  if (!p.databaseUrl) return [];
  const { cookie, bearer } = await p.signIn(FIRM);
  const projects = await mustOver(p.apiUrl, bearer)<{ data: Array<{ id: string }> }>({ method: 'GET', url: '/api/projects' });
  const urls = SURVEY(projects.data[0]!.id).map((path) => [path, `${p.webUrl}${path}`] as const);
  for (const [, url] of urls) await loadPage(url, cookie); // warm-up
  const counter = await tableReadCounter(p.databaseUrl);
  const lines = [`Workspace pages of the demo firm: the most reads of one table per load (${SURVEY_LOADS} loads each; goal ≤ 1)`];
  for (const [path, url] of urls) {
    const reads = await counter.perLoad(SURVEY_LOADS, () => loadPage(url, cookie));
    const over = reads.filter(([, n]) => n > 1);
    lines.push(`  ${path.padEnd(48)}${mostOf(reads).toFixed(2)}${over.length ? `  (${over.map(([t, n]) => `${t} ${n.toFixed(2)}`).join(', ')})` : ''}`);
  }
  await counter.close();
  return lines;
}
