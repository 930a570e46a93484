/**
 * `npm run build` (after the web): the api and the commands beside it as ES modules under build/,
 * which production (`npm start`, the image) runs with plain node, never a transpiler at runtime
 * (as build-web-server.mjs does for the web):
 *   build/api.mjs           server/main.ts
 *   build/seed.mjs          server/seed/cli.ts (the api runs it in a process of its own on a first start)
 *   build/admin-create.mjs  server/scripts/admin-create.ts
 *   build/start.mjs         scripts/start.ts (`npm start`: both services, supervised)
 * Files the modules find beside themselves (import.meta.url) are copied next to them: the
 * migrations and the demo seed's assets. Packages stay imports of node_modules.
 */
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: {
    api: 'server/main.ts',
    seed: 'server/seed/cli.ts',
    'admin-create': 'server/scripts/admin-create.ts',
    start: 'scripts/start.ts',
  },
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  logLevel: 'warning',
});
fs.rmSync('build/migrations', { recursive: true, force: true });
fs.cpSync('server/db/migrations', 'build/migrations', { recursive: true });
fs.rmSync('build/assets', { recursive: true, force: true });
fs.cpSync('server/seed/assets', 'build/assets', { recursive: true, filter: (source) => !source.endsWith('.md') });
