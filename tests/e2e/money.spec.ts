import type { Page } from '@playwright/test';
import { BILLING_MESSAGES } from '../../server/contract/billing';
import { CONTACT_MESSAGES } from '../../server/contract/address-book-rules';
import { GSTIN_MESSAGES, gstinCheckCharacter } from '../../server/contract/gstin-rules';
import { SCREENSHOT_DIR } from './env';
import { apiCall, DEMO, expect, loginAs, ready, test } from './fixtures';
import { memberEmployee } from './schedule-helpers';
import { firmWithSummary } from './summary-output-helpers';
import { newFirm } from './workspace-helpers';

/**
 * The money module's first pages in a browser, with JavaScript on and off (decisions 255–258): the firm's
 * billing profile in Setting (a GSTIN with a wrong check character refused on its field), who sees
 * margins on a schedule's financial tab, and an Address Book contact marked Client with its state
 * and GSTIN, found by the kind filter.
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

/** A GSTIN of the test PAN registered in the state of `stateCode`, with its right check character. */
const gstinOf = (stateCode: string) => {
  const first14 = `${stateCode}AAPFU0939F1Z`;
  return first14 + gstinCheckCharacter(first14);
};

test('the firm fills its billing profile: a wrong GSTIN check character is refused on its field, a right one saves', async ({ page, js }) => {
  test.setTimeout(60_000);
  const firm = await newFirm();
  await loginAs(page, firm.email, firm.password);
  await open(page, js, '/workspace/setting');
  await page.getByTestId('billing-profile-link').click();
  await expect(page.getByRole('heading', { name: 'Billing profile', level: 1 })).toBeVisible();
  await ready(page, js);

  const form = page.getByTestId('billing-form');
  const good = gstinOf('27');
  const typo = good.slice(0, 14) + (good.endsWith('A') ? 'B' : 'A');
  await form.getByLabel('Legal name').fill('Mehta Studio Architects LLP');
  await form.getByLabel('Address').fill('4th floor, 12 Senapati Bapat Road, Pune 411016');
  await form.getByLabel('State (place of supply)').selectOption('Maharashtra');
  await form.getByLabel('GSTIN').fill(typo.toLowerCase());
  await form.getByLabel('PAN', { exact: true }).fill('AAPFU0939F');
  await form.getByLabel('Account name').fill('Mehta Studio Architects LLP');
  await form.getByLabel('Account number').fill('50100123456789');
  await form.getByLabel('IFSC').fill('HDFC0001234');
  await form.getByLabel('UPI ID').fill('mehtastudio@hdfcbank');
  await form.getByLabel('Invoice number prefix').fill('msa');
  await form.getByLabel('Products: GST rate').selectOption({ label: '18 %' });
  await form.getByLabel('Financial items (fees, services): HSN/SAC code').fill('998311');
  await page.getByTestId('save-billing').click();

  const gstin = page.getByTestId('billing-form').getByLabel('GSTIN');
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('billing-form').locator('.field-errors')).toHaveText(GSTIN_MESSAGES.checkDigit);
  // What was typed stays, to correct.
  await expect(page.getByTestId('billing-form').getByLabel('Legal name')).toHaveValue('Mehta Studio Architects LLP');
  await expect(page.getByTestId('billing-form').getByLabel('UPI ID')).toHaveValue('mehtastudio@hdfcbank');
  expect((await apiCall('GET', '/billing/profile', undefined, firm.token)).json).toMatchObject({ data: null });

  await gstin.fill(good);
  await page.getByTestId('save-billing').click();
  await expect(page.getByTestId('toast')).toContainText(BILLING_MESSAGES.saved);
  await expect(page).toHaveURL(/\/workspace\/setting\/billing$/);

  // Shown again as saved, normalised (upper case) and in the api.
  await open(page, js, '/workspace/setting/billing');
  const saved = page.getByTestId('billing-form');
  await expect(saved.getByLabel('GSTIN')).toHaveValue(good);
  await expect(saved.getByLabel('Invoice number prefix')).toHaveValue('MSA');
  await expect(saved.getByLabel('State (place of supply)')).toHaveValue('Maharashtra');
  await expect(saved.getByLabel('Products: GST rate')).toHaveValue('1800');
  await expect(saved.getByLabel('Financial items (fees, services): HSN/SAC code')).toHaveValue('998311');
  await expect(saved.locator('.field-errors')).toHaveCount(0);
  const profile = await apiCall<{ data: { gstin: string; upiId: string; invoicePrefix: string } }>('GET', '/billing/profile', undefined, firm.token);
  expect(profile.json.data).toMatchObject({ gstin: good, upiId: 'mehtastudio@hdfcbank', invoicePrefix: 'MSA' });
});

