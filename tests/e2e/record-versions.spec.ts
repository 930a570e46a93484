import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { BILLING_MESSAGES } from '../../server/contract/billing';
import { billingProfileFields } from '../../server/seed/billing';
import { apiCall, apiChange, expect, loginAs, ready, test } from './fixtures';
import { createEmployeeAccount, newFirm } from './workspace-helpers';

/**
 * No edit silently overwrites another (docs/decisions/320), JavaScript on and off: the firm and its
 * sub-admin open the same record at once; the sub-admin saves first; the firm's save from the page
 * it opened before is refused with who changed it and when, keeps what the firm typed, and shows the
 * current values; saving again, having seen them, saves the firm's.
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

/**
 * The page in its conflict state passes the audit of every page (tests/e2e/accessibility.spec.ts):
 * no serious or critical violation, no id twice. Audited where scripts run (axe is one); the page
 * without JavaScript is the same server-drawn markup.
 */
async function expectAccessible(page: Page, js: boolean) {
  if (!js) return;
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
}

const STALE = /^Priya Shah changed this at \d{1,2}:\d\d [AP]M — your changes are kept below; the current values are shown\.$/;

/** A new firm and its sub-admin Priya Shah, each signed in in their own browser. */
async function firmAndSubAdmin(page: Page, browser: Browser, js: boolean) {
  const firm = await newFirm();
  const password = 'secret123';
  const subAdmin = await createEmployeeAccount(firm.user.id, { userName: 'Priya Shah', password, isSubAdmin: true });
  const other = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
  await loginAs(page, firm.email, firm.password);
  await loginAs(other, subAdmin.email, password);
  return { firm, other };
}

test('two people save the billing profile from pages opened at once: the second keeps the UPI ID typed and is told who changed it', async ({ page, browser, js }) => {
  test.setTimeout(60_000);
  const { firm, other } = await firmAndSubAdmin(page, browser, js);
  const readProfile = async () => (await apiCall<{ data: { version: number; upiId: string } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data;
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ upiId: 'studio@okhdfc' }), firm.token, readProfile)).status).toBe(200);
  await open(page, js, '/workspace/setting/billing');
  await open(other, js, '/workspace/setting/billing');

  await other.getByTestId('billing-form').getByLabel('UPI ID').fill('priya@okicici');
  await other.getByTestId('save-billing').click();
  await expect(other.getByTestId('toast')).toContainText(BILLING_MESSAGES.saved);

  const form = page.getByTestId('billing-form');
  await form.getByLabel('UPI ID').fill('accounts@okaxis');
  await page.getByTestId('save-billing').click();
  await expect(form.locator('.form-errors')).toHaveText(STALE);
  await expect(form.getByLabel('UPI ID')).toHaveValue('accounts@okaxis');
  await expect(form.getByTestId('stale-values')).toContainText('priya@okicici');
  await expectAccessible(page, js);
  expect((await readProfile())?.upiId).toBe('priya@okicici');

  // Having seen theirs, the firm saves its own.
  await page.getByTestId('save-billing').click();
  await expect(page.getByTestId('toast')).toContainText(BILLING_MESSAGES.saved);
  expect((await readProfile())?.upiId).toBe('accounts@okaxis');
  await other.context().close();
});

test('two people edit one contact from pages opened at once: the second keeps the phone typed and sees the current one', async ({ page, browser, js }) => {
  test.setTimeout(60_000);
  const { firm, other } = await firmAndSubAdmin(page, browser, js);
  const created = await apiCall<{ data: { id: string } }>('POST', '/contacts', { name: 'Kavya Rao', kind: 'client', phone: '020 1111 1111' }, firm.token);
  expect(created.status).toBe(201);
  for (const p of [page, other]) {
    await open(p, js, '/workspace/address-book');
    await p.getByRole('link', { name: 'Edit Kavya Rao' }).click();
    await expect(p.getByTestId('contact-form').getByLabel('Phone')).toHaveValue('020 1111 1111');
  }

  await other.getByTestId('contact-form').getByLabel('Phone').fill('020 2222 2222');
  await other.getByTestId('save-contact').click();
  await expect(other.getByTestId('toast')).toContainText('Contact updated');

  const form = page.getByTestId('contact-form');
  await form.getByLabel('Phone').fill('020 3333 3333');
  await page.getByTestId('save-contact').click();
  await expect(form.locator('.form-errors')).toHaveText(STALE);
  await expect(form.getByLabel('Phone')).toHaveValue('020 3333 3333');
  await expect(form.getByTestId('stale-values')).toContainText('020 2222 2222');
  await expectAccessible(page, js);
  const read = async () => (await apiCall<{ data: { phone: string } }>('GET', `/contacts/${created.json.data.id}`, undefined, firm.token)).json.data.phone;
  expect(await read()).toBe('020 2222 2222');

  await page.getByTestId('save-contact').click();
  await expect(page.getByTestId('toast')).toContainText('Contact updated');
  expect(await read()).toBe('020 3333 3333');
  await other.context().close();
});
