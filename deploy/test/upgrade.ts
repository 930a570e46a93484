/**
 * The upgrade of `npm run test:deploy`. run.sh starts the stack with every
 * replica on the previous release's image (previous.sh); then
 *   `before`: data made on the previous release: a project with its photo, a folder, a file, a chat message;
 *   `after`:  both api replicas replaced by the new image and started together (the migrations of
 *             the new release must run once: PostgreSQL's log, with DDL and lock waits logged for
 *             this, shows which statements ran and the second replica waiting on the advisory
 *             lock); the data checked through the new api; then the web replicas replaced one at a
 *             time (a rolling upgrade). A probe through Caddy counts failed requests all along.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LOCKS } from '../../server/db/connection';
import { BASE, DEMO, api, check, compose, container, fileBytes, logs, phase, podman, psql, readState, replicasReady, say, signIn, sleep, sha256, waitReady, writeState } from './lib';

const PREVIOUS = process.env.PREVIOUS_IMAGE ?? '';
/** The new release: the api's image and the web's (Dockerfile targets, decision 314). */
const NEW = { api: process.env.NEW_API_IMAGE ?? 'localhost/archivista-api:test', web: process.env.NEW_WEB_IMAGE ?? 'localhost/archivista-web:test' };

/** The migrations of this tree and of the previous release (its commit is in its image's tag). */
const migrationsDir = path.resolve(import.meta.dirname, '../../server/db/migrations');
const tags = (journal: string) => (JSON.parse(journal).entries as Array<{ tag: string }>).map((entry) => entry.tag);
const migrations = tags(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'));
const previousMigrations = () => tags(execFileSync('git', ['show', `${PREVIOUS.split('previous-')[1]!.split('-')[0]}:server/db/migrations/meta/_journal.json`], { encoding: 'utf8' }));
/** Each new migration's first line (its first statement's start): PostgreSQL logs it once per run of that migration. */
const firstLines = (added: string[]) => added.map((tag) => ({ tag, line: fs.readFileSync(path.join(migrationsDir, `${tag}.sql`), 'utf8').split('\n')[0]!.replace('--> statement-breakpoint', '').trim() }));

async function photoBytes(token: string, projectId: string) {
  const res = await fetch(`${BASE}/api/projects/${projectId}/photo`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, sha: sha256(Buffer.from(await res.arrayBuffer())) };
}

async function before() {
  say(`\n## Upgrade: the stack on the previous release (${PREVIOUS})`);
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

/** A GET through Caddy every 250 ms (each on its own, not waiting for the one before), api and page alternately: what visitors saw during the upgrade. */
function probe(token: string) {
  const started = Date.now();
  const failed: Array<{ at: number; what: string; kind: 'api' | 'page' }> = [];
  const inFlight: Array<Promise<void>> = [];
  let sent = 0;
  const send = async (kind: 'api' | 'page') => {
    const at = (Date.now() - started) / 1000;
    try {
      const res = await fetch(kind === 'api' ? `${BASE}/api/projects` : `${BASE}/explore`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (!res.ok) failed.push({ at, kind, what: `${kind} ${res.status}` });
    } catch (error) {
      failed.push({ at, kind, what: `${kind} ${(error as Error).name}` });
    }
  };
  const timer = setInterval(() => inFlight.push(send(sent++ % 2 ? 'page' : 'api')), 250);
  return {
    now: () => (Date.now() - started) / 1000,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      failed.sort((a, b) => a.at - b.at);
      return { sent, failed };
    },
  };
}

const span = (list: Array<{ at: number }>) => (list.length ? `${list[0]!.at.toFixed(1)}–${list.at(-1)!.at.toFixed(1)} s` : 'none');

/** Removes a service's replicas and creates them again on the new image (not started). */
function recreate(service: 'api' | 'web', replicas: number[]) {
  const names = replicas.map((n) => container(service, n));
  podman('stop', '-t', '10', ...names);
  podman('rm', '-v', ...names);
  // podman-compose 1.0.3 creates every missing container of the service (and fails, harmlessly, on the existing others).
  compose(['up', '--no-start', '--no-build', service], { API_IMAGE: NEW.api, WEB_IMAGE: service === 'web' ? NEW.web : (process.env.PREVIOUS_IMAGE ?? '') });
  return names;
}

async function after() {
  say(`\n## Upgrade: the api replaced by the new image (${NEW.api}), both replicas started together`);
  const state = readState().upgrade;
  const token = await signIn(DEMO.firm);
  // Test-only settings: every DDL statement and any wait on a lock past 100 ms in PostgreSQL's log.
  for (const setting of ["log_statement = 'ddl'", 'log_lock_waits = on', "deadlock_timeout = '100ms'"]) psql(`alter system set ${setting}`);
  psql('select pg_reload_conf()');
  const logFrom = logs(container('postgres', 1)).length;
  const visitor = probe(token);
  await sleep(2000);
  const stoppedAt = visitor.now();
  const apis = recreate('api', [1, 2]);
  // The test holds the migrations' advisory lock until both new replicas wait for it, so that
  // they surely meet there (on their own they may not overlap: 0023-0024 take well under a
  // second); each wait is in the log, and which one then ran the DDL.
  const key = LOCKS.migrations;
  const hold = `do $$ declare t0 timestamptz := clock_timestamp(); begin
    perform pg_advisory_lock(${key});
    while (select count(*) from pg_locks where locktype = 'advisory' and objid = ${key} and not granted) < 2
      and clock_timestamp() - t0 < interval '300 seconds' loop perform pg_sleep(0.2); end loop;
    perform pg_sleep(1); perform pg_advisory_unlock(${key}); end $$`;
  podman('exec', '-d', container('postgres', 1), 'psql', '-U', 'app', '-d', 'app', '-c', hold);
  await sleep(500);
  const startedAt = visitor.now();
  const since = Date.now();
  podman('start', ...apis);
  const ready = await replicasReady(apis, since, 600);
  const apiReadyAt = visitor.now();
  say(`- old api replicas stopped at ${stoppedAt.toFixed(1)} s, new ones started at ${startedAt.toFixed(1)} s, ready: ${[...ready].map(([n, s]) => `${n} after ${s.toFixed(1)} s`).join(', ')}`);

  const pgLog = logs(container('postgres', 1)).slice(logFrom);
  const count = (pattern: RegExp) => (pgLog.match(pattern) ?? []).length;
  const added = firstLines(migrations.filter((tag) => !previousMigrations().includes(tag)));
  const ran = added.map(({ tag, line }) => ({ tag, line, times: pgLog.split(`statement: ${line}`).length - 1 }));
  const waited = { still: count(/still waiting for ExclusiveLock on advisory lock/g), acquired: count(/acquired ExclusiveLock on advisory lock/g) };
  const errors = pgLog.split('\n').filter((line) => /ERROR|FATAL/.test(line));
  const [rows, distinct] = psql('select count(*), count(distinct hash) from drizzle.__drizzle_migrations').split('|').map(Number);
  say(`- PostgreSQL's log, the first statement of each new migration: ${ran.map((r) => `${r.tag} ${r.times}×`).join(', ')}; advisory lock (held by the test until both waited) waits logged ${waited.still}, acquired after waiting ${waited.acquired}; ERROR/FATAL lines ${errors.length}`);
  const shown = new RegExp(`advisory lock|${ran.map((r) => r.line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}`);
  for (const line of pgLog.split('\n').filter((l) => shown.test(l)).slice(0, 8)) say(`  \`${line.slice(0, 160)}\``);
  say(`- drizzle.__drizzle_migrations: ${rows} rows, ${distinct} distinct (${migrations.length} migrations in this release)`);
  check('both new api replicas ready', ready.size === 2);
  check('the new migrations ran once: each one’s first statement once, both replicas waited on the advisory lock, no error', ran.length > 0 && ran.every((r) => r.times === 1) && waited.acquired >= 2 && errors.length === 0, errors.slice(0, 3).join(' | '));
  check('every migration recorded once', rows === migrations.length && distinct === migrations.length, `${rows} rows, ${distinct} distinct`);

  // Ready inside is not yet ready through Caddy: the probe's GETs refused while the new replicas
  // started left both out for fail_duration (10 s), and Caddy 2.6 answers a POST 503 at once when
  // no upstream is available (GETs wait out lb_try_duration). A GET through Caddy first.
  await waitReady(120);
  const fresh = await signIn(DEMO.firm);
  const project = await api(`/projects/${state.projectId}`, { token: fresh });
  const file = await fileBytes(fresh, state.fileId);
  const photo = await photoBytes(fresh, state.projectId);
  const chat = Number(psql(`select count(*) from chat_messages where body = '${state.chat}'`));
  check(
    'the previous release’s data through the new api: the project, its photo, its file byte for byte, the chat message',
    project.json.data?.projectName === state.projectName && photo.sha === state.photoSha && file.status === 200 && sha256(file.bytes) === state.fileSha && chat === 1,
    `project ${project.status} "${project.json.data?.projectName}", photo ${photo.status} ${photo.sha === state.photoSha ? 'same' : 'differs'}, file ${file.status} ${file.bytes.length} bytes ${sha256(file.bytes) === state.fileSha ? 'same' : 'differs'}, chat ${chat}`,
  );

  say('\n## Upgrade: the web replicas replaced one at a time (rolling)');
  const webStartedAt = visitor.now();
  const webReady = new Map<string, number>();
  for (const n of [1, 2]) {
    const [name] = recreate('web', [n]);
    const t = Date.now();
    podman('start', name!);
    for (const [replica, s] of await replicasReady([name!], t, 300)) webReady.set(replica, s);
  }
  const webDoneAt = visitor.now();
  await sleep(2000);
  const seen = await visitor.stop();
  const images = [...apis, container('web', 1), container('web', 2)].map((name) => podman('inspect', '-f', '{{.ImageName}}', name));
  const apiSwap = seen.failed.filter((f) => f.kind === 'api' && f.at >= stoppedAt && f.at <= apiReadyAt + 2);
  const webSwap = seen.failed.filter((f) => f.kind === 'page' && f.at >= webStartedAt);
  say(`- web replicas ready after: ${[...webReady].map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ')} (both replaced between ${webStartedAt.toFixed(1)} and ${webDoneAt.toFixed(1)} s)`);
  say(`- probe (a GET every 250 ms through Caddy, api and page alternately, each on its own): ${seen.sent} sent, ${seen.failed.length} failed`);
  say(`  - api GETs while the api replicas were replaced together (${stoppedAt.toFixed(1)}–${apiReadyAt.toFixed(1)} s): ${apiSwap.length} failed, ${span(apiSwap)} (${[...new Set(apiSwap.map((f) => f.what))].join(', ') || '-'})`);
  say(`  - pages while the web replicas were replaced one at a time: ${webSwap.length} failed (${[...new Set(webSwap.map((f) => f.what))].join(', ') || '-'})`);
  check('every api and web replica runs the new image', images.every((image, i) => image === (i < 2 ? NEW.api : NEW.web)), images.join(', '));
  check('the rolling replacement of the web failed no page', webSwap.length === 0, span(webSwap));
  const readyS = await waitReady(120);
  say(`- the upgraded stack ready through Caddy (${readyS.toFixed(0)} s)`);
  for (const setting of ['log_statement', 'log_lock_waits', 'deadlock_timeout']) psql(`alter system reset ${setting}`);
  psql('select pg_reload_conf()');
}

await phase(process.argv[2] === 'before' ? before : after);
