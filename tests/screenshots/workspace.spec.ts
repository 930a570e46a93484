import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, ready, test } from '../e2e/fixtures';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of the workspace shell for review (screenshots/): the project page and a 404
 * inside the shell at 1280 and 375 px, the phone's drawer closed and open; the drawer also without
 * JavaScript. Runs only when asked: npm run screenshots -- workspace
 */
const NOT_FOUND = '/workspace/project/files/0123456789abcdef01234567';

async function open(page: Page, js: boolean, url: string, width: number) {
  await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
  await page.goto(url);
  await ready(page, js);
}

async function openDrawer(page: Page) {
  await page.getByTestId('workspace-menu-button').click();
  await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeVisible();
  await page.waitForTimeout(300); // the slide
}

test('workspace shell', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-shell-${name}.png`, fullPage: true });
  await loginAs(page, DEMO.firm);
  for (const width of [1280, 375]) {
    await open(page, js, '/workspace/project', width);
    await shot(`projects-${width}`);
    await open(page, js, NOT_FOUND, width);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await shot(`not-found-${width}`);
  }
  await open(page, js, '/workspace/project', 375);
  await openDrawer(page);
  await shot('drawer-375');
});

test('workspace drawer without JavaScript', { tag: ['@no-js-only', '@on-demand'] }, async ({ page, js }) => {
  await loginAs(page, DEMO.firm);
  await open(page, js, '/workspace/project', 375);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-shell-projects-375-nojs.png` });
  await openDrawer(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/workspace-shell-drawer-375-nojs.png` });
});
