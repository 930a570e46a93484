import type { Page } from '@playwright/test';
import { openE2EDatabase } from '../e2e/database';
import { createFirm } from '../../server/seed/factories';
import { apiCall, expect, loginAs, ready } from '../e2e/fixtures';

/**
 * What the on-demand screenshot specs (tests/screenshots/, `npm run screenshots`) share: the two widths
 * they shoot at, opening a page with every picture loaded, and a fresh firm on a free trial.
 */

/** The desktop and the phone widths of the screenshots (`name` goes in the file name). */
export const SCREENSHOT_WIDTHS = [
  { name: '1280', width: 1280, height: 860 },
  { name: '375', width: 375, height: 812 },
] as const;

/** Opens `url` at `width` and waits until every picture of the page is loaded, those below the fold too. */
export async function openForScreenshot(page: Page, js: boolean, url: string, width: number) {
  await page.setViewportSize({ width, height: width === 1280 ? 860 : 812 });
  await page.goto(url);
  await ready(page, js);
  await page.locator('img[loading="lazy"]').evaluateAll((imgs) => imgs.forEach((img) => ((img as HTMLImageElement).loading = 'eager')));
  await expect
    .poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

type Database = Awaited<ReturnType<typeof openE2EDatabase>>;
type FirmFields = Parameters<typeof createFirm>[1] & { email: string; password: string };

/**
 * A new firm written straight into the e2e database (with `extra` data made in the same
 * connection), signed in on `page`, its free trial started: the workspace pages open for it.
 */
export async function firmOnTrial(page: Page, fields: FirmFields, extra?: (db: Database['db'], firm: Awaited<ReturnType<typeof createFirm>>) => Promise<void>) {
  const database = await openE2EDatabase();
  let firm;
  try {
    firm = await createFirm(database.db, fields);
    await extra?.(database.db, firm);
  } finally {
    await database.close();
  }
  const { token } = await loginAs(page, fields.email, fields.password);
  await apiCall('POST', '/workspace/plan/trial', undefined, token);
  return { firm, token };
}
