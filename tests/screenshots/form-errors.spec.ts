import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, loginAs, ready, registerUser, test } from '../e2e/fixtures';
import { firmDialog } from '../e2e/firm-helpers';
import { SCREENSHOT_DIR } from '../e2e/env';

/**
 * Review screenshots of every error of a submit at once and of a refused file (screenshots/form-errors-*; decisions 155, 156): the register-firm
 * and profile dialogs after a submit with every error, and a refused file. On demand (npm run screenshots).
 */
const OUT = SCREENSHOT_DIR;
const GIF = { name: 'avatar.gif', mimeType: 'image/gif', buffer: Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex') };

async function shot(page: Page, js: boolean, name: string, width: number) {
  await page.screenshot({ path: path.join(OUT, `form-errors-${name}-${js ? 'js' : 'nojs'}-${width}.png`) });
}

test('form errors: both dialogs with every error of a submit, and a refused photo, at 1280 and 375 px', { tag: '@on-demand' }, async ({ page, js }) => {
  test.setTimeout(120_000);
  await fs.mkdir(OUT, { recursive: true });
  const explorer = await registerUser();
  const firm = await registerUser({ role: 'architect' });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    await page.context().clearCookies();
    await loginAs(page, explorer.email, explorer.password);
    await page.goto('/explore?dialog=register-firm');
    await ready(page, js);
    await firmDialog(page).getByLabel('Firm name').fill('Clearwater Studio');
    await firmDialog(page).getByLabel('Country').selectOption('India');
    if (js) await firmDialog(page).getByLabel('State').isEnabled();
    await firmDialog(page).getByRole('button', { name: 'Register firm' }).click();
    await expect(firmDialog(page).getByText('Business email is required')).toBeVisible();
    await firmDialog(page).getByLabel('Contact number').scrollIntoViewIfNeeded();
    await shot(page, js, 'register', width);

    await page.context().clearCookies();
    await loginAs(page, firm.email, firm.password);
    await page.goto('/portfolio?dialog=profile');
    await ready(page, js);
    const dialog = page.getByTestId('profile-dialog');
    await page.getByTestId('photo-input').setInputFiles(GIF);
    if (!js) await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog.getByText('Only image allowed')).toBeVisible();
    await page.getByTestId('photo-input').scrollIntoViewIfNeeded();
    await shot(page, js, 'profile-photo', width);
  }
});
