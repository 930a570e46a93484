/**
 * Work to do when the web process is asked to stop (SIGTERM, SIGINT): closing the PDF service's
 * browser. The web server runs the hooks before it exits (web-server/index.ts).
 *
 * The hooks live under a global symbol: the web server loads this module from source, the Remix
 * build has its own bundled copy, and both must see the same list.
 */

type Hook = () => unknown;

const KEY = Symbol.for('archivista.shutdown-hooks');
const registry = globalThis as typeof globalThis & { [KEY]?: Set<Hook> };
const hooks = (registry[KEY] ??= new Set<Hook>());

/** Runs `hook` when the process shuts down; answers a function that takes it back. */
export function onShutdown(hook: Hook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every hook once, at most `timeoutMs` in all; a hook that fails does not stop the others. */
export async function runShutdownHooks(timeoutMs = 5000): Promise<void> {
  const pending = [...hooks].map(async (hook) => {
    hooks.delete(hook);
    try {
      await hook();
    } catch {
      // Leaving anyway: the process's exit ends what the hook could not.
    }
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(pending), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs).unref()))]);
  clearTimeout(timer);
}
