import { DEMO, DEMO_PASSWORD, expect, loginAs, ready, registerUser, test } from '../e2e/fixtures';
import { adminLoginThroughForm, firmDialog, firmInput, pendingFirmThroughApi, uniqueSuffix } from '../e2e/firm-helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Screenshots of the register-firm dialog and the admin dashboard at 1280 and 375 px, for review
 * (screenshots/). Runs only when asked: npm run screenshots -- firm
 */
const WIDTHS = [
  { name: '1280', width: 1280, height: 860 },
  { name: '375', width: 375, height: 812 },
];

test('register-firm dialog and admin dashboard', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  // Taken once, with JavaScript, and only when asked (npm run screenshots): see playwright.config.ts.
  // A few registrations so the table has rows.
  for (const [name, city, state] of [
    ['Kiran Joshi Architects', 'Pune', 'Maharashtra'],
    ['Studio Ananta', 'Bengaluru', 'Karnataka'],
    ['Mistry & Rao Interiors', 'Calangute', 'Goa'],
  ] as const) {
    await pendingFirmThroughApi(firmInput(`${name}`, { city, state, contactNo: '98' + String(Date.now()).slice(-8) }));
  }
  const account = await registerUser();
  await loginAs(page, account.email, account.password);

  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/explore?dialog=register-firm');
    await ready(page, js);
    await expect(firmDialog(page)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/register-firm-dialog-${size.name}.png` });
    // With errors, after an empty submission.
    await firmDialog(page).getByRole('button', { name: 'Register firm' }).click();
    await expect(firmDialog(page).getByText('Firm name is required')).toBeVisible();
    await firmDialog(page).getByLabel('Firm name').fill(`Sample Studio ${uniqueSuffix()}`);
    await page.waitForTimeout(2600); // the error toast leaves
    await page.screenshot({ path: `${SCREENSHOT_DIR}/register-firm-dialog-errors-${size.name}.png`, fullPage: false });
  }

  await page.setViewportSize({ width: 1280, height: 860 });
  await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/admin/dashboard');
    await ready(page, js);
    await page.waitForTimeout(2600);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-dashboard-${size.name}.png`, fullPage: true });
  }
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/admin/login');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-login-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-login-375.png` });
});
