/**
 * `npm run build` (after `remix build`): the web server as one ES module, build/web-server.mjs,
 * which production runs with plain node. Under tsx the web carried tsx's loader thread and
 * esbuild's service: about 40 MB more resident memory and a hop through the loader on late
 * imports (docs/decisions/180). Packages stay imports of node_modules.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['web-server/index.ts'],
  outfile: 'build/web-server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  logLevel: 'warning',
});
