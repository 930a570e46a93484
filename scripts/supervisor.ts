import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Keeps the processes of `npm start` running (issue 9 item 5, docs/decisions/060): a process that
 * exits on its own is started again after a delay that doubles with each quick failure (1 s, 2 s,
 * 4 s … up to 30 s) and resets once it has stayed up for a minute. `stop()` (Ctrl-C) ends them
 * all: SIGTERM, then SIGKILL for one that has not left after a few seconds.
 */

export type Service = { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };

export type SupervisorOptions = {
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long counts as healthy: the next failure starts from the shortest delay. */
  stableAfterMs?: number;
  stopTimeoutMs?: number;
  log?: (line: string) => void;
  stdio?: 'inherit' | 'ignore';
};

type Running = { service: Service; child: ChildProcess | null; failures: number; startedAt: number; timer: NodeJS.Timeout | null };

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
    const entry: Running = { service, child: null, failures: 0, startedAt: 0, timer: null };
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
    const child = spawn(service.command, service.args, { env: service.env ?? process.env, stdio: this.options.stdio });
    entry.child = child;
    this.options.log(`[start] ${service.name} running (pid ${child.pid})`);
    child.on('error', (error) => this.options.log(`[start] ${service.name} could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      entry.child = null;
      if (this.stopping) return;
      entry.failures = Date.now() - entry.startedAt >= this.options.stableAfterMs ? 1 : entry.failures + 1;
      const delay = this.delayFor(entry.failures);
      this.options.log(`[start] ${service.name} exited (${signal ?? `code ${code}`}); starting it again in ${delay < 1000 ? `${delay} ms` : `${delay / 1000} s`}`);
      entry.timer = setTimeout(() => this.spawn(entry), delay);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.running.values()].map(async (entry) => {
        if (entry.timer) clearTimeout(entry.timer);
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
