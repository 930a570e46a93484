import type { Page } from '@playwright/test';
import { EXPENSE_MESSAGES } from '../../server/contract/expenses';
import { TIME_MESSAGES } from '../../server/contract/time-rules';
import { billingProfileFields } from '../../server/seed/billing';
import { SCREENSHOT_DIR } from './env';
import { apiCall, apiChange, expect, loginAs, ready, test } from './fixtures';
import { firmWithProject } from './schedule-helpers';

/**
 * Time from entry to invoice line, JavaScript on and off (docs/decisions/371–373): recorded by day
 * and hours, a timer stopped too soon records nothing, the week approved at the rate set on the
 * Timesheet, the approved time billed as hours × rate, and never billed twice.
 */

const slow = expect.configure({ timeout: 30_000 });
const toast = (page: Page) => slow(page.getByTestId('toast'));

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

async function firmWithClient(projectName: string) {
  const { firm, project } = await firmWithProject({ projectName });
  expect((await apiChange('PUT', '/billing/profile', billingProfileFields({ legalName: 'Studio Rao Architects LLP' }), firm.token, async () => (await apiCall<{ data: { version: number } | null }>('GET', '/billing/profile', undefined, firm.token)).json.data)).status).toBe(200);
  expect((await apiCall('POST', '/contacts', { name: 'Kiran Desai', kind: 'client', email: 'kiran@example.test', state: 'Maharashtra', address: 'Baner, Pune' }, firm.token)).status).toBe(201);
  return { firm, project };
}

async function record(page: Page, js: boolean, hours: string) {
  await ready(page, js);
  const form = page.getByTestId('time-form');
  await form.getByLabel('Time (1:30 or 1.5 hours)').fill(hours);
  await form.getByRole('button', { name: 'Record time' }).click();
}

test('time from entry to invoice line, billed once', async ({ page, js }) => {
  test.setTimeout(180_000);
  const { firm, project } = await firmWithClient('Aundh Studio');
  await loginAs(page, firm.email, firm.password);
  await open(page, js, `/workspace/project/schedules/${project.id}`);
  await page.getByRole('navigation', { name: 'Project pages' }).getByRole('link', { name: 'Time' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/project/time/${project.id}$`));

  // A time above a day is refused on its field, and nothing is recorded.
  await record(page, js, '25:00');
  await expect(page.getByText(TIME_MESSAGES.hours)).toBeVisible();
  await expect(page.getByTestId('time-entries')).toHaveCount(0);

  await record(page, js, '1:30');
  await toast(page).toContainText(TIME_MESSAGES.recorded);
  await record(page, js, '2.5');
  await toast(page).toContainText(TIME_MESSAGES.recorded);
  const entries = page.getByTestId('time-entry');
  await expect(entries).toHaveCount(2);
  await expect(page.getByTestId('time-entries').locator('tfoot')).toContainText('4:00');

  // The server's timer: started, then stopped at once, records nothing.
  await ready(page, js);
  await page.getByTestId('start-timer').click();
  await toast(page).toContainText(TIME_MESSAGES.timerStarted);
  await expect(page.getByTestId('running-timer')).toContainText('Aundh Studio');
  await ready(page, js);
  await page.getByTestId('stop-timer').click();
  await toast(page).toContainText(TIME_MESSAGES.timerTooShort);
  await expect(entries).toHaveCount(2);
  await expect(page.getByTestId('running-timer')).toHaveCount(0);

  // The Timesheet: the rate, then the week approved.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Timesheet' }).click();
  await ready(page, js);
  await expect(page.getByTestId('sheet-total')).toContainText('4:00 h in all, 4:00 h billable');
  await page.getByLabel('Bill rate, ₹ an hour').fill('2,500');
  await page.getByRole('button', { name: 'Save rates' }).click();
  await toast(page).toContainText(TIME_MESSAGES.ratesSaved);
  await ready(page, js);
  await page.getByTestId('approve-week').click();
  await toast(page).toContainText(TIME_MESSAGES.approved);
  await expect(page.getByTestId('sheet-total')).toContainText('Approved');

  // Billed: by hand, 4:00 h × ₹2,500 = ₹10,000; GST 18 % in Maharashtra, ₹11,800 in all.
  await open(page, js, `/workspace/project/time/${project.id}`);
  const billing = page.getByTestId('time-billing');
  await expect(billing.getByTestId('time-ready')).toContainText('₹10,000.00');
  await billing.getByLabel('Client').selectOption({ label: 'Kiran Desai' });
  await billing.getByTestId('bill-time').click();
  await toast(page).toContainText(TIME_MESSAGES.billed_);
  await expect(page.getByRole('heading', { name: 'Draft invoice', level: 1 })).toBeVisible();
  await expect(page.getByText(/Professional time: .+ 4:00 h at ₹2,500\.00 an hour/)).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText('₹11,800.00');

  // Never twice: nothing is left to bill, and the entries say Billed.
  await open(page, js, `/workspace/project/time/${project.id}`);
  await expect(page.getByTestId('time-billing')).toContainText('No approved billable time is waiting');
  await expect(entries.filter({ hasText: 'Billed' })).toHaveCount(2);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await open(page, js, `/workspace/project/time/${project.id}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/time-${js ? 'js' : 'nojs'}-${width}.png`, fullPage: true });
    await open(page, js, '/workspace/timesheet');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/timesheet-${js ? 'js' : 'nojs'}-${width}.png`, fullPage: true });
  }
});

test('an expense billed with its markup', async ({ page, js }) => {
  test.setTimeout(120_000);
  const { firm, project } = await firmWithClient('Wakad Office');
  await loginAs(page, firm.email, firm.password);
  await open(page, js, `/workspace/project/schedules/${project.id}`);
  await page.getByRole('navigation', { name: 'Project pages' }).getByRole('link', { name: 'Expenses' }).click();
  await ready(page, js);
  const form = page.getByTestId('expense-form');
  await form.getByLabel('What for').selectOption({ label: 'Printing and drawings' });
  await form.getByLabel('Supplier (optional)').fill('Sharma Prints');
  await form.getByLabel('Amount before GST, ₹').fill('5,000');
  await form.getByLabel('GST paid, ₹').fill('900');
  await form.getByLabel('Billable to the client').check();
  await form.getByLabel('Markup, % (when billable)').fill('10');
  await form.getByRole('button', { name: 'Record expense' }).click();
  await toast(page).toContainText(EXPENSE_MESSAGES.recorded);
  // By hand: ₹5,000 + 10 % = ₹5,500 billed; GST 18 % in Maharashtra, ₹6,490 in all.
  await expect(page.getByTestId('expense-totals')).toContainText('ready to bill ₹5,500.00');
  await ready(page, js);
  await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Kiran Desai' });
  await page.getByTestId('bill-expenses').click();
  await toast(page).toContainText(EXPENSE_MESSAGES.billed_);
  await expect(page.getByText(/Expense: Printing and drawings, Sharma Prints, .+ \(with a 10 % markup\)/)).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText('₹6,490.00');
  await open(page, js, `/workspace/project/expenses/${project.id}`);
  await expect(page.getByTestId('expense')).toContainText('billed');
  await expect(page.getByTestId('bill-expenses')).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await open(page, js, `/workspace/project/expenses/${project.id}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/expenses-${js ? 'js' : 'nojs'}-${width}.png`, fullPage: true });
  }
});
