import { DEMO, expect, loginAs, ready, registerUser, test } from './fixtures';
import { firmDialog } from './firm-helpers';
import { SCREENSHOT_WIDTHS } from './screenshot-helpers';

/**
 * Screenshots for review (docs/screenshots/perf-js-*): the register-firm dialog loaded on demand
 * (decision 160) and the explore page reached by the no-JS "Load more" link by cursor (decision 161),
 * at 1280 and 375 px, with and without JavaScript. Only when asked:
 * SCREENSHOTS=1 E2E_PORT=3400 npx playwright test perf-js-screenshots
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
    await page.screenshot({ path: `docs/screenshots/perf-js-register-firm-${mode}-${size.name}.png` });
  }
  if (js) return;
  await page.context().clearCookies();
  await loginAs(page, DEMO.explorer);
  for (const size of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/explore');
    await page.getByTestId('load-more').click();
    await expect(page).toHaveURL(/after=/);
    await page.screenshot({ path: `docs/screenshots/perf-js-explore-load-more-${mode}-${size.name}.png` });
  }
});
