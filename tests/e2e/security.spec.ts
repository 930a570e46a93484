import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E } from './env';
import { apiCall, DEMO, DEMO_PASSWORD, expect, loginAs, ready, registerUser, test } from './fixtures';
import { makePngs } from './showcase-images';

/**
 * The web's defences (decisions 061–064), as a browser sees it: cross-site and same-site forged requests, planted toasts, open
 * redirects, form bombs, and the 503 page while the api is down. Two origins on loopback: the
 * product at http://127.0.0.1:PORT; another site at http://localhost:PORT (cross-site), and a
 * sibling at http://127.0.0.1:OTHER (same site: a site ignores the port, so the Lax session cookie
 * goes along, which is what makes same-site forgery possible).
 */

const target = E2E.baseURL;
const crossSite = `http://localhost:${E2E.webPort}`;
const sameSite = `http://127.0.0.1:${E2E.webPort + 9}`;

/** Serves `html` as the page `url` of the attacker's origin (Playwright answers it; it never reaches our server). */
async function attackerPage(page: Page, url: string, html: string) {
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><html><body>${html}</body></html>` }));
  await page.goto(url);
}

const sessionCookie = async (context: BrowserContext) => (await context.cookies(target)).find((c) => c.name === '__session');

/** A firm of its own with one public project, made through the api. */
async function firmWithProject(page: Page) {
  const { email, password } = await registerUser({ role: 'architect' });
  const { token } = await loginAs(page, email, password);
  const form = new FormData();
  for (const file of await makePngs(4, { width: 64, height: 48 })) form.append('files', new Blob([await fs.readFile(file)], { type: 'image/png' }), 'p.png');
  const upload = await fetch(`${E2E.apiURL}/api/projects/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const { images } = (await upload.json()) as { images: Array<{ id: string }> };
  const { status, json } = await apiCall<{ data: { id: string } }>(
    'POST',
    '/projects/public-project',
    {
      projectName: 'Forgery Target',
      projectType: 'architecture-residential',
      projectLocation: 'Baner',
      area: 100,
      year: 2020,
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      description: 'Must survive forged requests.',
      architecture: [{ name: 'Structure', style: 'Brick' }],
      teams: [{ name: 'A', role: 'Architect' }],
      imageIds: images.map((i) => i.id),
    },
    token,
  );
  expect(status).toBe(201);
  return { token, projectId: json.data.id };
}

test.describe('cross-site request forgery', () => {
  for (const action of ['/?index', '/?index&_data=routes%2F_index']) {
    test(`another site cannot sign the visitor in as the attacker (${action})`, async ({ page, context }) => {
      const attacker = await registerUser();
      await attackerPage(
        page,
        `${crossSite}/attacker-login`,
        `<form method="post" action="${target}${action}">
           <input type="hidden" name="intent" value="login"><input type="hidden" name="email" value="${attacker.email}">
           <input type="hidden" name="password" value="${attacker.password}"><button>Win a prize</button>
         </form>`,
      );
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url().startsWith(target) && r.request().method() === 'POST'), page.getByRole('button', { name: 'Win a prize' }).click()]);
      expect(answer.status()).toBe(403);
      expect(await sessionCookie(context)).toBeUndefined();
      await page.goto(`${target}/`);
      await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    });
  }

  test('a same-site page cannot delete a firm’s project, with a form or with a data request', async ({ page, js }) => {
    const { projectId, token } = await firmWithProject(page);
    const action = `${target}/portfolio/edit-project/${projectId}`;
    const data = `${action}?_data=${encodeURIComponent('routes/portfolio.edit-project.$projectId')}`;
    // Without JavaScript: a form the visitor is lured into submitting; with it: a script posts at once.
    await attackerPage(
      page,
      `${sameSite}/attacker-delete`,
      js
        ? `<p id="out">…</p><script>
             const body = new URLSearchParams({ intent: 'delete' });
             Promise.all([
               fetch(${JSON.stringify(data)}, { method: 'POST', body, credentials: 'include', mode: 'no-cors' }),
               fetch(${JSON.stringify(action)}, { method: 'POST', body, credentials: 'include', mode: 'no-cors' }),
             ]).then(() => (document.getElementById('out').textContent = 'sent'), () => (document.getElementById('out').textContent = 'sent'));
           </script>`
        : `<form method="post" action="${data}"><input type="hidden" name="intent" value="delete"><button>Continue</button></form>`,
    );
    if (js) await expect(page.locator('#out')).toHaveText('sent');
    else {
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url().startsWith(target)), page.getByRole('button', { name: 'Continue' }).click()]);
      expect(answer.status()).toBe(403);
    }
    const still = await apiCall('GET', `/projects/public-project/${projectId}`, undefined, token);
    expect(still.status).toBe(200);
    const own = await page.goto(`${target}/portfolio/edit-project/${projectId}`);
    expect(own?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgery Target' })).toBeVisible();
  });

  test('the site’s own forms still work (same origin)', async ({ page, js }) => {
    await page.goto('/?view=login#auth');
    await ready(page, js);
    await page.getByLabel('Email').fill(DEMO.explorer);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/explore$/);
  });
});

