import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { put, signedPut } from '../deploy/backup/s3-put.mjs';

/**
 * The published stack as a firm's administrator gets it (docker-compose.yml, deploy/, Dockerfile,
 * .env.example), read without running a container: fast and offline, so it is part of every unit
 * run, while `npm run test:deploy` (podman, slow) runs the stack itself. Decisions 310-314.
 */

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
type Service = {
  image?: string;
  environment?: Record<string, string | null>;
  env_file?: string | string[];
  healthcheck?: { test?: string | string[] };
  depends_on?: Record<string, { condition?: string }>;
  logging?: { driver?: string; options?: Record<string, string> };
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  build?: { target?: string };
};
const composeText = read('docker-compose.yml');
/** The file without its comments (which may quote `${VAR:?…}` themselves). */
const composeCode = composeText.replace(/^\s*#.*$/gm, '');
const compose = parse(composeText) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = Object.entries(compose.services);
/** The services `docker compose up` starts (a profile's only on demand). */
const running = services.filter(([, service]) => !service.profiles);
const envExample = read('.env.example');
const caddyfile = read('deploy/Caddyfile');
const dockerfile = read('Dockerfile');

describe('docker-compose.yml', () => {
  it('starts the whole stack: proxy, two services of two replicas, database, redis, backups', () => {
    expect(running.map(([name]) => name).sort()).toEqual(['api', 'backup', 'postgres', 'proxy', 'redis', 'web']);
  });

  it('seeds no demo data unless .env asks for it (false by default, never a literal true)', () => {
    expect(compose.services.api.environment?.SEED_DEMO).toBe('${SEED_DEMO:-false}');
    for (const [, service] of services) expect(String(service.environment?.SEED_DEMO ?? '${SEED_DEMO:-false}')).toMatch(/^\$\{SEED_DEMO:-false\}$/);
    expect(composeText).not.toMatch(/demo1234|@demo\.test/);
  });

  it('writes no secret or address itself: each comes from .env, the required ones refusing to start without it', () => {
    const secretName = /PASSWORD|SECRET|_KEY|SMTP_URL|PUBLIC_URL|DATABASE_URL|TOKEN|DOMAIN/;
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (secretName.test(key)) expect(value, `${name}.${key}`).toMatch(/\$\{[A-Z_]+(:\?[^}]+)?\}/);
      }
    }
    expect(compose.services.api.environment?.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    for (const required of ['PUBLIC_URL', 'DOMAIN', 'SMTP_URL', 'POSTGRES_PASSWORD', 'SESSION_SECRET', 'SHARE_LINK_KEY', 'IMAGE_TAG']) {
      expect(composeCode, required).toMatch(new RegExp(`\\$\\{${required}:\\?[^}]{10,}\\}`));
    }
    // The literals of earlier versions.
    expect(composeText).not.toMatch(/change-me|POSTGRES_PASSWORD: app|postgres:\/\/app:app@|MINIO_ROOT/);
  });

  it('gives the api and the web every other setting of .env (env_file)', () => {
    for (const name of ['api', 'web', 'backup']) expect([compose.services[name].env_file].flat(), name).toContain('.env');
  });

  it('names every image with a pinned version: upstream ones x.y.z, the product by its release tag', () => {
    for (const [name, service] of services) {
      const image = service.image ?? '';
      if (service.build) {
        expect(image, name).toMatch(/^\$\{IMAGE_REPO:-archivista\}-(api|web|backup):\$\{IMAGE_TAG:\?[^}]+\}$/);
        expect(image, name).toContain(`-${service.build.target}:`);
      } else {
        // PostgreSQL's versions are major.minor.
        expect(image, name).toMatch(/^[a-z0-9./-]+:\d+\.\d+(\.\d+)?(-[a-z0-9]+)?$/);
      }
    }
    expect(composeText).not.toMatch(/minio\/minio/);
  });

  it('checks the health of every service, and each waits for the healthy ones it needs', () => {
    for (const [name, service] of running) {
      expect(service.healthcheck?.test, name).toBeTruthy();
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(condition, `${name} → ${dependency}`).toBe('service_healthy');
        expect(compose.services[dependency].healthcheck, dependency).toBeTruthy();
      }
    }
    expect(Object.keys(compose.services.proxy.depends_on ?? {}).sort()).toEqual(['api', 'web']);
  });

  it('rotates the log of every container', () => {
    for (const [name, service] of services) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging?.options?.['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options?.['max-file']), name).toBeGreaterThan(1);
    }
  });

  it('publishes HTTP and HTTPS on the proxy only, and keeps Caddy’s certificates on a volume', () => {
    for (const [name, service] of services) if (name !== 'proxy') expect(service.ports, name).toBeUndefined();
    const ports = compose.services.proxy.ports ?? [];
    expect(ports.some((p) => /:80$/.test(p))).toBe(true);
    expect(ports.some((p) => /:443$/.test(p))).toBe(true);
    expect(compose.services.proxy.volumes).toContain('caddy-data:/data');
    expect(compose.volumes).toHaveProperty('caddy-data');
  });

  it('serves the api’s metrics on the compose network only, never through the proxy', () => {
    expect(compose.services.api.environment?.METRICS_PORT).toBe('9464');
    expect(caddyfile).not.toContain('9464');
    expect(caddyfile).toMatch(/dynamic a api 3001/);
  });

  it('shares one files volume between the api replicas, read by the backup (decision 310)', () => {
    expect(compose.services.api.volumes).toContain('files:/files');
    expect(compose.services.api.environment?.DATA_DIR).toBe('/files');
    expect(compose.services.backup.volumes).toContain('files:/files:ro');
    // Whichever container mounts a new volume first gives it the owner of its image's /files.
    expect(dockerfile).toMatch(/mkdir -p \/data \/files && chown app:app \/data \/files/);
    expect(dockerfile).toMatch(/mkdir -p \/backups \/files && chown 10001:10001 \/files/);
  });

  it('lists in .env.example every variable it reads', () => {
    const used = new Set([...composeCode.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThan(8);
    for (const name of used) expect(envExample, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
    // The demo is off in the example too.
    expect(envExample).toMatch(/^SEED_DEMO=false$/m);
  });
});

describe('deploy/Caddyfile', () => {
  it('serves the domain of .env over HTTPS (automatic certificates), not plain :80', () => {
    expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{$/m);
    expect(caddyfile).not.toMatch(/^(http:\/\/)?:80\b/m);
    expect(caddyfile).not.toMatch(/auto_https off/);
  });

  it('sends HSTS for a year', () => {
    const hsts = caddyfile.match(/Strict-Transport-Security "max-age=(\d+)/);
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31536000);
  });

  it('answers the healthcheck of docker-compose.yml on the loopback', () => {
    const port = String(compose.services.proxy.healthcheck?.test).match(/127\.0\.0\.1:(\d+)\/healthz/)?.[1];
    expect(caddyfile).toContain(`http://127.0.0.1:${port} {`);
  });
});

describe('Dockerfile', () => {
  /** Each stage's text by its name (`FROM … AS name`). */
  const stages = Object.fromEntries(
    dockerfile
      .split(/^(?=FROM )/m)
      .slice(1)
      .map((text) => [text.match(/^FROM \S+ AS (\S+)/)?.[1] ?? '', text]),
  );

  it('has a target per image, the api without a browser and the web with Chromium (decision 314)', () => {
    expect(Object.keys(stages)).toEqual(expect.arrayContaining(['api', 'web', 'backup', 'runtime']));
    expect(stages.api).toMatch(/^FROM runtime AS api/);
    expect(stages.runtime + stages.api).not.toMatch(/apt-get install[^\n]*chromium/);
    expect(stages.web).toMatch(/apt-get install[^\n]*chromium/);
    for (const [name, service] of services) if (service.build) expect(stages, name).toHaveProperty(service.build.target!);
  });

  it('checks the same health as docker-compose.yml', () => {
    expect(stages.api).toMatch(/HEALTHCHECK[\s\S]*http:\/\/127\.0\.0\.1:3001\/api\/health/);
    expect(stages.web).toMatch(/HEALTHCHECK[\s\S]*http:\/\/127\.0\.0\.1:3000\/healthz\/ready/);
    expect(String(compose.services.api.healthcheck?.test)).toContain('http://127.0.0.1:3001/api/health');
    expect(String(compose.services.web.healthcheck?.test)).toContain('http://127.0.0.1:3000/healthz/ready');
    expect(stages.backup).toMatch(/HEALTHCHECK[\s\S]*test -f \/tmp\/backup-healthy/);
    expect(String(compose.services.backup.healthcheck?.test)).toBe('test -f /tmp/backup-healthy');
  });

  it('builds on pinned base images, the backup on the database’s own', () => {
    const args = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(args.NODE_IMAGE).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
    expect(args.POSTGRES_IMAGE).toBe(compose.services.postgres.image);
  });
});

describe('deploy/make-env.sh', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'make-env-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const makeEnv = (file: string, ...args: string[]) =>
    spawnSync('bash', [path.join(ROOT, 'deploy/make-env.sh'), ...args], { env: { ...process.env, ENV_FILE: file, SMTP_URL: '' }, encoding: 'utf8' });
  const values = (file: string) => Object.fromEntries([...fs.readFileSync(file, 'utf8').matchAll(/^([A-Z_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]));

  it('writes every required variable, with fresh random secrets, readable by its owner only', () => {
    const first = path.join(dir, 'first.env');
    const second = path.join(dir, 'second.env');
    expect(makeEnv(first, 'https://archivista.example.com', 'smtp://u:p@smtp.example.com:587').status).toBe(0);
    expect(makeEnv(second, 'https://archivista.example.com/').status).toBe(0);
    const a = values(first);
    const b = values(second);
    expect(a).toMatchObject({ PUBLIC_URL: 'https://archivista.example.com', DOMAIN: 'archivista.example.com', SMTP_URL: 'smtp://u:p@smtp.example.com:587', SEED_DEMO: 'false' });
    expect(b.PUBLIC_URL).toBe('https://archivista.example.com');
    for (const secret of ['POSTGRES_PASSWORD', 'SESSION_SECRET', 'SHARE_LINK_KEY']) {
      expect(a[secret], secret).toMatch(/^[0-9a-f]{48,}$/);
      expect(a[secret]).not.toBe(b[secret]);
    }
    expect(a.IMAGE_TAG).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{12}/);
    expect(fs.statSync(first).mode & 0o077).toBe(0);
    // Every required variable of compose has a value (SMTP_URL only when given).
    for (const required of [...composeCode.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]!)) expect(a[required], required).toBeTruthy();
  });

  it('never overwrites a .env, and refuses an address that is not one', () => {
    const file = path.join(dir, 'kept.env');
    fs.writeFileSync(file, 'SESSION_SECRET=mine\n');
    const again = makeEnv(file, 'https://archivista.example.com');
    expect(again.status).toBe(1);
    expect(fs.readFileSync(file, 'utf8')).toBe('SESSION_SECRET=mine\n');
    expect(makeEnv(path.join(dir, 'bad.env'), 'archivista.example.com').status).toBe(2);
  });
});

