import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

/**
 * Keeps the processes of `npm start` running (docs/decisions/060): a process that
 * exits on its own is started again after a delay that doubles with each quick failure (1 s, 2 s,
 * 4 s … up to 30 s) and resets once it has stayed up for a minute. A process that stays alive but
 * stops answering is treated the same (docs/decisions/304): once its health address has answered,
 * it is asked again every few seconds, and after several misses in a row (no 2xx within the
 * timeout) it is killed, so it exits and is started again. `stop()` (Ctrl-C, SIGTERM) ends them
 * all: SIGTERM, then SIGKILL for one that has not left after a few seconds.
 */

export type Service = {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Its liveness address (http://host:port/path): asked with node:http, which takes any port (fetch refuses some, such as 6000). */
  healthUrl?: string;
  /** A socket the health address is asked over instead of its host and port (the web's renderer behind its gate, docs/decisions/429). */
  healthSocket?: string;
};

export type SupervisorOptions = {
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long counts as healthy: the next failure starts from the shortest delay. */
  stableAfterMs?: number;
  stopTimeoutMs?: number;
  /** How often a live process's health address is asked, how long an answer may take, and how many misses in a row kill it. */
  healthIntervalMs?: number;
  healthTimeoutMs?: number;
  healthMisses?: number;
  log?: (line: string) => void;
  stdio?: 'inherit' | 'ignore';
};

type Running = {
  service: Service;
  child: ChildProcess | null;
  failures: number;
  startedAt: number;
  timer: NodeJS.Timeout | null;
  health: NodeJS.Timeout | null;
  /** Misses in a row since it last answered; counted only once it has answered after its start. */
  misses: number;
  answered: boolean;
};

/**
 * Whether `url` answers 2xx within `timeoutMs`. node:http, not fetch: fetch refuses "bad ports"
 * such as 6000, which made a product started there stop itself after its start timeout.
 */
export function answers(url: string, timeoutMs: number, socketPath?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs, agent: false, ...(socketPath ? { socketPath } : {}) }, (response) => {
      response.resume();
      resolve((response.statusCode ?? 500) < 300);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => resolve(false));
  });
}

export class Supervisor {
  private readonly running = new Map<string, Running>();
  private stopping = false;
  private readonly options: Required<SupervisorOptions>;

  constructor(options: SupervisorOptions = {}) {
    this.options = {
      minDelayMs: 1000,
      maxDelayMs: 30_000,
      stableAfterMs: 60_000,
      stopTimeoutMs: 5000,
      healthIntervalMs: 5000,
      healthTimeoutMs: 3000,
      healthMisses: 3,
      log: (line) => console.log(line),
      stdio: 'inherit',
      ...options,
    };
  }

  /** The delay before restart number `failures` (1-based). */
  delayFor(failures: number): number {
    return Math.min(this.options.maxDelayMs, this.options.minDelayMs * 2 ** Math.max(0, failures - 1));
  }

  start(service: Service): void {
    const entry: Running = { service, child: null, failures: 0, startedAt: 0, timer: null, health: null, misses: 0, answered: false };
    this.running.set(service.name, entry);
    this.spawn(entry);
  }

  pid(name: string): number | undefined {
    return this.running.get(name)?.child?.pid;
  }

  private spawn(entry: Running) {
    const { service } = entry;
    entry.timer = null;
    entry.startedAt = Date.now();
    // The IPC channel closes when this process goes, however it goes: the children then stop
    // themselves instead of serving on, orphaned (docs/decisions/304).
    const io = this.options.stdio;
    const child = spawn(service.command, service.args, { env: service.env ?? process.env, stdio: [io, io, io, 'ipc'] });
    entry.child = child;
    entry.misses = 0;
    entry.answered = false;
    this.options.log(`[start] ${service.name} running (pid ${child.pid})`);
    child.on('error', (error) => this.options.log(`[start] ${service.name} could not start: ${error.message}`));
    if (service.healthUrl) this.watch(entry, child, service.healthUrl);
    child.on('exit', (code, signal) => {
      entry.child = null;
      if (entry.health) clearTimeout(entry.health);
      entry.health = null;
      if (this.stopping) return;
      entry.failures = Date.now() - entry.startedAt >= this.options.stableAfterMs ? 1 : entry.failures + 1;
      const delay = this.delayFor(entry.failures);
      this.options.log(`[start] ${service.name} exited (${signal ?? `code ${code}`}); starting it again in ${delay < 1000 ? `${delay} ms` : `${delay / 1000} s`}`);
      entry.timer = setTimeout(() => this.spawn(entry), delay);
    });
  }

  /** Asks a live process's health address in turn; kills it after `healthMisses` misses in a row once it has answered. */
  private watch(entry: Running, child: ChildProcess, url: string) {
    const { healthIntervalMs, healthTimeoutMs, healthMisses } = this.options;
    const check = async () => {
      entry.health = null;
      const ok = await answers(url, healthTimeoutMs, entry.service.healthSocket);
      if (this.stopping || entry.child !== child) return;
      if (ok) {
        entry.answered = true;
        entry.misses = 0;
      } else if (entry.answered && ++entry.misses >= healthMisses) {
        this.options.log(`[start] ${entry.service.name} did not answer ${url} ${entry.misses} times in a row; killing it (pid ${child.pid}) to start it again`);
        child.kill('SIGKILL');
        return;
      }
      entry.health = setTimeout(() => void check(), healthIntervalMs);
    };
    entry.health = setTimeout(() => void check(), Math.min(healthIntervalMs, 500));
  }

  /** Resolves once the service's health address answers (or throws after `timeoutMs`). */
  async ready(name: string, timeoutMs: number): Promise<void> {
    const entry = this.running.get(name);
    const url = entry?.service.healthUrl;
    if (!url) return;
    const deadline = Date.now() + timeoutMs;
    while (!(await answers(url, this.options.healthTimeoutMs, entry.service.healthSocket))) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.running.values()].map(async (entry) => {
        if (entry.timer) clearTimeout(entry.timer);
        if (entry.health) clearTimeout(entry.health);
        const child = entry.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        await new Promise<void>((resolve) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), this.options.stopTimeoutMs);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        });
      }),
    );
  }
}