test('an employee without "Can see financials" sees client prices but no margins and no Export PDF; the firm sees them', async ({ page, js }) => {
  test.setTimeout(90_000);
  const { firm, project, schedule } = await firmWithSummary();
  const employee = await memberEmployee(firm, project.id);
  const financialTab = `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}&tab=financial`;
  const sections = page.getByTestId('sections');

  await loginAs(page, employee.email, employee.password);
  await open(page, js, financialTab);
  // Cane armchair: 2 × ₹45,000 less 10 % is ₹81,000 to the client.
  await expect(sections).toContainText('Client Price ₹81,000.00');
  for (const margin of ['Trade cost', 'Net Profit', 'Markup', '₹60,000.00']) await expect(sections).not.toContainText(margin);
  await expect(page.getByTestId('export-pdf')).toHaveCount(0);
  // Nor by its address: no financial PDF for them.
  const pdf = await page.request.get(`/workspace/project/schedules/summary-financial/${project.id}/pdf?schedule=${schedule.id}&tab=financial`, { maxRedirects: 0 });
  expect(pdf.headers()['content-type'] ?? '').not.toContain('application/pdf');
  // Editing all figures offers no trade price either.
  await page.getByTestId('edit-all').click();
  await expect(page.getByTestId('cancel-edit')).toBeVisible();
  await expect(page.getByLabel(/Trade Price/)).toHaveCount(0);
  await expect(sections).not.toContainText('Trade cost');
  // The Project Library neither shows a product's trade price nor asks for one.
  expect((await apiCall('POST', '/projects/library', { title: 'Brass lamp', retailPrice: 9_000_00, tradePrice: 6_000_00 }, firm.token)).status).toBe(201);
  await open(page, js, '/workspace/project-library?panel=new');
  await expect(page.getByText('Brass lamp')).toBeVisible();
  await expect(page.getByTestId('product-panel').getByLabel('Retail Price (₹)')).toBeVisible();
  await expect(page.getByLabel(/Trade Price/)).toHaveCount(0);
  await expect(page.locator('.so-product-prices')).not.toContainText('Trade');

  await loginAs(page, firm.email, firm.password);
  await open(page, js, financialTab);
  await expect(sections).toContainText('Client Price ₹81,000.00');
  // Trade cost 2 × ₹30,000; net profit ₹21,000.
  for (const margin of ['Trade cost ₹60,000.00', 'Net Profit ₹21,000.00', 'Markup']) await expect(sections).toContainText(margin);
  await expect(page.getByTestId('export-pdf')).toBeVisible();
  await open(page, js, '/workspace/project-library');
  await expect(page.locator('.so-product-prices')).toContainText('Trade₹6,000.00');
});

test('an Address Book contact marked Client, with state and GSTIN, is saved and found by the Client filter', async ({ page, js }) => {
  test.setTimeout(60_000);
  const firm = await newFirm();
  // A supplier the Client filter leaves out.
  const supplier = await apiCall('POST', '/contacts', { name: 'Sharma Timber', kind: 'supplier', email: 'sales@sharmatimber.example' }, firm.token);
  expect(supplier.status).toBe(201);
  await loginAs(page, firm.email, firm.password);

  await open(page, js, '/workspace/address-book');
  await page.getByTestId('add-contact').first().click();
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Anaya Iyer');
  // A consultant the firm also invoices: the mark, not the kind, makes it a client (decision 257).
  await form.getByLabel('Kind').selectOption('consultant');
  await form.getByLabel('Company').fill('Iyer Hospitality Pvt Ltd');
  await form.getByLabel('Email').fill('anaya@iyer.example');
  await form.getByRole('checkbox', { name: /^Client/ }).check();
  await form.getByLabel('Billing address').fill('22 Residency Road, Bengaluru 560025');
  await form.getByLabel('State').selectOption('Karnataka');
  // A Maharashtra GSTIN for a Karnataka client is refused on its field.
  await form.getByLabel('GSTIN').fill(gstinOf('27'));
  await page.getByTestId('save-contact').click();
  await expect(page.getByTestId('contact-form').locator('.field-errors')).toHaveText(GSTIN_MESSAGES.wrongState('Karnataka'));
  await page.getByTestId('contact-form').getByLabel('GSTIN').fill(gstinOf('29'));
  await page.getByTestId('save-contact').click();
  await expect(page.getByTestId('contact-row').filter({ hasText: 'Anaya Iyer' })).toContainText('anaya@iyer.example');

  // Filtered by kind: Client lists it and not the supplier; Supplier the other way round.
  await page.locator('#contact-kind').selectOption('client');
  await page.getByTestId('contact-search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/kind=client/);
  await expect(page.getByTestId('contact-row')).toHaveCount(1);
  await expect(page.getByTestId('contact-row')).toContainText('Anaya Iyer');
  await open(page, js, '/workspace/address-book?kind=supplier');
  await expect(page.getByTestId('contact-row')).toHaveCount(1);
  await expect(page.getByTestId('contact-row')).toContainText('Sharma Timber');
  await open(page, js, '/workspace/address-book?kind=other');
  await expect(page.getByText(CONTACT_MESSAGES.noMatch)).toBeVisible();

  // Its billing details, as saved, in its Edit panel.
  await open(page, js, '/workspace/address-book?kind=client');
  await page.getByRole('link', { name: 'Edit Anaya Iyer' }).click();
  const edit = page.getByTestId('contact-form');
  await expect(edit.getByRole('checkbox', { name: /^Client/ })).toBeChecked();
  await expect(edit.getByLabel('State')).toHaveValue('Karnataka');
  await expect(edit.getByLabel('GSTIN')).toHaveValue(gstinOf('29'));
  await expect(edit.getByLabel('Billing address')).toHaveValue('22 Residency Road, Bengaluru 560025');
});

test('screenshots of the billing profile', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  await loginAs(page, DEMO.firm);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await open(page, js, '/workspace/setting/billing');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/billing-profile-${width}.png`, fullPage: true });
  }
});
