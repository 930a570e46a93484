/**
 * The upgrade of `npm run test:deploy`. run.sh starts the stack with every
 * replica on the previous release's image (previous.sh); then
 *   `before`: data made on the previous release: a project with its photo, a folder, a file, a chat message;
 *   `after`:  the api's replicas replaced by the new image one at a time in deploy/rollout.sh's
 *             order (one more started and ready, then an old one drained and stopped; rollOut
 *             below), the new migrations running once while the previous release still serves;
 *             the data checked through the new api; then the web's replicas the same way. All
 *             along, visitors' reads, private pages, api posts and form posts through Caddy
 *             (probe below): none may fail, and every write acknowledged is in the database
 *             (docs/decisions/380).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BASE, DEMO, api, check, composeAsync, container, fileBytes, logs, phase, podman, podmanAsync, psql, readState, replicasReady, say, signIn, sleep, sha256, waitReady, webSignIn, writeState } from './lib';

const PREVIOUS = process.env.PREVIOUS_IMAGE ?? '';
/** The images the stack starts on (run.sh): the previous release's, or the new ones with UPGRADE_FROM_SELF=1 (no previous release). */
const FROM = { api: process.env.PREVIOUS_API_IMAGE || PREVIOUS, web: process.env.PREVIOUS_WEB_IMAGE || PREVIOUS };
/** The new release: the api's image and the web's (Dockerfile targets, decision 314). */
const NEW = { api: process.env.NEW_API_IMAGE ?? 'localhost/archivista-api:test', web: process.env.NEW_WEB_IMAGE ?? 'localhost/archivista-web:test' };

