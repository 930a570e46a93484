import { expect, ready, test } from '../e2e/fixtures';
import { uniqueSuffix } from '../e2e/firm-helpers';
import { firmOnTrial, SCREENSHOT_WIDTHS as WIDTHS } from './helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * The Setting page with the iCal card and the firm's plan, at 1280 and 375 px (screenshots/).
 * Runs only when asked: npm run screenshots -- workspace-wiring
 */

test('Setting with the iCal card and the plan', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  await firmOnTrial(page, { firmName: 'Kiran Joshi Architects', email: `setting-${uniqueSuffix()}@example.test`, password: 'secret123' });
  for (const size of WIDTHS) {
    // A fresh page at each width (a resize would catch the drawer mid-slide); renewing shows the link.
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/workspace/setting');
    await ready(page, js);
    await page.getByTestId('renew-ical').click();
    await expect(page.getByTestId('ical-url')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/setting-wiring-${size.name}.png`, fullPage: true });
  }
});
