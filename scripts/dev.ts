/** `npm run dev`: the api with tsx watch and the web server under Remix's dev server (rebuilds, live reload). */
import { spawn } from 'node:child_process';

const env = { ...process.env, API_URL: process.env.API_URL ?? 'http://127.0.0.1:3001', NODE_ENV: 'development' as const };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { env, stdio: 'inherit' }),
  spawn('npx', ['remix', 'dev', '-c', 'node --import tsx web-server/index.ts'], { env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
