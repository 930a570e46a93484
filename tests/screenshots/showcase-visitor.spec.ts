import fs from 'node:fs/promises';
import path from 'node:path';
import { apiCall, test } from '../e2e/fixtures';
import { openForScreenshot, SCREENSHOT_WIDTHS } from './helpers';

/**
 * The signed-out showcase (docs/decisions/385-389) at 1280 and 375 px, JavaScript on and off: a
 * project page with its share links, the Contact popup asking to sign in, and the preview image a
 * messenger would show. Written to SCREENSHOT_DIR (default `screenshots/`).
 */
const OUT = path.resolve(process.env.SCREENSHOT_DIR ?? 'screenshots');

test('signed-out project page, contact popup and link preview', { tag: '@on-demand' }, async ({ page, js }) => {
  test.setTimeout(120_000);
  await fs.mkdir(OUT, { recursive: true });
  const { json } = await apiCall<{ projects: Array<{ id: string; images: unknown[] }> }>('GET', '/projects/explore?page=1&limit=20');
  const project = json.projects.find((p) => p.images.length > 0) ?? json.projects[0]!;
  const mode = js ? 'js' : 'no-js';
  for (const { name, width } of SCREENSHOT_WIDTHS) {
    await openForScreenshot(page, js, `/explore/${project.id}`, width);
    await page.screenshot({ path: path.join(OUT, `visitor-project-${name}-${mode}.png`), fullPage: true });
    await openForScreenshot(page, js, `/explore/${project.id}?dialog=contact`, width);
    await page.screenshot({ path: path.join(OUT, `visitor-contact-${name}-${mode}.png`) });
  }
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  if (image && js) {
    await page.setViewportSize({ width: 1200, height: 630 });
    await page.goto(image);
    await page.screenshot({ path: path.join(OUT, 'visitor-project-preview-1200x630.png') });
  }
});