/** The migrations of this tree and of the previous release (its commit is in its image's tag). */
const migrationsDir = path.resolve(import.meta.dirname, '../../server/db/migrations');
const tags = (journal: string) => (JSON.parse(journal).entries as Array<{ tag: string }>).map((entry) => entry.tag);
const migrations = tags(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'));
const previousMigrations = () => (PREVIOUS ? tags(execFileSync('git', ['show', `${PREVIOUS.split('previous-')[1]!.split('-')[0]}:server/db/migrations/meta/_journal.json`], { encoding: 'utf8' })) : migrations);
/** Each new migration's first line (its first statement's start): PostgreSQL logs it once per run of that migration. */
const firstLines = (added: string[]) => added.map((tag) => ({ tag, line: fs.readFileSync(path.join(migrationsDir, `${tag}.sql`), 'utf8').split('\n')[0]!.replace('--> statement-breakpoint', '').trim() }));

async function photoBytes(token: string, projectId: string) {
  const res = await fetch(`${BASE}/api/projects/${projectId}/photo`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, sha: sha256(Buffer.from(await res.arrayBuffer())) };
}

async function before() {
  say(`\n## Upgrade: the stack on the previous release (${FROM.api}, ${FROM.web})`);
  const readyS = await waitReady(Number(process.env.READY_TIMEOUT ?? 900));
  const restarts = [1, 2].map((n) => `${container('api', n)} ${podman('inspect', '-f', '{{.RestartCount}}', container('api', n))}`);
  say(`- every replica ready after ${readyS.toFixed(0)} s (empty database: its ${previousMigrations().length} migrations and the demo seed); api restarts: ${restarts.join(', ')}`);
  say('  (that release seeds without a lock: of two api replicas on an empty database one may fail on a duplicate demo user and restart; decision 231 added the lock)');
  const token = await signIn(DEMO.firm);
  const stamp = Date.now();
  const form = new FormData();
  const fields: Record<string, string | string[]> = {
    projectName: `Upgrade check ${stamp}`,
    projecttype: 'interior-residential',
    pincode: '411001',
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    designTeam: ['Architect', 'Designer'],
    clientname: 'Rhea Kapoor',
    clientdetails: 'Made on the previous release',
    address: '12 Lane 5, Koregaon Park',
  };
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#b8a27a' } }).jpeg().toBuffer();
  form.set('profileImage', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  const created = await api('/projects', { method: 'POST', token, body: form });
  const projectId = created.json.data?.id as string;
  const folder = (await api('/projects/folder', { method: 'POST', token, body: JSON.stringify({ projectId, folderName: 'Drawings' }) })).json.data;
  const content = Buffer.from(`made on the previous release ${stamp}\n`.repeat(3000));
  const upload = new FormData();
  upload.set('projectId', projectId);
  upload.set('folderId', String(folder?.id));
  upload.set('files', new Blob([content], { type: 'text/plain' }), 'site-notes.txt');
  const uploaded = await api('/users/project/upload-file', { method: 'POST', token, body: upload });
  const registered = await api('/projects/files', { method: 'POST', token, body: JSON.stringify({ projectId, folderId: folder?.id, projectFiles: uploaded.json.urls }) });
  const fileId = registered.json.data?.files?.[0]?.id as string;
  const message = new FormData();
  const chat = `said on the previous release ${stamp}`;
  message.set('body', chat);
  const said = await api(`/projects/${projectId}/chat`, { method: 'POST', token, body: message });
  const photo = await photoBytes(token, projectId);
  const file = await fileBytes(token, fileId);
  writeState({ upgrade: { projectId, projectName: fields.projectName, folderId: folder?.id, fileId, fileSha: sha256(content), size: content.length, photoSha: photo.sha, chat } });
  check(
    'on the previous release: a project with its photo, a folder with a file, a chat message',
    created.status === 201 && uploaded.status === 201 && Boolean(fileId) && said.status === 201 && photo.status === 200 && file.status === 200 && sha256(file.bytes) === sha256(content),
    `project ${created.status} "${fields.projectName}", file ${uploaded.status} (${content.length} bytes), chat ${said.status}, photo ${photo.status}`,
  );
}

/**
 * What visitors do during the upgrade, through Caddy, one request every 250 ms (each on its own,
 * not waiting for the one before), in turn: an api read, a private page (/workspace/project, the firm's projects, signed in),
 * an api read, a chat message posted to the api, an api read, the page, an api read, a folder made
 * through the web's form (a post without JavaScript). Every failure is counted; every write
 * acknowledged is looked up afterwards.
 */
function probe(token: string, signedIn: string, projectId: string) {
  let cookie = signedIn;
  const started = Date.now();
  const failed: Array<{ at: number; what: string; kind: Kind }> = [];
  const inFlight: Array<Promise<void>> = [];
  const acknowledged = { chats: [] as string[], folders: [] as string[] };
  const sent = { read: 0, page: 0, chat: 0, form: 0 };
  const cycle: Kind[] = ['read', 'page', 'read', 'chat', 'read', 'page', 'read', 'form'];
  let n = 0;
  const send = async (kind: Kind) => {
    const at = (Date.now() - started) / 1000;
    const i = sent[kind]++;
    const signal = AbortSignal.timeout(30_000);
    try {
      if (kind === 'read') {
        const res = await fetch(`${BASE}/api/projects`, { headers: { authorization: `Bearer ${token}` }, signal });
        await res.arrayBuffer();
        if (!res.ok) failed.push({ at, kind, what: `read ${res.status}` });
      } else if (kind === 'page') {
        const page = () => fetch(`${BASE}/workspace/project`, { headers: { cookie }, redirect: 'manual', signal });
        let res = await page();
        await res.arrayBuffer();
        // A new release may describe the account differently (the session's snapshot, decision 131):
        // its first page sends the browser to the same address with the fresh snapshot in a cookie,
        // once. A browser follows it; so does this visitor, keeping the cookie as a browser would.
        const fresh = res.headers.getSetCookie().find((c) => c.startsWith('__session='));
        if (res.status === 302 && fresh && new URL(res.headers.get('location') ?? '', BASE).pathname === '/workspace/project') {
          cookie = fresh.split(';')[0]!;
          res = await page();
          await res.arrayBuffer();
        }
        if (res.status !== 200) failed.push({ at, kind, what: `page ${res.status}` });
      } else if (kind === 'chat') {
        const body = `upgrade probe ${started}-${i}`;
        const message = new FormData();
        message.set('body', body);
        const res = await fetch(`${BASE}/api/projects/${projectId}/chat`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: message, signal });
        await res.arrayBuffer();
        if (res.status === 201) acknowledged.chats.push(body);
        else failed.push({ at, kind, what: `chat ${res.status}` });
      } else {
        const res = await fetch(`${BASE}/workspace/project/files/${projectId}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'create' }),
          headers: { cookie, origin: BASE },
          redirect: 'manual',
          signal,
        });
        await res.arrayBuffer();
        // Made: back to the folders with the new one's rename form open (?rename=<its id>).
        const id = new URL(res.headers.get('location') ?? '/', BASE).searchParams.get('rename');
        if (res.status === 302 && id) acknowledged.folders.push(id);
        else failed.push({ at, kind, what: `form ${res.status} ${res.headers.get('location') ?? ''}` });
      }
    } catch (error) {
      failed.push({ at, kind, what: `${kind} ${(error as Error).name}` });
    }
  };
  const timer = setInterval(() => inFlight.push(send(cycle[n++ % cycle.length]!)), 250);
  return {
    now: () => (Date.now() - started) / 1000,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      failed.sort((a, b) => a.at - b.at);
      return { sent, failed, acknowledged };
    },
  };
}
type Kind = 'read' | 'page' | 'chat' | 'form';

const span = (list: Array<{ at: number }>) => (list.length ? `${list[0]!.at.toFixed(1)}–${list.at(-1)!.at.toFixed(1)} s` : 'none');

/** Creates the service's missing replicas (not started) on the new images; `replicas` as compose's --scale. */
async function createMissing(service: 'api' | 'web', replicas: number) {
  // podman-compose 1.0.3 creates every missing container of the service (and fails, harmlessly, on the existing others).
  try {
    await composeAsync(['up', '--no-start', '--no-build', '--no-deps', service], { API_IMAGE: NEW.api, WEB_IMAGE: service === 'web' ? NEW.web : FROM.web, [`${service.toUpperCase()}_REPLICAS`]: String(replicas) });
  } catch {
    /* the existing ones */
  }
}

/**
 * deploy/rollout.sh's order with podman-compose 1.0.3, which cannot `--scale`: one replica more on
 * the new image (the third), started and ready; then for each old replica in turn: stopped
 * (SIGTERM: it drains, SHUTDOWN_DRAIN_SECONDS, while the others serve) and removed, made again on
 * the new image, started and ready; last the third is stopped the same way. Two replicas are ready
 * at every moment; each stop is a drain. The seconds of each step.
 */
async function rollOut(service: 'api' | 'web', at: () => number) {
  const steps: string[] = [];
  const ready: Record<string, number> = {};
  const start = async (n: number) => {
    const name = container(service, n);
    const t = Date.now();
    const from = at();
    await podmanAsync('start', name);
    const seen = await replicasReady([name], t, 600);
    if (!seen.has(name)) throw new Error(`${name} not ready within 600 s: ${logs(name).slice(-2000)}`);
    ready[name] = seen.get(name)!;
    steps.push(`${name} (new) started at ${from.toFixed(1)} s, ready after ${ready[name]!.toFixed(1)} s`);
  };
  const drain = async (n: number) => {
    const name = container(service, n);
    const t = at();
    await podmanAsync('stop', '-t', '30', name);
    await podmanAsync('rm', '-v', name);
    steps.push(`${name} stopped (drained) ${t.toFixed(1)}–${at().toFixed(1)} s`);
  };
  await createMissing(service, 3);
  await start(3);
  for (const n of [1, 2]) {
    await drain(n);
    await createMissing(service, 3);
    await start(n);
  }
  await drain(3);
  return { steps, ready };
}

async function after() {
  say(`\n## Upgrade: the api replaced by the new image (${NEW.api}), one replica at a time (deploy/rollout.sh's order)`);
  const state = readState().upgrade;
  const token = await signIn(DEMO.firm);
  const { cookie } = await webSignIn(DEMO.firm);
  // Test-only settings: every DDL statement in PostgreSQL's log.
  psql("alter system set log_statement = 'ddl'");
  psql('select pg_reload_conf()');
  const logFrom = logs(container('postgres', 1)).length;
  const visitor = probe(token, cookie, state.projectId);
  await sleep(2000);
  const apiStartedAt = visitor.now();
  const apiRoll = await rollOut('api', visitor.now);
  const apiDoneAt = visitor.now();
  for (const step of apiRoll.steps) say(`- ${step}`);

  const pgLog = logs(container('postgres', 1)).slice(logFrom);
  const added = firstLines(migrations.filter((tag) => !previousMigrations().includes(tag)));
  const ran = added.map(({ tag, line }) => ({ tag, line, times: pgLog.split(`statement: ${line}`).length - 1 }));
  const errorLines = pgLog.split('\n').filter((line) => /ERROR|FATAL/.test(line));
  // A run that met a visitor's lock gave itself up after lock_timeout and ran again (decision 431):
  // those are the migration yielding, not errors; anything else is.
  const yielded = errorLines.filter((line) => /canceling statement due to lock timeout/.test(line)).length;
  const errors = errorLines.filter((line) => !/canceling statement due to lock timeout/.test(line));
  const [rows, distinct] = psql('select count(*), count(distinct hash) from drizzle.__drizzle_migrations').split('|').map(Number);
  say(`- PostgreSQL's log, the first statement of each new migration: ${ran.map((r) => `${r.tag} ${r.times}×`).join(', ')}; runs that yielded to a visitor's lock ${yielded}; other ERROR/FATAL lines ${errors.length}`);
  if (PREVIOUS) say('  (they ran when the first new replica started, while both replicas of the previous release served: the migrations work with the release before them)');
  say(`- drizzle.__drizzle_migrations: ${rows} rows, ${distinct} distinct (${migrations.length} migrations in this release)`);
  if (!PREVIOUS) say('- SKIPPED the new migrations ran once: the upgrade started on the new release itself (UPGRADE_FROM_SELF=1), there were none to run');
  else
    check(
      'the new migrations ran to the end once (a run that yielded to a lock was rolled back whole and run again, never more often), no error',
      ran.length > 0 && ran.every((r) => r.times >= 1 && r.times <= yielded + 1) && errors.length === 0,
      errors.slice(0, 3).join(' | '),
    );
  check('every migration recorded once', rows === migrations.length && distinct === migrations.length, `${rows} rows, ${distinct} distinct`);

  const project = await api(`/projects/${state.projectId}`, { token });
  const file = await fileBytes(token, state.fileId);
  const photo = await photoBytes(token, state.projectId);
  const chat = Number(psql(`select count(*) from chat_messages where body = '${state.chat}'`));
  check(
    'the previous release’s data through the new api: the project, its photo, its file byte for byte, the chat message',
    project.json.data?.projectName === state.projectName && photo.sha === state.photoSha && file.status === 200 && sha256(file.bytes) === state.fileSha && chat === 1,
    `project ${project.status} "${project.json.data?.projectName}", photo ${photo.status} ${photo.sha === state.photoSha ? 'same' : 'differs'}, file ${file.status} ${file.bytes.length} bytes ${sha256(file.bytes) === state.fileSha ? 'same' : 'differs'}, chat ${chat}`,
  );

  say('\n## Upgrade: the web replicas replaced the same way');
  const webStartedAt = visitor.now();
  const webRoll = await rollOut('web', visitor.now);
  const webDoneAt = visitor.now();
  for (const step of webRoll.steps) say(`- ${step}`);
  await sleep(2000);
  const seen = await visitor.stop();
  const images = [container('api', 1), container('api', 2), container('web', 1), container('web', 2)].map((name) => podman('inspect', '-f', '{{.ImageName}}', name));
  const stored = {
    chats: new Set(psql(`select body from chat_messages where body like 'upgrade probe %'`).split('\n').filter(Boolean)),
    folders: new Set(psql(`select id from folders where project_id = '${state.projectId}'`).split('\n').filter(Boolean)),
  };
  const lost = [...seen.acknowledged.chats.filter((b) => !stored.chats.has(b)), ...seen.acknowledged.folders.filter((id) => !stored.folders.has(id))];
  const during = (from: number, to: number) => seen.failed.filter((f) => f.at >= from && f.at <= to);
  const sentAll = Object.values(seen.sent).reduce((a, b) => a + b, 0);
  say(`- the visitors (through Caddy, one request every 250 ms, each on its own): ${sentAll} sent (${seen.sent.read} api reads, ${seen.sent.page} private pages, ${seen.sent.chat} chat posts to the api, ${seen.sent.form} folder forms posted to the web), ${seen.failed.length} failed`);
  say(`  - while the api was rolled out (${apiStartedAt.toFixed(1)}–${apiDoneAt.toFixed(1)} s): ${during(apiStartedAt, apiDoneAt).length} failed (${[...new Set(during(apiStartedAt, apiDoneAt).map((f) => f.what))].join(', ') || '-'})`);
  say(`  - while the web was rolled out (${webStartedAt.toFixed(1)}–${webDoneAt.toFixed(1)} s): ${during(webStartedAt, webDoneAt).length} failed (${[...new Set(during(webStartedAt, webDoneAt).map((f) => f.what))].join(', ') || '-'})`);
  say(`  - failures at: ${seen.failed.map((f) => `${f.at.toFixed(1)} s ${f.what}`).slice(0, 20).join('; ') || 'none'}`);
  say(`- writes acknowledged: ${seen.acknowledged.chats.length} chat messages, ${seen.acknowledged.folders.length} folders; not in the database: ${lost.length}`);
  check('every api and web replica runs the new image', images.every((image, i) => image === (i < 2 ? NEW.api : NEW.web)), images.join(', '));
  check('no request failed during the rolling upgrades of the api and the web (reads, private pages, api posts, form posts)', seen.failed.length === 0 && seen.sent.chat > 0 && seen.sent.form > 0, span(seen.failed));
  check('every acknowledged write of the upgrade is in the database', lost.length === 0, lost.slice(0, 5).join(', '));
  const readyS = await waitReady(120);
  say(`- the upgraded stack ready through Caddy (${readyS.toFixed(0)} s)`);
  psql('alter system reset log_statement');
  psql('select pg_reload_conf()');
}

await phase(process.argv[2] === 'before' ? before : after);
