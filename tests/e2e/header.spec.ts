import type { Page } from '@playwright/test';
import { FOOTER_ENV } from './env';
import { DEMO, expect, loginAs, ready, test } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const link = (page: Page, name: string) => nav(page).getByRole('link', { name, exact: true });
const button = (page: Page, name: string) => nav(page).getByRole('button', { name, exact: true });

test.describe('header', () => {
  test('a visitor sees Home, Explore, Firms, Log in and Sign up, and nothing of the signed-in side', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Archivista', exact: true })).toHaveAttribute('href', '/');
    await expect(link(page, 'Home')).toHaveAttribute('aria-current', 'page');
    await expect(link(page, 'Log in')).toHaveAttribute('href', '/?view=login#auth');
    await expect(link(page, 'Sign up')).toHaveAttribute('href', '/?view=signup#auth');
    // The showcase is public (docs/decisions/385).
    await expect(link(page, 'Explore')).toHaveAttribute('href', '/explore');
    await expect(link(page, 'Firms')).toHaveAttribute('href', '/firms');
    for (const name of ['Portfolio', 'Workspace', 'Pricing', 'Register Firm']) await expect(link(page, name)).toHaveCount(0);
    await expect(button(page, 'Logout')).toHaveCount(0);
  });

  test('an explorer sees Explore, Firms, Register Firm and Logout, but no Portfolio or Workspace', async ({ page, js }) => {
    await loginAs(page, DEMO.explorer);
    await page.goto('/explore');
    await ready(page, js);
    await expect(link(page, 'Explore')).toHaveAttribute('aria-current', 'page');
    await expect(link(page, 'Firms')).toHaveAttribute('href', '/firms');
    await expect(link(page, 'Register Firm')).toBeVisible();
    await expect(button(page, 'Logout')).toBeVisible();
    for (const name of ['Home', 'Portfolio', 'Workspace', 'Pricing', 'Log in', 'Sign up']) await expect(link(page, name)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Archivista', exact: true })).toHaveAttribute('href', '/explore');
  });

  for (const [label, email] of [
    ['an architecture firm', DEMO.firm],
    ['an interior firm', DEMO.interiorFirm],
  ] as const) {
    test(`${label} sees Explore, Firms, Portfolio and Workspace, but no Register Firm`, async ({ page, js }) => {
      await loginAs(page, email);
      await page.goto('/firms');
      await ready(page, js);
      await expect(link(page, 'Explore')).toHaveAttribute('href', '/explore');
      await expect(link(page, 'Firms')).toHaveAttribute('aria-current', 'page');
      await expect(link(page, 'Portfolio')).toHaveAttribute('href', '/portfolio');
      await expect(link(page, 'Workspace')).toHaveAttribute('href', '/workspace/project');
      await expect(button(page, 'Logout')).toBeVisible();
      for (const name of ['Home', 'Register Firm', 'Pricing', 'Log in', 'Sign up']) await expect(link(page, name)).toHaveCount(0);
    });
  }

  test('an employee sees Workspace but no Portfolio; the portfolio pages send it to its workspace', async ({ page, js }) => {
    // The demo firm's employee: the portfolio is the firm account's own (the api refuses employees, decision 211).
    await loginAs(page, 'priya@studio.demo.test');
    await page.goto('/explore');
    await ready(page, js);
    await expect(link(page, 'Workspace')).toHaveAttribute('href', '/workspace/project');
    for (const name of ['Portfolio', 'Register Firm', 'Pricing']) await expect(link(page, name)).toHaveCount(0);
    for (const path of ['/portfolio', '/portfolio/add-project']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect(page).toHaveURL(/\/workspace\/project$/);
    }
  });

  test('the header links lead to their pages', async ({ page, js }) => {
    await loginAs(page, DEMO.firm);
    await page.goto('/explore');
    await ready(page, js);
    await link(page, 'Workspace').click();
    await expect(page).toHaveURL(/\/workspace\/project$/);
    await expect(link(page, 'Workspace')).toHaveAttribute('aria-current', 'page');
    await link(page, 'Portfolio').click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await link(page, 'Firms').click();
    await expect(page).toHaveURL(/\/firms$/);
  });
});

test.describe('footer', () => {
  test('the home page has no footer', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('every other page has the footer with Powered By, the year and five social links', async ({ page, js }) => {
    // A visitor's pages beside / (the showcase; the admin area has a layout of its own) and a page not found.
    await page.goto('/no-such-page');
    await ready(page, js);
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await loginAs(page, DEMO.firm);
    for (const path of ['/explore', '/firms', '/portfolio', '/workspace/project']) {
      await page.goto(path);
      await ready(page, js);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Powered By');
      await expect(footer).toContainText('2024');
      await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(5);
    }
    // The five links lead to the operator's pages (FOOTER_*_URL, decision 212), in a new tab.
    const social = page.getByRole('contentinfo').getByRole('list', { name: 'Social media' });
    for (const [network, href] of [
      ['Facebook', FOOTER_ENV.FOOTER_FACEBOOK_URL],
      ['Instagram', FOOTER_ENV.FOOTER_INSTAGRAM_URL],
      ['X', FOOTER_ENV.FOOTER_X_URL],
      ['LinkedIn', FOOTER_ENV.FOOTER_LINKEDIN_URL],
      ['YouTube', FOOTER_ENV.FOOTER_YOUTUBE_URL],
    ]) {
      const link = social.getByRole('link', { name: network, exact: true });
      await expect(link).toHaveAttribute('href', href!);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu button opens and closes the menu (a checkbox, so also without JavaScript)', async ({ page, js }) => {
    await page.goto('/');
    await ready(page, js);
    const toggle = page.locator('label[for="nav-toggle"]');
    await expect(toggle).toBeVisible();
    await expect(nav(page)).toBeHidden();
    await toggle.click();
    await expect(nav(page)).toBeVisible();
    await expect(link(page, 'Home')).toBeVisible();
    await expect(link(page, 'Log in')).toBeVisible();
    await toggle.click();
    await expect(nav(page)).toBeHidden();

    await toggle.click();
    await link(page, 'Sign up').click();
    await expect(page).toHaveURL(/view=signup/);
    await expect(page.locator('#auth').getByRole('heading', { name: 'Sign up' })).toBeVisible();
    // After following a link the menu is closed again.
    await expect(nav(page)).toBeHidden();
  });

  test('a signed-in firm finds its links and Logout in the menu', async ({ page, js }) => {
    await loginAs(page, DEMO.firm);
    await page.goto('/explore');
    await ready(page, js);
    await page.locator('label[for="nav-toggle"]').click();
    for (const name of ['Explore', 'Firms', 'Portfolio', 'Workspace']) await expect(link(page, name)).toBeVisible();
    await button(page, 'Logout').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#auth').getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('nothing is wider than the screen on the home page', async ({ page, js }) => {
    for (const view of ['login', 'signup', 'forgot', 'reset']) {
      await page.goto(`/?view=${view}`);
      await ready(page, js);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, view).toBeLessThanOrEqual(375);
    }
  });
});
