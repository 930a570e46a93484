import { defineConfig } from '@playwright/test';
import { E2E, FOOTER_ENV } from './tests/e2e/env';
import { socialWebEnv } from './tests/e2e/social-env';

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

/** How long the servers may take to start: a loaded machine (helpers in parallel) needs more than a minute. */
const serverTimeout = Number(process.env.E2E_SERVER_TIMEOUT ?? 180_000);

const notRun = (tag: string) => (process.env.SCREENSHOTS ? [new RegExp(tag)] : [new RegExp(tag), /@on-demand/]);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  outputDir: 'test-results',
  use: { baseURL: E2E.baseURL, trace: 'retain-on-failure', ...chromium },
  // Every journey runs twice: with JavaScript and without. A test tagged @js-only (an interaction
  // that exists only with JavaScript, such as the provider scripts of social sign-in) or
  // @no-js-only runs in its one project; @on-demand tests (review screenshots) only with SCREENSHOTS=1.
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
