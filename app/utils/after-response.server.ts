import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work that must wait until the answer to the current request has gone (or the visitor went
 * away): removing the temporary files of an upload form, whose Files the action still sends to the
 * api while it runs. The web server opens a scope around each request it hands to Remix
 * (web-server/app.ts) and runs the tasks when the response closes.
 *
 * The store is found under a global symbol: the web server loads this module from source, the
 * Remix build has its own bundled copy, and both must see the same scope.
 */

type Scope = { tasks: Array<() => unknown>; closed: boolean };

const KEY = Symbol.for('archivista.after-response');
const registry = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Scope> };
const storage = (registry[KEY] ??= new AsyncLocalStorage<Scope>());

/** Runs `task` once the current request's response is closed; false (nothing registered) outside a request scope. */
export function afterResponse(task: () => unknown): boolean {
  const scope = storage.getStore();
  if (!scope || scope.closed) return false;
  scope.tasks.push(task);
  return true;
}

async function runTasks(scope: Scope) {
  scope.closed = true;
  for (const task of scope.tasks.splice(0)) {
    try {
      await task();
    } catch {
      // A clean-up that fails (a file already gone) must not stop the others.
    }
  }
}

/**
 * Runs `work` in a new scope; its tasks run when `whenClosed` settles (the web server passes the
 * response's `close`). Answers what `work` answers.
 */
export function withResponseScope<T>(whenClosed: Promise<unknown>, work: () => T): T {
  const scope: Scope = { tasks: [], closed: false };
  const run = () => runTasks(scope);
  void whenClosed.then(run, run);
  return storage.run(scope, work);
}
