import { apiCall, DEMO, expect, loginAs, ready, registerUser, test } from './fixtures';
import { sessionCookie, panel, openView } from './auth-helpers';

test.describe('logout', () => {
  test('Logout is a form post that revokes the api token and ends the web session', async ({ page, context, js }) => {
    const { email, password: pw } = await registerUser();
    const { token } = await loginAs(page, email, pw);
    await page.goto('/explore');
    await ready(page, js);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast')).toContainText('You have been logged out');
    await expect(panel(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    const me = await apiCall('GET', '/users/me', undefined, token);
    expect(me.status).toBe(401);
    // The header is the visitor's again.
    await expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();
  });

  test('a token revoked on the server ends the web session at the next navigation', async ({ page, context, js }) => {
    const { email, password: pw } = await registerUser();
    const { token } = await loginAs(page, email, pw);
    await page.goto('/explore');
    await ready(page, js);
    expect((await apiCall('POST', '/users/logout', undefined, token)).status).toBe(200);
    if (js) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Firms' }).click();
    else await page.goto('/firms');
    await expect(page).toHaveURL(/\/$/);
    await expect(panel(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });
});

test.describe('auth panel views', () => {
  test('the links switch between the four views and keep the URL in step', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Log in');
    // With JavaScript the switch happens in place: this marker survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    const steps: Array<[link: string, heading: string, view: string]> = [
      ['Sign up', 'Sign up', 'signup'],
      ['Log in', 'Log in', 'login'],
      ['Forgot password?', 'Forgot password', 'forgot'],
      ['I already have a code', 'Reset password', 'reset'],
      ['Send a new code', 'Forgot password', 'forgot'],
      ['Back to log in', 'Log in', 'login'],
    ];
    for (const [link, heading, view] of steps) {
      await panel(page).getByRole('link', { name: link, exact: true }).click();
      await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText(heading);
      await expect(panel(page).locator('form')).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`/\\?view=${view}#auth$`));
    }
    const marker = await page.evaluate(() => (window as unknown as { marker?: number }).marker);
    expect(marker).toBe(js ? 1 : undefined);
  });

  test('choosing a view scrolls the page to the panel', async ({ page, js }) => {
    await page.setViewportSize({ width: 375, height: 560 });
    await openView(page, js, 'signup');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(panel(page)).not.toBeInViewport({ ratio: 0.5 });
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    // Explore (for a visitor) shows the login form and scrolls to it, just below the sticky header.
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Log in');
    await expect.poll(() => panel(page).evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5000 }).toBeLessThan(100);
    await expect(panel(page).getByRole('heading', { level: 2 })).toBeInViewport();
  });

  test('the header links open the login and sign-up views', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sign up' }).click();
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Sign up');
    // An in-place switch, then the header link again: the header always wins.
    await panel(page).getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Log in');
    await header.getByRole('link', { name: 'Sign up' }).click();
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Sign up');
    await header.getByRole('link', { name: 'Log in' }).click();
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Log in');
  });

  test('an unknown view falls back to the login view', async ({ page, js }) => {
    await page.goto('/?view=nonsense');
    await ready(page, js);
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Log in');
  });
});

test.describe('guards', () => {
  test('a visitor opening a logged-in page lands on the home page', async ({ page, js }) => {
    // The showcase (/explore, /firms) is public (docs/decisions/385); the rest keeps the spec's redirect.
    for (const path of ['/portfolio', '/workspace/project']) {
      await page.goto(path);
      await ready(page, js);
      await expect(page).toHaveURL(/\/$/);
      await expect(panel(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
    }
  });

  test('a logged-in user opening the home page lands on /explore', async ({ page, js }) => {
    await loginAs(page, DEMO.explorer);
    await page.goto('/?view=signup');
    await ready(page, js);
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.locator('#auth')).toHaveCount(0);
  });

  test('a logged-in user posting to the home action is sent to /explore', async ({ page }) => {
    await loginAs(page, DEMO.explorer);
    const response = await page.request.post('/?index', { form: { intent: 'login', email: DEMO.explorer, password: 'demo1234' }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/explore');
  });
});
