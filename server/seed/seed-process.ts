import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the demo seed (server/seed/cli.ts, `npm run seed`) in a short-lived process of its own and
 * waits for it (docs/decisions/096). The seed draws and encodes dozens of pictures with sharp;
 * the native memory that leaves behind (libvips' cache, glibc arenas of its threads, about 200 MB
 * that is never given back) goes away with that process instead of staying in the api's footprint
 * for its whole life.
 */
export function runDemoSeedProcess(): Promise<void> {
  const here = fileURLToPath(import.meta.url);
  // Beside the source (cli.ts, under tsx) or beside the bundle (build/seed.mjs, scripts/build-api.mjs).
  const cli = path.join(path.dirname(here), path.extname(here) === '.ts' ? 'cli.ts' : 'seed.mjs');
  // The same loaders as this process (tsx), without a watcher or a debugger port of its own.
  const execArgv = process.execArgv.filter((arg) => !/^--(watch|inspect)/.test(arg));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, cli], { stdio: 'inherit', env: process.env });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the demo seed stopped (${signal ?? `exit code ${code}`})`))));
  });
}
