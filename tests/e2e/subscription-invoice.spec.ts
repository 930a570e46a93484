import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { billingProfileFields } from '../../server/seed/billing';
import { pdfText } from '../helpers/pdf';
import { SCREENSHOT_DIR } from './env';
import { apiCall, apiChange, DEMO, DEMO_PASSWORD, expect, loginAs, ready, test } from './fixtures';
import { adminLoginThroughForm } from './firm-helpers';
import { newFirm } from './workspace-helpers';

/**
 * The platform's subscription invoice (docs/decisions/287) in a browser, JavaScript on and off: the super-admin's billing profile form
 * refuses a wrong GSTIN on its field; a firm's Continue issues the platform's Tax Invoice (its PDF
 * with the UPI QR's link and both GSTINs); the super-admin marks the firm paid by UPI, and the firm
 * downloads the receipt.
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

async function pdfOf(page: Page, href: string) {
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return pdfText(await res.body()).replace(/\s+/g, ' ');
}

test('the platform bills a firm its subscription and gives the receipt', async ({ page, js }) => {
  test.setTimeout(90_000);
  await adminLoginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await open(page, js, '/admin/setting');
  await page.getByTestId('platform-billing-link').click();
  await expect(page.getByRole('heading', { name: 'Billing profile', level: 1 })).toBeVisible();
  await ready(page, js);
  const form = page.getByTestId('platform-billing-form');
  // The demo's profile is filled in; a GSTIN with a wrong check character is refused on its field.
  await expect(form.getByLabel('Legal name')).toHaveValue('Archivista Technologies Private Limited');
  await form.getByLabel('GSTIN').fill('29AAACR5055K1Z4');
  await page.getByTestId('save-platform-billing').click();
  await expect(form.locator('.field-errors').first()).toContainText('check');
  await expect(form.getByLabel('GSTIN')).toHaveValue('29AAACR5055K1Z4');
  // Typed in lower case, it is saved as the GST network writes it.
  await form.getByLabel('GSTIN').fill('29aaacr5055k1z3');
  await page.getByTestId('save-platform-billing').click();
  await expect(page.getByTestId('toast')).toContainText('The platform billing profile is saved');

  const firm = await newFirm();
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ legalName: `Subscriber ${firm.user.id.slice(-6)} LLP` }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  await loginAs(page, firm.email, firm.password);
  await open(page, js, '/workspace/pricing');
  await page.getByTestId('continue').click();
  await expect(page.getByTestId('toast')).toContainText(/invoice ARC\/\d{4}-\d{2}\/\d{4} is issued/);
  const card = page.getByTestId('plan-invoice');
  await expect(card).toContainText('₹3,540.00');
  await expect(page.getByTestId('plan-invoice-status')).toHaveText('Issued');
  // While it is owed, Continue gives way to the invoice.
  await expect(page.getByTestId('continue')).toHaveCount(0);
  const number = (await card.getByRole('heading').textContent())!.replace('Invoice ', '');
  const invoice = await pdfOf(page, (await page.getByTestId('plan-invoice-pdf').getAttribute('href'))!);
  for (const text of ['Tax Invoice', number, '29AAACR5055K1Z3', '27AAPFU0939F1ZV', 'Archivista Technologies Private Limited', '998315', 'Three Thousand Five Hundred Forty']) expect(invoice).toContain(text);
  expect(invoice).toMatch(/IGST/);

  await open(page, js, `/admin/workspace?search=${encodeURIComponent(firm.email)}`);
  const row = page.getByTestId('admin-firm-row').filter({ hasText: firm.email });
  await expect(row.getByTestId('admin-invoice-pdf')).toHaveText(number);
  await row.getByTestId('paid-method').selectOption({ label: 'UPI' });
  await row.getByTestId('paid-reference').fill('UTR 998877');
  await row.getByTestId('mark-paid').click();
  await expect(page.getByTestId('toast')).toContainText(`for invoice ${number} is recorded`);
  await expect(row.getByTestId('admin-receipt-pdf')).toBeVisible();

  await open(page, js, '/workspace/pricing');
  await expect(page.getByTestId('plan-invoice-status')).toHaveText('Paid');
  const receipt = await pdfOf(page, (await page.getByTestId('plan-receipt-pdf').getAttribute('href'))!);
  for (const text of ['Receipt', number, 'UTR 998877', '3,540.00']) expect(receipt).toContain(text);

  // Review screenshots (INVOICE_SCREENSHOTS=1): Pricing with the invoice, the admin's pages, at 1280 and 375 px.
  if (!js && process.env.INVOICE_SCREENSHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url] of [['subscription-pricing', '/workspace/pricing'], ['admin-billing-profile', '/admin/setting/billing'], ['admin-workspace-invoice', `/admin/workspace?search=${encodeURIComponent(firm.email)}`]]) {
        await page.goto(url);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
      }
    }
    const pdf = await page.request.get((await page.goto('/workspace/pricing'), await page.getByTestId('plan-invoice-pdf').getAttribute('href'))!);
    await fs.writeFile(`${SCREENSHOT_DIR}/subscription-invoice.pdf`, await pdf.body());
  }
});
