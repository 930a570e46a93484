import fs from 'node:fs/promises';
import path from 'node:path';
import { apiCall, DEMO, expect, loginAs, loginAsAdmin, ready, test } from '../e2e/fixtures';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Review screenshots of the pages the showcase fixes touched (screenshots/showcase-fixes-*; decisions 140–146), taken
 * before and after the fixes: SHOT_PHASE=before|after names the set. On demand (npm run screenshots).
 */
const OUT = SCREENSHOT_DIR;
const phase = process.env.SHOT_PHASE ?? 'after';

async function shoot(page: import('@playwright/test').Page, js: boolean, name: string, url: string, width: number) {
  await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
  await page.goto(url);
  await ready(page, js);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `showcase-fixes-${name}-${phase}-${width}.png`), fullPage: width === 1280 });
}

test('showcase fixes: paging, contact, profile, project forms, admin list and carousel at 1280 and 375 px', { tag: ['@no-js-only', '@on-demand'] }, async ({ page, js }) => {
  test.setTimeout(120_000);
  await fs.mkdir(OUT, { recursive: true });
  const { token, user } = await loginAs(page, DEMO.firm);
  const { json } = await apiCall<{ projects: Array<{ id: string }> }>('GET', '/projects/portfolio', undefined, token);
  const own = json.projects[0]!.id;
  const pages: Record<string, string> = {
    'explore-page2': '/explore?page=2&limit=4',
    'explore-past-end': '/explore?page=40',
    firms: '/firms?limit=1&page=2',
    contact: `/firms/${user.id}?dialog=contact`,
    profile: '/portfolio?dialog=profile',
    'add-project': '/portfolio/add-project',
    'edit-project': `/portfolio/edit-project/${own}`,
    carousel: `/explore/${own}?dialog=carousel&image=0`,
  };
  for (const width of [1280, 375]) {
    for (const [name, url] of Object.entries(pages)) await shoot(page, js, name, url, width);
  }
  await loginAsAdmin(page);
  for (const width of [1280, 375]) await shoot(page, js, 'admin-list', '/admin/dashboard?limit=2&page=2', width);
  await expect(page.locator('main')).toBeVisible();
});
