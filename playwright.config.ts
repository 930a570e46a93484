import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E, FOOTER_ENV } from './tests/e2e/env';
import { socialWebEnv } from './tests/e2e/social-env';

// Debian's headless shell (package chromium-headless-shell): the same Chromium without the desktop
// browser's compositing, about twice as fast for the journeys (decision 219). The full browser is
// the fallback on a machine that has only the chromium package.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

/** How long the servers may take to start: a loaded machine (helpers in parallel) needs more than a minute. */
const serverTimeout = Number(process.env.E2E_SERVER_TIMEOUT ?? 180_000);

/** What a project leaves out: the other project's tag, and the review screenshots (`npm run screenshots`). */
const notRun = (tag: string) => [new RegExp(tag), /@on-demand/];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Files share the two workers; a file's tests run in order in one of them (decision 219).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry wherever it runs (CI may not set CI): a journey that passes only on its retry is
  // listed as flaky at the end, with its trace (E2E_RETRIES=0 to see failures at once).
  retries: Number(process.env.E2E_RETRIES ?? 1),
  // The list, then one closing line of the journeys that passed only on their retry.
  reporter: [['list'], ['./tests/e2e/retry-reporter.ts']],
  // Room for a busy machine; each step still waits for its condition, never for a time.
  timeout: 60_000,
  outputDir: 'test-results',
  // A trace records every step's DOM and screenshots: it doubled the run when kept for every test,
  // so only a retry records one (`--trace on` records them all).
  use: { baseURL: E2E.baseURL, trace: 'on-first-retry', ...chromium },
  // Every journey runs twice: with JavaScript and without. A test tagged @js-only (an interaction
  // that exists only with JavaScript, such as the provider scripts of social sign-in) or
  // @no-js-only runs in its one project; @on-demand tests (review screenshots) only in `npm run screenshots`.
  projects: [
    { name: 'js', use: { javaScriptEnabled: true }, grepInvert: notRun('@no-js-only') },
    { name: 'no-js', use: { javaScriptEnabled: false }, grepInvert: notRun('@js-only') },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/e2e/serve-api.ts',
      url: `${E2E.apiURL}/api/health`,
      reuseExistingServer: false,
      timeout: serverTimeout,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The web server of `npm start` (web-server/), so the journeys run under its CSP, CSRF check and limits.
      command: 'node build/web-server.mjs',
      url: `${E2E.baseURL}/`,
      reuseExistingServer: false,
      timeout: serverTimeout,
      env: {
        PORT: String(E2E.webPort),
        HOST: '127.0.0.1',
        API_URL: E2E.apiURL,
        SESSION_SECRET: E2E.sessionSecret,
        NODE_ENV: 'production',
        PUBLIC_URL: E2E.baseURL,
        LOG_LEVEL: 'warn',
        ...socialWebEnv,
        ...FOOTER_ENV,
      },
    },
  ],
});
