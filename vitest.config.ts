import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The compiler's virtual module of the server build: a stand-in outside a Remix build.
  resolve: { alias: { '~': path.resolve('app'), '@remix-run/dev/server-build': path.resolve('tests/helpers/server-build-stub.ts') } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts', 'web-server/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
    globalSetup: ['tests/setup/template-database.ts'],
    // PGlite (TEST_DATABASE=pglite) runs PostgreSQL in WebAssembly, about twice as slow a query,
    // and each api test opens a copy of the template: more room on a busy machine (decision 303).
    testTimeout: process.env.TEST_DATABASE === 'pglite' ? 60_000 : 30_000,
    hookTimeout: process.env.TEST_DATABASE === 'pglite' ? 180_000 : 60_000,
    pool: 'forks',
    // Vitest's default is one fork on 2 CPUs; the api tests wait on PostgreSQL as much as they
    // compute, so two forks take 150 s where one took 242 (three: 179; decision 219).
    maxWorkers: 2,
    // Files share a fork's modules instead of importing everything again for each (half the run's
    // time on 2 cores, decision 186). A file that needs modules read under its own environment
    // calls vi.resetModules() before importing them.
    isolate: false,
    // A test that fails once on a busy machine runs once more; the reporter names every test that
    // passed only on retry (decision 305), as the journeys' reporter does.
    retry: 1,
    reporters: ['default', './tests/setup/retry-reporter.ts'],
  },
});
