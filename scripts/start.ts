/**
 * `npm start`: the api and the web on their embedded defaults, in one terminal.
 * The web answers on http://localhost:3000 and forwards /api and /uploads to the api.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
  PORT: webPort,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
};

const children: ChildProcess[] = [];
function run(name: string, command: string, args: string[]) {
  const child = spawn(command, args, { env, stdio: 'inherit' });
  child.on('exit', (code) => {
    console.log(`${name} exited with ${code}`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitForApi() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${env.API_URL}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The api did not start within 60 s');
}

run('api', process.execPath, ['--import', 'tsx', 'server/main.ts']);
await waitForApi();
run('web', process.execPath, ['node_modules/@remix-run/serve/dist/cli.js', 'build/index.js']);
setTimeout(() => console.log(`\n  Archivista is running on http://localhost:${webPort}\n`), 1500);