describe('deploy/backup/backup.sh', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-sh-'));
  const bin = path.join(dir, 'bin');
  const backups = path.join(dir, 'backups');
  const files = path.join(dir, 'files');
  const calls = path.join(dir, 'calls.log');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeAll(() => {
    // Stand-ins for PostgreSQL's commands: each logs its call; pg_dump writes a dump, psql answers
    // the number of other connections given in OTHERS.
    fs.mkdirSync(bin);
    const tool = (name: string, body: string) => fs.writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${calls}"\n${body}\n`, { mode: 0o755 });
    tool('pg_dump', 'while [ "$1" != "-f" ]; do shift; done; echo dump > "$2"');
    tool('psql', 'echo "${OTHERS:-0}"');
    tool('dropdb', '');
    tool('createdb', '');
    tool('pg_restore', '');
  });
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync('bash', [path.join(ROOT, 'deploy/backup/backup.sh'), ...args], {
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, BACKUPS: backups, FILES: files, PGHOST: 'postgres', PGDATABASE: 'app', BACKUP_HEALTHY_FILE: path.join(dir, 'healthy'), ...env },
      encoding: 'utf8',
    });

  it('takes a dump and the files, and keeps 7 daily and 4 weekly backups', () => {
    fs.mkdirSync(path.join(files, 'uploads/a'), { recursive: true });
    fs.writeFileSync(path.join(files, 'uploads/a/photo.jpg'), 'photo');
    fs.writeFileSync(path.join(files, 'uploads/a/half.jpg.1a2b.partial'), 'half');
    // Older backups than the rotation keeps: ten days and six weeks.
    for (let day = 10; day <= 19; day++) fs.mkdirSync(path.join(backups, `daily/2026-11-${day}T023000Z`), { recursive: true });
    for (let week = 40; week <= 45; week++) fs.mkdirSync(path.join(backups, `weekly/2026-W${week}`), { recursive: true });
    const result = run(['now'], { RELEASE: '1.2.3-abc' });
    expect(result.status, result.stderr).toBe(0);
    const daily = fs.readdirSync(path.join(backups, 'daily')).sort();
    expect(daily).toHaveLength(7);
    const newest = daily.at(-1)!;
    expect(daily[0]).toBe('2026-11-14T023000Z');
    const latest = path.join(backups, 'latest');
    expect(fs.readlinkSync(latest)).toBe(`daily/${newest}`);
    expect(fs.readFileSync(path.join(latest, 'postgres.dump'), 'utf8')).toBe('dump\n');
    const listed = execFileSync('tar', ['-tf', path.join(latest, 'files.tar')], { encoding: 'utf8' });
    expect(listed).toContain('./uploads/a/photo.jpg');
    expect(listed).not.toContain('partial');
    expect(JSON.parse(fs.readFileSync(path.join(latest, 'backup.json'), 'utf8'))).toMatchObject({ release: '1.2.3-abc' });
    const weekly = fs.readdirSync(path.join(backups, 'weekly')).sort();
    expect(weekly).toHaveLength(4);
    expect(weekly).toContain(execFileSync('date', ['-u', '+%G-W%V'], { encoding: 'utf8' }).trim());
    expect(fs.existsSync(path.join(dir, 'healthy'))).toBe(true);
  });

  it('restores into the database and the files volume, and refuses while the api is connected', () => {
    fs.writeFileSync(path.join(files, 'uploads/a/photo.jpg'), 'changed since');
    fs.writeFileSync(path.join(files, 'stray.txt'), 'made after the backup');
    const refused = run(['restore', 'latest'], { OTHERS: '2' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('docker compose stop api web backup');
    fs.writeFileSync(calls, '');
    const restored = run(['restore', 'latest']);
    expect(restored.status, restored.stderr).toBe(0);
    expect(fs.readFileSync(calls, 'utf8')).toMatch(/dropdb --maintenance-db=postgres --if-exists app\ncreatedb --maintenance-db=postgres app\npg_restore --no-owner --exit-on-error -d app .*postgres\.dump/);
    expect(fs.readFileSync(path.join(files, 'uploads/a/photo.jpg'), 'utf8')).toBe('photo');
    expect(fs.existsSync(path.join(files, 'stray.txt'))).toBe(false);
    expect(run(['restore', 'daily/none']).status).toBe(1);
  });

  it('signs a PUT as the AWS SDK does (s3-put.mjs)', async () => {
    // The SDK's own signer, on node's hash: the reference a bucket checks against.
    const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
      typeof data === 'string' ? data : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
    class Sha256 {
      private hash: crypto.Hash | crypto.Hmac;
      constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
        this.hash = secret === undefined ? crypto.createHash('sha256') : crypto.createHmac('sha256', bytes(secret));
      }
      update(data: string | ArrayBuffer | ArrayBufferView) {
        this.hash.update(bytes(data));
      }
      async digest() {
        return new Uint8Array(this.hash.digest());
      }
      reset() {}
    }
    const now = new Date('2026-12-02T02:30:00Z');
    const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
    for (const pathStyle of [true, false]) {
      const ours = signedPut({ bucket: 'firm-backups', key: 'archivista/2026-12-02T023000Z/files (1).tar', size: 1234, region: 'eu-central-1', endpoint: 'https://s3.eu-central-1.amazonaws.com', ...credentials, pathStyle, now });
      const signer = new SignatureV4({ credentials, region: 'eu-central-1', service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: false });
      const request = {
        method: 'PUT',
        protocol: 'https:',
        hostname: ours.url.hostname,
        path: ours.url.pathname,
        query: {},
        headers: { host: ours.url.host, 'content-length': '1234', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      };
      const theirs = await signer.sign(request, { signingDate: now });
      expect(ours.headers.authorization, pathStyle ? 'path style' : 'virtual host').toBe(theirs.headers.authorization);
    }
  });

  it('sends a file to a bucket (s3-put.mjs)', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-backup-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'firm-backups' }] });
    const { port } = await server.run();
    try {
      const env = {
        BACKUP_S3_BUCKET: 'firm-backups',
        BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
        BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
        BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
        BACKUP_S3_FORCE_PATH_STYLE: 'true',
      };
      const file = path.join(dir, 'upload.bin');
      fs.writeFileSync(file, Buffer.alloc(300_000, 7));
      await put(file, 'archivista/2026-12-02T023000Z/files.tar', env);
      const client = new S3Client({ endpoint: env.BACKUP_S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      const got = await client.send(new GetObjectCommand({ Bucket: 'firm-backups', Key: 'archivista/2026-12-02T023000Z/files.tar' }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(fs.readFileSync(file))).toBe(true);
      client.destroy();
      await expect(put(file, 'x', { ...env, BACKUP_S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(/404/);
    } finally {
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

/**
 * deploy/rollout.sh against a stand-in for `docker` that records each call and keeps the
 * containers in a file: the order of a rolling replacement (decision 380) without an engine.
 */
describe('deploy/rollout.sh', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollout-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const engine = path.join(dir, 'docker');
  // ps -q lists the running containers; `up --scale api=N` starts new ones up to N (on "new");
  // inspect answers the image and the health ($HEALTH: healthy unless set); stop and rm record.
  fs.writeFileSync(
    engine,
    `#!/usr/bin/env bash
state="$FAKE_DIR/running"; echo "$*" >>"$FAKE_DIR/calls"
case "$1 $2" in
  "compose ps") cat "$state" ;;
  "compose up")
    want=$(printf '%s\\n' "$@" | sed -n 's/^api=//p')
    while (( $(wc -l <"$state") < want )); do n=$(( $(cat "$FAKE_DIR/next") + 1 )); echo $n >"$FAKE_DIR/next"; echo "new$n" >>"$state"; done ;;
  "inspect -f")
    case "$3" in *Health*) echo "\${HEALTH:-healthy}" ;; *) echo "image-of-$4" ;; esac ;;
  "stop -t"|"rm -f") grep -vx "\${@: -1}" "$state" >"$state.new" || true; mv "$state.new" "$state" ;;
esac
`,
    { mode: 0o755 },
  );
  const rollout = (health?: string) => {
    fs.writeFileSync(path.join(dir, 'running'), 'old1\nold2\n');
    fs.writeFileSync(path.join(dir, 'next'), '0');
    fs.writeFileSync(path.join(dir, 'calls'), '');
    const run = spawnSync('bash', [path.join(ROOT, 'deploy/rollout.sh'), 'api'], {
      env: { ...process.env, CONTAINER_ENGINE: engine, FAKE_DIR: dir, ROLLOUT_TIMEOUT: '1', ...(health ? { HEALTH: health } : {}) },
      encoding: 'utf8',
    });
    const calls = fs.readFileSync(path.join(dir, 'calls'), 'utf8').trim().split('\n');
    return { status: run.status, stderr: run.stderr, calls, running: fs.readFileSync(path.join(dir, 'running'), 'utf8').trim().split('\n') };
  };
  /** The calls that change the stack, in order. */
  const changes = (calls: string[]) => calls.filter((c) => /^(compose up|stop|rm)/.test(c)).map((c) => c.replace(/^compose up .*--scale (\S+) .*/, 'scale $1'));

  it('replaces one replica at a time: one more started and healthy, then an old one stopped (drained) and removed', () => {
    const { status, calls, running, stderr } = rollout();
    expect(status, stderr).toBe(0);
    expect(changes(calls)).toEqual(['scale api=3', 'stop -t 30 old1', 'rm old1', 'scale api=3', 'stop -t 30 old2', 'rm old2']);
    // Each new replica was healthy before an old one stopped.
    expect(calls.indexOf('inspect -f {{.State.Health.Status}} new1')).toBeLessThan(calls.indexOf('stop -t 30 old1'));
    expect(calls.indexOf('inspect -f {{.State.Health.Status}} new2')).toBeLessThan(calls.indexOf('stop -t 30 old2'));
    // Old replicas are kept as they are while the new ones start (never recreated by compose).
    for (const up of calls.filter((c) => c.startsWith('compose up'))) expect(up).toMatch(/--no-deps --no-recreate/);
    expect(running).toEqual(['new1', 'new2']);
  });

  it('leaves the old replicas serving when a new one does not turn healthy, and fails', () => {
    const { status, calls, running } = rollout('starting');
    expect(status).toBe(1);
    expect(changes(calls)).toEqual(['scale api=3', 'rm -f new1']);
    expect(running).toEqual(['old1', 'old2']);
  });

  it('gives a stopping replica longer than its drain (SHUTDOWN_DRAIN_SECONDS), and compose the same', () => {
    const drain = Number(/SHUTDOWN_DRAIN_SECONDS:-(\d+)/.exec(composeText)?.[1]);
    expect(drain).toBeGreaterThan(0);
    const stopWait = Number(/stop -t (\d+)/.exec(read('deploy/rollout.sh'))?.[1]);
    expect(stopWait).toBeGreaterThan(drain + 10);
    for (const name of ['api', 'web']) {
      expect(compose.services[name]!.environment?.SHUTDOWN_DRAIN_SECONDS, name).toBe('${SHUTDOWN_DRAIN_SECONDS:-6}');
      expect((compose.services[name] as { stop_grace_period?: string }).stop_grace_period, name).toBe(`${stopWait}s`);
    }
    // Caddy closes idle connections to a replica (keepalive) before the drain ends and before the
    // replica would (server/contract/drain-rules.ts: 5 s).
    const keepalive = Number(/keepalive (\d+)s/.exec(caddyfile)?.[1]);
    expect(keepalive).toBeGreaterThan(0);
    expect(keepalive).toBeLessThan(Math.min(drain, 5));
  });
});

/**
 * The file read by a Docker Compose (Debian's docker-compose 1.29, where installed: the deploy test
 * has no Docker engine nor Compose v2, decision 380), with a .env from make-env.sh: its schema,
 * its interpolation (replicas from .env cast to numbers), and its refusal without the secrets.
 */
const dockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;
describe.skipIf(!dockerCompose)('docker-compose.yml read by docker-compose', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-config-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.copyFileSync(path.join(ROOT, 'docker-compose.yml'), path.join(dir, 'docker-compose.yml'));
  fs.symlinkSync(path.join(ROOT, 'deploy'), path.join(dir, 'deploy'));
  const config = () => spawnSync('docker-compose', ['config'], { cwd: dir, encoding: 'utf8', env: { ...process.env, COMPOSE_PROJECT_NAME: 'check' } });

  it('refuses without a .env, naming the missing secret', () => {
    fs.writeFileSync(path.join(dir, '.env'), '');
    const run = config();
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/Set [A-Z_]+ in \.env/);
  }, 60_000);

  it('is valid with the .env make-env.sh writes: two replicas each, the drain and its stop wait', () => {
    fs.rmSync(path.join(dir, '.env'));
    const made = spawnSync('bash', [path.join(ROOT, 'deploy/make-env.sh'), 'https://archivista.example.com', 'smtp://u:p@smtp.example.com:587'], { env: { ...process.env, ENV_FILE: path.join(dir, '.env') }, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const run = config();
    expect(run.status, run.stderr).toBe(0);
    const resolved = parse(run.stdout) as { services: Record<string, Service & { deploy?: { replicas?: number }; stop_grace_period?: string }> };
    for (const name of ['api', 'web']) {
      expect(resolved.services[name]!.deploy?.replicas, name).toBe(2);
      expect(resolved.services[name]!.environment?.SHUTDOWN_DRAIN_SECONDS, name).toBe('6');
      expect(resolved.services[name]!.stop_grace_period, name).toBe('30s');
    }
    expect(resolved.services.proxy!.environment?.DOMAIN).toBe('archivista.example.com');
  }, 60_000);
});
