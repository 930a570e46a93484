import { DEMO, expect, loginAs, ready, registerUser, test } from '../e2e/fixtures';
import { firmDialog } from '../e2e/firm-helpers';
import { SCREENSHOT_WIDTHS } from './helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots for review (screenshots/perf-js-*): the register-firm dialog loaded on demand
 * (decision 160) and the explore page reached by the no-JS "Load more" link by cursor (decision 161),
 * at 1280 and 375 px, with and without JavaScript. Only when asked:
 * npm run screenshots -- perf-js
 */
test('the lazily loaded register-firm dialog and explore page 2 by cursor', { tag: '@on-demand' }, async ({ page, js }) => {
  const mode = js ? 'js' : 'no-js';
  const account = await registerUser();
  await loginAs(page, account.email, account.password);
  for (const size of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/explore?dialog=register-firm');
    await ready(page, js);
    await expect(firmDialog(page)).toBeVisible();
    await expect(page.locator('#register-firm-form')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/perf-js-register-firm-${mode}-${size.name}.png` });
  }
  if (js) return;
  await page.context().clearCookies();
  await loginAs(page, DEMO.explorer);
  for (const size of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/explore');
    await page.getByTestId('load-more').click();
    await expect(page).toHaveURL(/after=/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/perf-js-explore-load-more-${mode}-${size.name}.png` });
  }
});
