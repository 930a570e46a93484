import type { BrowserContext, Page } from '@playwright/test';
import { expect, ready } from './fixtures';

/** The sign-in panel's pieces and a session cookie's look-up, shared by the auth journeys. */

export const SEVEN_DAYS = 7 * 24 * 60 * 60;

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === '__session');
}

/** The panel of the home page, and its form of the view shown. */
export const panel = (page: Page) => page.locator('#auth');
export const submit = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });
export const password = (page: Page) => panel(page).getByLabel('Password', { exact: true });

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

export async function openView(page: Page, js: boolean, view: 'login' | 'signup' | 'forgot' | 'reset') {
  await page.goto(`/?view=${view}`);
  await ready(page, js);
}

/** Asserts a field shows an error message, linked to the control for assistive technology. */
export async function expectFieldError(page: Page, label: string, message: string) {
  const control = panel(page).getByLabel(label, { exact: true });
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const errorId = (await control.getAttribute('aria-describedby'))!.split(' ')[0]!;
  await expect(page.locator(`[id="${errorId}"]`)).toContainText(message);
}
