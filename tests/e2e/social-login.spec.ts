import type { Page } from '@playwright/test';
import { expect, ready, test } from './fixtures';
import { IDP } from './social-env';

/**
 * Sign in with Google and with Apple. The web is configured with client ids of the local identity
 * provider (tests/e2e/social-env.ts), whose stand-in scripts replace Google's and Apple's: the
 * buttons yield a credential minted by that provider for the identity the test chooses.
 */

type Identity = { sub: string; email: string; name?: string; firstName?: string; aud?: string };

const newIdentity = (prefix: string): Identity => {
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return { sub: id, email: `${prefix}-${id}@example.test`, name: `${prefix} ${id.slice(-4)}` };
};

/** The identity the provider's stand-in button signs in as (read by its script on click). */
async function useIdentity(page: Page, identity: Identity) {
  await page.addInitScript((who) => {
    (window as unknown as { __idpIdentity: Identity }).__idpIdentity = who;
  }, identity);
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === '__session');
}

test.describe('sign in with Google and Apple', () => {
  test('without JavaScript the login view shows no social buttons and email login remains', { tag: '@no-js-only' }, async ({ page }) => {
    // the buttons need JavaScript: this checks the page without it
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: /sign in with/i })).toHaveCount(0);
    await expect(page.getByTestId('social-sign-in')).toHaveCount(0);
    // No orphan "or" above missing buttons.
    await expect(page.getByText('or', { exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  });

  test('with client ids configured the login view shows both buttons at the large size (40 px)', { tag: '@js-only' }, async ({ page, js }) => {
    // the provider scripts need JavaScript
    await page.goto('/');
    await ready(page, js);
    const google = page.getByRole('button', { name: 'Sign in with Google' });
    const apple = page.getByRole('button', { name: 'Sign in with Apple' });
    await expect(google).toBeVisible();
    await expect(apple).toBeVisible();
    expect((await google.boundingBox())?.height).toBe(40);
    expect((await apple.boundingBox())?.height).toBe(40);
    // The scripts come from the configured (local) provider, never from Google or Apple.
    const sources = await page.locator('script[src]').evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
    expect(sources).toEqual(expect.arrayContaining([`${IDP.url}/gsi/client`, `${IDP.url}/appleid.auth.js`]));
    expect(sources.some((s) => /google\.com|apple\.com/.test(s))).toBe(false);
  });

  test('a new visitor signs in with Google: explorer account, browser-session cookie', { tag: '@js-only' }, async ({ page, js }) => {
    // the provider scripts need JavaScript
    const identity = newIdentity('google');
    await useIdentity(page, identity);
    await page.goto('/');
    await ready(page, js);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByTestId('toast')).toHaveText(`Welcome, ${identity.name}`);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // An explorer: the header offers Register Firm.
    await expect(page.getByTestId('register-firm')).toBeVisible();
    const cookie = await sessionCookie(page);
    expect(cookie?.expires).toBe(-1);
  });

  test('Sign in with Apple with Remember me ticked keeps the session for 7 days; signing in again finds the same account', { tag: '@js-only' }, async ({ page, js }) => {
    // the provider scripts need JavaScript
    const identity = { ...newIdentity('apple'), firstName: 'Ada' };
    delete identity.name;
    await useIdentity(page, identity);
    await page.goto('/');
    await ready(page, js);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in with Apple' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByTestId('toast')).toHaveText('Welcome, Ada');
    const cookie = await sessionCookie(page);
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$|\/\?/);
    await ready(page, js);
    await page.getByRole('button', { name: 'Sign in with Apple' }).click();
    // The same account: still named after the first authorization.
    await expect(page.getByTestId('toast')).toHaveText('Welcome, Ada');
  });

  test('a credential the api refuses leaves the visitor on the login view, with no message', { tag: '@js-only' }, async ({ page, js }) => {
    // the provider scripts need JavaScript
    await useIdentity(page, { ...newIdentity('foreign'), aud: 'another-app.apps.googleusercontent.com' });
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto('/');
    await ready(page, js);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/view=login/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    // Still signed out: the public showcase shows the visitor's header (decision 385).
    await page.goto('/explore');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('the web action signs in with a token from the local provider posted as its form fields', { tag: '@js-only' }, async ({ page }) => {
    // the social sign-in is a JavaScript journey
    const identity = newIdentity('posted');
    const { token } = (await (await fetch(`${IDP.url}/mint?${new URLSearchParams({ provider: 'google', ...identity })}`)).json()) as { token: string };
    const res = await page.request.post('/auth/social', {
      form: { loginType: 'google', idToken: token, email: identity.email, socialId: identity.sub, displayName: identity.name!, photoURL: '' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/explore');
    await page.goto('/explore');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    // A post from another site is refused (login CSRF).
    const cross = await page.request.post('/auth/social', {
      form: { loginType: 'google', idToken: token, email: identity.email, socialId: identity.sub },
      headers: { 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(cross.status()).toBe(403);
  });
});
