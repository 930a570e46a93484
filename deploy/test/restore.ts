/**
 * Backup and restore of `npm run test:deploy` (decision 313), after the other checks: the backup
 * service's next scheduled backup (every minute in the test) waited for, the stack torn down with
 * its volumes, an empty one started (no demo seed: nothing in the database or the files volume),
 * `npm run backup:restore` of that backup into it, then the project made on the previous release
 * and the first project's first folder found with their files.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BASE, DEMO, PROJECT, api, check, compose, fileBytes, phase, podman, psql, readState, say, sha256, signIn, sleep, waitReady, type Json } from './lib';

const root = path.resolve(import.meta.dirname, '../..');
const npm = (args: string[]) => {
  const t = Date.now();
  const env = { ...process.env, COMPOSE_PROJECT_NAME: PROJECT, CONTAINER_ENGINE: 'podman', COMPOSE: `podman-compose ${process.env.COMPOSE_ARGS ?? ''}` };
  const out = execFileSync('npm', ['run', '--silent', ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env });
  return { out: out.trim(), s: (Date.now() - t) / 1000 };
};
const backups = process.env.BACKUP_DIR ?? '';

/** The first scheduled backup taken after `since` (its folder's name is its UTC time), waited for. */
async function scheduledBackup(since: Date, timeoutS: number) {
  const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '').replace(/^(\d{4})(\d{2})(\d{2})/, '$1-$2-$3');
  const after = stampOf(since);
  const start = Date.now();
  while (Date.now() - start < timeoutS * 1000) {
    const daily = fs.existsSync(path.join(backups, 'daily')) ? fs.readdirSync(path.join(backups, 'daily')).filter((name) => !name.endsWith('.partial')).sort() : [];
    const taken = daily.find((name) => name > after);
    if (taken) return `daily/${taken}`;
    await sleep(2000);
  }
  throw new Error(`no scheduled backup in ${backups} within ${timeoutS} s`);
}

/** Every file in the first folder of the demo firm's first project (the checks uploaded two there): id → hash of its bytes. */
async function demoFolderFiles(token: string) {
  const project = ((await api('/projects', { token })).json.data as Json[] | undefined)?.[0];
  const folder = ((await api(`/projects/folder/${project?.id}`, { token })).json.data?.folders as Json[] | undefined)?.[0];
  const files = ((await api(`/projects/files/${folder?.id}`, { token })).json.data?.files as Json[] | undefined) ?? [];
  const hashes: Record<string, string> = {};
  for (const file of files) {
    const got = await fileBytes(token, file.id);
    hashes[file.id] = got.status === 200 ? sha256(got.bytes) : `status ${got.status}`;
  }
  return { projectName: project?.projectName as string, hashes };
}

async function run() {
  say('\n## A scheduled backup restored into an empty stack');
  const state = readState().upgrade;
  let token = await signIn(DEMO.firm);
  const before = await demoFolderFiles(token);
  const tables = 'select (select count(*) from users) || \'/\' || (select count(*) from files) || \'/\' || (select count(*) from chat_messages)';
  const countsBefore = psql(tables);
  const waitFrom = Date.now();
  const name = await scheduledBackup(new Date(), 180);
  const dir = path.join(backups, name);
  const dump = fs.statSync(path.join(dir, 'postgres.dump')).size;
  const files = execFileSync('tar', ['-tf', path.join(dir, 'files.tar')], { encoding: 'utf8' }).split('\n').filter((line) => line && !line.endsWith('/')).length;
  say(`- the backup service's scheduled backup ${name} after ${((Date.now() - waitFrom) / 1000).toFixed(0)} s: postgres.dump ${(dump / 1024).toFixed(0)} KB, files.tar ${files} files (users/files/chat messages ${countsBefore})`);

  const t = Date.now();
  // With their anonymous /data volumes (podman-compose 1.0.3's down -v leaves those).
  const ids = podman('ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`).split('\n').filter(Boolean);
  if (ids.length) podman('rm', '-f', '-v', ...ids);
  compose(['down']);
  // Every volume but Caddy's: a new Caddy would make a new authority for localhost, which this
  // process (NODE_EXTRA_CA_CERTS, read at its start) does not trust. A firm's certificates are public.
  const kept = [`${PROJECT}_caddy-data`, `${PROJECT}_caddy-config`];
  for (const volume of podman('volume', 'ls', '-q').split('\n').filter((v) => v.startsWith(`${PROJECT}_`) && !kept.includes(v))) podman('volume', 'rm', '-f', volume);
  compose(['up', '-d', '--no-build'], { SEED_DEMO: 'false' });
  const readyS = await waitReady(600);
  const empty = await api('/users/login', { method: 'POST', body: JSON.stringify({ email: DEMO.firm, password: DEMO.password }) });
  // The demo's super-admin with its known password, and any account at all: none on a stack seeded with nothing.
  const demoAdmin = await api('/admin/login', { method: 'POST', body: JSON.stringify({ email: 'admin@demo.test', password: DEMO.password }) });
  const accounts = Number(psql('select count(*) from users'));
  say(`- torn down with its volumes; an empty stack (no demo seed) ready after ${readyS.toFixed(0)} s (${((Date.now() - t) / 1000).toFixed(0)} s in all); sign-in there: ${empty.status}, the demo super-admin at /api/admin/login: ${demoAdmin.status}, accounts: ${accounts}`);

  const restored = npm(['backup:restore', '--', name]);
  const readyAgain = await waitReady(600);
  say(`- \`npm run backup:restore -- ${name}\`: ${restored.s.toFixed(0)} s; ready through Caddy ${readyAgain.toFixed(0)} s later`);
  const countsAfter = psql(tables);
  token = await signIn(DEMO.firm);
  const after = await demoFolderFiles(token);
  const project = await api(`/projects/${state?.projectId}`, { token });
  const file = await fileBytes(token, state?.fileId);
  const photo = await fetch(`${BASE}/api/projects/${state?.projectId}/photo`, { headers: { authorization: `Bearer ${token}` } });
  const photoSha = sha256(Buffer.from(await photo.arrayBuffer()));
  const same = Object.keys(before.hashes).filter((id) => after.hashes[id] === before.hashes[id]);
  check('the stack was empty before the restore: no account, the demo firm and super-admin refused', empty.status === 401 && demoAdmin.status === 401 && accounts === 0, `sign-in ${empty.status}, admin sign-in ${demoAdmin.status}, ${accounts} accounts`);
  check('the database restored: users, files, chat messages counted as at the backup', countsAfter === countsBefore, `${countsBefore} → ${countsAfter}`);
  check(
    `the project "${before.projectName}" with every file of its first folder, byte for byte`,
    after.projectName === before.projectName && Object.keys(before.hashes).length > 0 && same.length === Object.keys(before.hashes).length,
    `${same.length} of ${Object.keys(before.hashes).length} files the same`,
  );
  check(
    'the project made on the previous release with its photo and its file',
    project.json.data?.projectName === state?.projectName && file.status === 200 && sha256(file.bytes) === state?.fileSha && photo.status === 200 && photoSha === state?.photoSha,
    `project ${project.status}, file ${file.status} ${sha256(file.bytes) === state?.fileSha ? 'same' : 'differs'}, photo ${photo.status} ${photoSha === state?.photoSha ? 'same' : 'differs'}`,
  );
}

await phase(run);
