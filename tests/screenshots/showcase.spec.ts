import fs from 'node:fs/promises';
import path from 'node:path';
import { apiCall, DEMO, expect, loginAs, ready, test } from '../e2e/fixtures';

/** Screenshots of the showcase pages at desktop and phone widths, for a person to look at. */
const OUT = path.resolve('tests/.artifacts/screenshots');

test('screenshots of explore, a project, the portfolio and the firm directory at 1280 and 375 px', { tag: '@js-only' }, async ({ page, js }) => {
  // taken once, with JavaScript
  test.setTimeout(60_000);
  await fs.mkdir(OUT, { recursive: true });
  const { token } = await loginAs(page, DEMO.firm);
  const { json } = await apiCall<{ projects: Array<{ id: string; images: unknown[] }> }>('GET', '/projects/explore?page=1&limit=50', undefined, token);
  const project = json.projects.find((p) => p.images.length > 4) ?? json.projects[0]!;
  const pages = { explore: '/explore', project: `/explore/${project.id}`, portfolio: '/portfolio', firms: '/firms' };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    for (const [name, url] of Object.entries(pages)) {
      await page.goto(url);
      await ready(page, js);
      await page.waitForLoadState('networkidle');
      // Lazy images below the fold are loaded for the full-page picture.
      await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')));
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
    }
  }
  await expect(page.locator('main')).toBeVisible();
});
