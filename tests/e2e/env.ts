import path from 'node:path';

/** Ports and folders of the end-to-end servers; a second run beside the first sets E2E_PORT. */
const base = Number(process.env.E2E_PORT ?? 3100);
export const E2E = {
  webPort: base,
  apiPort: base + 1,
  baseURL: `http://127.0.0.1:${base}`,
  apiURL: `http://127.0.0.1:${base + 1}`,
  /** The harness's way into the api's embedded database (database-bridge.ts, decision 303). */
  bridgeURL: `http://127.0.0.1:${base + 3}`,
  dataDir: path.resolve(`tests/.artifacts/e2e-${base}`),
  sessionSecret: 'e2e-session-secret-0123456789',
};

/** The footer's social links of the end-to-end web server (decision 212): one page per network. */
export const FOOTER_ENV = {
  FOOTER_FACEBOOK_URL: 'https://www.facebook.com/archivista.example',
  FOOTER_INSTAGRAM_URL: 'https://www.instagram.com/archivista.example',
  FOOTER_X_URL: 'https://x.com/archivista_example',
  FOOTER_LINKEDIN_URL: 'https://www.linkedin.com/company/archivista-example',
  FOOTER_YOUTUBE_URL: 'https://www.youtube.com/@archivista-example',
};

/** Where the on-demand review screenshots go (`npm run screenshots`): an ignored folder, never the repository. */
export const SCREENSHOT_DIR = path.resolve(process.env.SCREENSHOT_DIR ?? 'screenshots');
