import type { Page } from '@playwright/test';
import { expect, ready, registerUser, test } from './fixtures';
import { openView, panel, submit, password } from './auth-helpers';

/**
 * Sign out everywhere (decision 332): the person signs in on two devices through the login form,
 * sees both in Setting with their device and this one marked, signs the other out from the first,
 * and the other is signed out at its next page; then every other device at once. JavaScript on and
 * off: the card's buttons are plain forms.
 */

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signIn(page: Page, js: boolean, email: string, pw: string) {
  await openView(page, js, 'login');
  await panel(page).getByLabel('Email', { exact: true }).fill(email);
  await password(page).fill(pw);
  await submit(page, 'Log in').click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

test('sign out another device from Setting: it is signed out at its next page', async ({ page, browser, js }) => {
  const { email, password: pw } = await registerUser({ role: 'explorer' });
  const phoneContext = await browser.newContext({ javaScriptEnabled: js, userAgent: PHONE_UA });
  try {
    const phone = await phoneContext.newPage();
    await signIn(page, js, email, pw);
    await signIn(phone, js, email, pw);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Setting' }).click();
    await expect(page).toHaveURL(/\/setting$/);
    await ready(page, js);
    const card = page.getByTestId('sessions-card');
    // This browser, the phone, and the sign-up the api made for the registration (a program).
    await expect(card.getByTestId('session-row')).toHaveCount(3);
    const here = card.locator('[data-testid="session-row"][data-current="true"]');
    await expect(here).toContainText('This device');
    await expect(here).toContainText('Chrome on Linux');
    await expect(here.getByRole('button')).toHaveCount(0);
    const phoneRow = card.getByTestId('session-row').filter({ hasText: 'Safari on iPhone' });
    await expect(phoneRow).toContainText('Last used');
    await expect(phoneRow).toContainText('127.0.0.1');

    await phoneRow.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
    await expect(page.getByTestId('toast')).toContainText('That device is signed out');
    await expect(card.getByTestId('session-row').filter({ hasText: 'Safari on iPhone' })).toHaveCount(0);
    await expect(card.getByTestId('session-row')).toHaveCount(2);

    // The phone's next page: its session is gone, so it is a visitor again.
    await phone.goto('/explore');
    await expect(phone).toHaveURL(/\/$/);
    await expect(panel(phone).getByRole('heading', { name: 'Log in' })).toBeVisible();

    // Every other device at once; this one stays signed in.
    await card.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByTestId('toast')).toContainText('One other device is signed out');
    await expect(card.getByTestId('session-row')).toHaveCount(1);
    await expect(card.getByTestId('no-other-sessions')).toBeVisible();
    await page.goto('/explore');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  } finally {
    await phoneContext.close();
  }
});

test('a firm finds its signed-in devices in the workspace’s Setting, and an explorer’s Setting sends a firm there', async ({ page, js }) => {
  const { email, password: pw } = await registerUser({ role: 'architect' });
  await signIn(page, js, email, pw);
  await page.goto('/setting');
  await expect(page).toHaveURL(/\/workspace\/setting$/);
  await ready(page, js);
  const card = page.getByTestId('sessions-card');
  await expect(card.locator('[data-testid="session-row"][data-current="true"]')).toContainText('This device');
  await card.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(page.getByTestId('toast')).toContainText('One other device is signed out');
  await expect(card.getByTestId('no-other-sessions')).toBeVisible();
});
