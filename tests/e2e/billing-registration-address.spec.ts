import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '../../server/contract/billing-rules';
import { users } from '../../server/db/schema';
import { billingProfileFields } from '../../server/seed/billing';
import { openE2EDatabase } from './database';
import { apiCall, apiChange, expect, loginAs, ready, test } from './fixtures';
import { newFirm } from './workspace-helpers';

/**
 * The firm's registration address offered for its billing profile (decision 384), JavaScript on
 * and off: "Use the registration address" puts it in the form, Save keeps it, and it is no longer
 * offered once the profile has it.
 */

test('the registration address is offered for the billing profile and saved from the form', async ({ page, js }) => {
  const firm = await newFirm();
  const database = await openE2EDatabase();
  try {
    await database.db.update(users).set({ address: '7 Carter Road, Bandra West\nMumbai 400050', country: 'India', state: 'Maharashtra' }).where(eq(users.id, firm.user.id));
  } finally {
    await database.close();
  }
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ invoicePrefix: 'REG', address: 'Old office, Pune' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/setting/billing');
  await ready(page, js);

  const offer = page.getByTestId('registration-address');
  await expect(offer).toContainText('7 Carter Road, Bandra West');
  await expect(page.getByTestId('billing-form').getByLabel('Address', { exact: true })).toHaveValue('Old office, Pune');
  await page.getByTestId('use-registration-address').click();
  await expect(page.getByTestId('registration-address').getByRole('status')).toBeVisible();
  await expect(page.getByTestId('billing-form').getByLabel('Address', { exact: true })).toHaveValue('7 Carter Road, Bandra West\nMumbai 400050');
  await ready(page, js);
  await page.getByTestId('save-billing').click();
  await expect(page.getByTestId('toast')).toContainText(BILLING_MESSAGES.saved);
  await expect(page.getByTestId('registration-address')).toHaveCount(0);
  const saved = await apiCall<{ data: { address: string; state: string } }>('GET', '/billing/profile', undefined, firm.token);
  expect(saved.json.data).toMatchObject({ address: expect.stringMatching(/^7 Carter Road, Bandra West\r?\nMumbai 400050$/), state: 'Maharashtra' });
});
