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
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export function runDemoSeedProcess(): Promise<void> {
  const here = fileURLToPath(import.meta.url);
  // Beside the source (cli.ts, under tsx) or beside the bundle (build/seed.mjs, scripts/build-api.mjs).
  const cli = path.join(path.dirname(here), path.extname(here) === '.ts' ? 'cli.ts' : 'seed.mjs');
  // The same loaders as this process (tsx), without a watcher or a debugger port of its own.
  const execArgv = process.execArgv.filter((arg) => !/^--(watch|inspect)/.test(arg));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, cli], { stdio: 'inherit', env: process.env });
    // Stopped while seeding (the api's own handlers come later): the seed stops too, instead of
    // living on and writing into DATA_DIR after its api has gone; its exit then ends the api.
    const passOn = (signal: NodeJS.Signals) => child.kill(signal);
    for (const signal of STOP_SIGNALS) process.on(signal, passOn);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of STOP_SIGNALS) process.off(s, passOn);
      if (code === 0) resolve();
      else reject(new Error(`the demo seed stopped (${signal ?? `exit code ${code}`})`));
    });
  });
}
