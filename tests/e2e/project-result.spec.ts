import type { Page } from '@playwright/test';
import { parseRupees, formatPaise } from '../../server/contract/money-text';
import { SCREENSHOT_DIR } from './env';
import { DEMO, expect, loginAs, ready, test } from './fixtures';

/**
 * What a project really made (docs/decisions/378, 379), JavaScript on and off, on the demo's own
 * data (server/seed/fees.ts): the architecture firm's Koregaon Park Residence on the COA scale for
 * an individual house, 7.5 % of a rough ₹1,20,00,000 = ₹9,00,000 agreed; its retainer and concept
 * billed (₹45,000 each); Priya Nair's approved week of 7:00 + 6:30 + 7:30 + 6:00 + 6:45 = 33:45 on
 * the concept at ₹800 an hour = 2025 × ₹800 ÷ 60 = ₹27,000; no expenses. The project also carries
 * the demo's other invoice (server/seed/invoices.ts), so billed and received are those of the
 * Financial overview's own row, and the result is billed − ₹27,000.
 */

const PROJECT = 'Koregaon Park Residence';
const rupees = (text: string) => parseRupees(text.replace(/[₹\s]/g, '').replace('−', '-'))!;

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

test('the firm sees what its project made, matching the hand computation; a plain employee does not', async ({ page, js }) => {
  test.setTimeout(120_000);
  await loginAs(page, DEMO.firm);
  await open(page, js, '/workspace/project/schedules/Financial');
  const moneyRow = page.getByTestId('financial-money-row').filter({ hasText: PROJECT });
  const invoiced = rupees((await moneyRow.getByRole('cell').nth(2).innerText()).trim());
  const received = rupees((await moneyRow.getByRole('cell').nth(3).innerText()).trim());
  // The overview's own row of results agrees with the project's tab.
  const resultRow = page.getByTestId('financial-result-row').filter({ hasText: PROJECT });
  await expect(resultRow).toContainText('₹9,00,000.00');
  await expect(resultRow).toContainText('33:45');
  await expect(resultRow).toContainText('₹27,000.00');
  await resultRow.getByRole('link', { name: PROJECT }).click();
  await expect(page).toHaveURL(/\/workspace\/project\/result\/[^/]+$/);
  await ready(page, js);
  const resultUrl = page.url();

  await expect(page.getByRole('navigation', { name: 'Project pages' }).getByRole('link', { name: 'Result' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('result-fee-agreed')).toHaveText('₹9,00,000.00');
  await expect(page.getByTestId('result-billed')).toHaveText(formatPaise(invoiced));
  expect(invoiced).toBeGreaterThanOrEqual(90_000_00); // the two stage invoices at least
  await expect(page.getByTestId('result-received')).toHaveText(formatPaise(received));
  await expect(page.getByTestId('result-minutes')).toHaveText('33:45 h');
  await expect(page.getByTestId('result-time-cost')).toHaveText('₹27,000.00');
  await expect(page.getByTestId('result-expenses')).toHaveText('₹0.00');
  await expect(page.getByTestId('result-result')).toHaveText(formatPaise(invoiced - 27_000_00));
  const stage = page.getByTestId('result-stage');
  await expect(stage).toHaveCount(1);
  await expect(stage).toContainText('Concept design');
  await expect(stage).toContainText('33:45 h');
  // The chart is drawn on the server, with its table: the months add up to the figures.
  await expect(page.getByTestId('result-chart')).toBeVisible();
  await expect(page.getByTestId('result-chart').locator('path.rs-line')).toHaveCount(3);
  const months = page.getByTestId('result-month');
  await expect(months.last()).toContainText(formatPaise(invoiced - 27_000_00));

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await open(page, js, resultUrl);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/project-result-${js ? 'js' : 'nojs'}-${width}.png`, fullPage: true });
  }

  // The fee proposal (docs/decisions/381): the Fees tab's link opens the engagement letter, a PDF.
  await open(page, js, resultUrl.replace('/result/', '/fees/'));
  const letter = page.getByTestId('fee-letter');
  const pdf = await page.request.get((await letter.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Priya Nair works on the project but may not see financials: no figure, and why.
  await page.context().clearCookies();
  await loginAs(page, 'priya@studio.demo.test');
  await open(page, js, resultUrl);
  await expect(page.getByTestId('empty-state')).toContainText('The result is financials');
  await expect(page.getByTestId('result-figures')).toHaveCount(0);
  await expect(page.getByText('₹27,000.00')).toHaveCount(0);
});