test.describe('toasts, redirects and forms', () => {
  test('a planted unsigned toast cookie shows nothing', async ({ page, context }) => {
    const toast = { type: 'error', message: 'Session expired: sign in again at https://evil.example' };
    const value = encodeURIComponent(`${Buffer.from(JSON.stringify({ __flash_flash__: { toast } })).toString('base64')}.`);
    await context.addCookies(['__toast', 'toast-session'].map((name) => ({ name, value, url: target })));
    await page.goto('/');
    await expect(page.getByText('evil.example')).toHaveCount(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('returnTo cannot send the visitor to another site', async ({ page }) => {
    await loginAs(page, DEMO.explorer);
    const answer = await page.request.post('/resources/register-firm', {
      multipart: { returnTo: '/.//evil.example/phish', firmName: '' },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    const location = answer.headers().location!;
    expect(location.startsWith('/explore')).toBe(true);
    expect(new URL(location, target).origin).toBe(target);
  });

  test('a form with a huge list index is refused at once, without echoing it', async ({ page }) => {
    await loginAs(page, DEMO.firm);
    const started = Date.now();
    const answer = await page.request.post('/portfolio?_data=routes%2Fportfolio._index', {
      form: { 'teams[1000000].name': 'x', 'junk[10000000]': '1', userName: 'x' },
      timeout: 10_000,
    });
    expect(answer.status()).toBe(400);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await answer.body()).length).toBeLessThan(2000);
  });

  test('pages carry a CSP whose nonce is on every inline script, and hydrate under it', async ({ page, js }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const answer = await page.goto('/?view=login');
    const csp = answer!.headers()['content-security-policy']!;
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await answer!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    await ready(page, js);
    expect(violations).toEqual([]);
  });
});

test.describe('while the api is down', () => {
  const port = E2E.webPort + 5;
  let web: ChildProcess;
  test.beforeAll(async () => {
    web = spawn(process.execPath, ['build/web-server.mjs'], {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: 'http://127.0.0.1:9', PUBLIC_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: E2E.sessionSecret, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    // Up to a minute: a loaded machine (two workers, their servers) starts a web slowly.
    for (let i = 0; i < 300; i++) {
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the second web server did not start');
  });
  test.afterAll(() => {
    web.kill('SIGTERM');
  });

  test('pages answer 503 with a clear page, and the /api and /uploads forwarding too', async ({ page }) => {
    const down = `http://127.0.0.1:${port}`;
    const answer = await page.goto(`${down}/?view=login`);
    expect(answer?.status()).toBe(200); // the home page needs no api
    await page.getByLabel('Email').fill(DEMO.explorer);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    const [login] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Log in', exact: true }).click(),
    ]);
    expect(login.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'The service is unavailable' })).toBeVisible();
    const apiAnswer = await page.request.get(`${down}/api/projects/explore`);
    expect(apiAnswer.status()).toBe(503);
    expect((await apiAnswer.json()).message).toMatch(/unavailable/);
    expect((await page.request.get(`${down}/uploads/x.webp`)).status()).toBe(503);
  });
});
