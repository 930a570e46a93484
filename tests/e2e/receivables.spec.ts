import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { billingProfileFields } from '../../server/seed/billing';
import { isoDay } from '../../server/contract/dates';
import { quarterOf } from '../../server/money/tds';
import { SCREENSHOT_DIR } from './env';
import { apiCall, apiChange, expect, loginAs, ready, test } from './fixtures';
import { createProject, newFirm } from './workspace-helpers';

/**
 * The accountant's side in a browser, JavaScript on and off (docs/decisions/415–418): a payment
 * recorded with the TDS the client deducted settles the invoice; the Financial overview ages what is
 * owed and draws it (server-side SVG with tables beside); the TDS page records a certificate and
 * compares a Form 26AS download. Screenshots at 1280 and 375 px.
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

test('TDS on a payment settles the invoice; receivables aged and charted; a certificate recorded and Form 26AS compared', async ({ page, js }) => {
  test.setTimeout(150_000);
  const firm = await newFirm();
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ invoicePrefix: 'RCV' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  const project = await createProject(firm.token, { projectName: 'Bandra Clinic' });
  const client = await apiCall<{ data: { id: string } }>('POST', '/contacts', { name: 'Smile Dental', kind: 'client', email: 'accounts@smile.example', state: 'Maharashtra', address: 'Bandra, Mumbai' }, firm.token);
  expect(client.status).toBe(201);
  // Two fees of ₹1,00,000 + 18 % GST: one to be paid with TDS, one left owing.
  const ids: string[] = [];
  for (const description of ['Design fee: concept', 'Design fee: working drawings']) {
    const draft = await apiCall<{ data: { id: string; version: number } }>('POST', '/invoices', { contactId: client.json.data.id, projectId: project.id, lines: [{ description, quantity: 1, unitPrice: 1_00_000_00, rateBp: 1800 }] }, firm.token);
    expect((await apiCall('POST', `/invoices/${draft.json.data.id}/issue`, { version: draft.json.data.version }, firm.token)).status).toBe(200);
    ids.push(draft.json.data.id);
  }
  await loginAs(page, firm.email, firm.password);

  // The payment: ₹1,08,000 arrived and ₹10,000 TDS at 10 %; the invoice is Paid, no credit note.
  await open(page, js, `/workspace/invoices/${ids[0]}`);
  const form = page.getByTestId('payment-form');
  await form.getByLabel('Amount (₹)', { exact: true }).fill('1,08,000');
  await form.getByLabel('TDS deducted (₹)').fill('10,000');
  await form.getByLabel('TDS rate').selectOption('1000');
  await form.getByLabel("Client's TAN").fill('MUMS12345A');
  await page.getByTestId('record-payment').click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('payment-row')).toContainText('₹10,000.00');
  await expect(page.getByTestId('payment-row')).toContainText('MUMS12345A');

  // The overview: ₹1,18,000 owed, current; the charts are in the server's HTML with tables beside.
  await open(page, js, '/workspace/project/schedules/Financial');
  await expect(page.getByTestId('ageing-row')).toHaveCount(1);
  await expect(page.getByTestId('ageing-row')).toContainText('Smile Dental');
  await expect(page.getByTestId('ageing-total')).toContainText('₹1,18,000.00');
  await expect(page.getByTestId('chart-invoiced-received')).toBeVisible();
  await expect(page.getByTestId('chart-outstanding-age')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Outstanding by age' })).toBeVisible();
  const month = isoDay(new Date()).slice(0, 7);
  await expect(page.getByTestId('months-table').getByRole('row').last()).toContainText('₹2,36,000.00');
  await expect(page.getByTestId('months-table').getByRole('row').last()).toContainText('₹1,18,000.00');
  const csv = await page.request.get('/workspace/project/schedules/Financial/csv');
  expect(await csv.text()).toContain(`"${month}","236000.00","118000.00"`);
  if (!js) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/workspace/project/schedules/Financial');
      await page.getByTestId('receivables').screenshot({ path: `${SCREENSHOT_DIR}/receivables-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // The TDS page: deducted ₹10,000, none certified yet; a certificate for ₹10,000 leaves nothing missing.
  await open(page, js, '/workspace/invoices');
  await page.getByTestId('tds-link').click();
  await ready(page, js);
  await expect(page.getByRole('heading', { name: 'TDS', level: 1 })).toBeVisible();
  const row = page.getByTestId('tds-row');
  await expect(row).toContainText('Smile Dental');
  await expect(row).toContainText('None yet');
  const certificate = page.getByTestId('certificate-form');
  await certificate.getByLabel('Client', { exact: true }).selectOption({ label: 'Smile Dental' });
  await certificate.getByLabel('Quarter').selectOption(quarterOf(isoDay(new Date())).key);
  await certificate.getByLabel('Certificate number (Form 16A)').fill('QWERTY12');
  await certificate.getByLabel('Date on the certificate').fill(isoDay(new Date()));
  await certificate.getByLabel('TDS on the certificate (₹)').fill('10,000');
  await page.getByTestId('record-certificate').click();
  await expect(page.getByTestId('tds-row')).toContainText('QWERTY12');
  await expect(page.getByTestId('tds-row').getByRole('cell', { name: '₹0.00' })).toBeVisible();

  // Form 26AS pasted: deductors the firm has no payment from are listed.
  await page.getByTestId('statement-form').getByLabel('Form 26AS text or AIS CSV').fill(readFileSync(path.resolve('tests/fixtures/form-26as-sample.txt'), 'utf8'));
  await page.getByTestId('compare-26as').click();
  await expect(page.getByRole('columnheader', { name: 'In Form 26AS' })).toBeVisible();
  await expect(page.getByTestId('tds-unmatched')).toContainText('KAPOOR HOLDINGS (PNEK54321B)');
  if (!js) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/workspace/invoices/tds');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/tds-${width}.png`, fullPage: true });
    }
  }
});
