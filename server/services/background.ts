import type { FastifyBaseLogger } from 'fastify';
import { detachedFromTransaction } from '../db/transaction-guard.js';

/**
 * Work a request starts but does not wait for, such as a mail whose sending must not show in
 * the answer's timing. A task starts after the current request's handler has returned; its
 * failure is logged, never thrown at a client. The api waits for running tasks when it closes.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  private held: Array<() => void> | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` soon, after the current handler has answered. */
  defer(name: string, task: () => Promise<unknown>) {
    if (this.held) this.held.push(() => this.start(name, task));
    else this.start(name, task);
  }

  private start(name: string, task: () => Promise<unknown>) {
    // Counted as running from now, so idle() also waits for a task that has not begun yet.
    // A task deferred inside a transaction's body runs on its own, outside it (docs/decisions/302).
    const done: Promise<void> = detachedFromTransaction(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .then(() => undefined)
      .catch((error) => this.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves when no task is running or about to (tasks started meanwhile included; held ones not). */
  async idle() {
    while (this.running.size) await Promise.all(this.running);
  }

  /**
   * Keeps new tasks from starting until the returned function is called: tests use it to see
   * what a request did before its background work.
   */
  hold(): () => void {
    const queue: Array<() => void> = (this.held ??= []);
    return () => {
      if (this.held === queue) this.held = null;
      for (const start of queue) start();
    };
  }
}
