import type { Page } from '@playwright/test';
import { FEE_MESSAGES } from '../../server/contract/fees-rules';
import { SCREENSHOT_DIR } from './env';
import type { Browser } from '@playwright/test';
import { FEE_PROPOSAL_MESSAGES as PM } from '../../server/contract/fee-proposals';
import { PORTAL_MESSAGES } from '../../server/contract/portal-rules';
import { apiCall, expect, lastMailTo, loginAs, ready, test } from './fixtures';
import { architectWithClient, portalOf } from './fee-helpers';

/**
 * A fee agreement on the COA scale worked end to end in a browser, JavaScript on and off
 * (docs/decisions/425–428): a ₹2,00,00,000 estimate at 5 %, concept then preliminary with a lower
 * estimate, the credit-note true-up, the final stage on the actual cost, each invoice's figures
 * checked against the hand computation written beside it.
 */

/** A toast shows for about 2 s; on a loaded machine the answer can take longer than the default wait. */
const slow = expect.configure({ timeout: 30_000 });
const toast = (page: Page) => slow(page.getByTestId('toast'));

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

async function recordCost(page: Page, which: string, amount: string, on: string) {
  const form = page.getByTestId('cost-form');
  await form.getByLabel('Which cost').selectOption({ label: which });
  await form.getByLabel('Amount, ₹').fill(amount);
  await form.getByLabel('Known on').fill(on);
  await form.getByRole('button', { name: 'Record cost' }).click();
  await toast(page).toContainText(FEE_MESSAGES.costRecorded);
}

async function reach(page: Page, js: boolean, stage: string, on: string) {
  await ready(page, js);
  await page.getByLabel(`${stage} reached on`).fill(on);
  await page.getByTestId('fee-stage').filter({ hasText: stage }).getByRole('button', { name: 'Mark reached' }).click();
  await toast(page).toContainText(FEE_MESSAGES.stageReached);
}

/** Drafts the offered stage invoice, checks its line and total on the invoice's page, and issues it. */
async function billAndIssue(page: Page, js: boolean, line: RegExp, taxable: string, total: string) {
  await ready(page, js);
  await page.getByTestId('bill-stage').click();
  await toast(page).toContainText(FEE_MESSAGES.invoiceDrafted);
  await expect(page.getByRole('heading', { name: 'Draft invoice', level: 1 })).toBeVisible();
  await expect(page.getByText(line)).toBeVisible();
  await expect(page.getByText('998323').first()).toBeVisible();
  await expect(page.getByText(taxable).first()).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText(total);
  await ready(page, js);
  await page.getByTestId('issue-invoice').click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Issued');
}

const NO_MARGIN = /trade|margin|profit|markup|cost rate|bill rate/i;

/**
 * The client, on a 375 px phone, reads the fee proposal in their portal and accepts it; the portal
 * asks them to prove the address with the mailed code first, then brings them back to answer.
 */
async function clientAccepts(browser: Browser, js: boolean, portalPath: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const client = await context.newPage();
  await open(client, js, portalPath);
  const listed = client.getByTestId('portal-fee-proposal');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Baner Clinic, version 1');
  await expect(listed).toContainText('Waiting for you');
  await listed.getByRole('link', { name: /Read and answer/ }).click();
  await ready(client, js);
  // The frozen letter: 5 % of ₹2,00,00,000 = ₹10,00,000; concept, 10 % cumulative = ₹1,00,000, its own
  // part less the 5 % on appointment (₹50,000) = ₹50,000; client figures only.
  await expect(client.getByTestId('proposal-fee')).toHaveText('₹10,00,000.00');
  await expect(client.getByTestId('proposal-stage').filter({ hasText: 'Concept design' })).toContainText('₹50,000.00');
  expect(await client.content()).not.toMatch(NO_MARGIN);
  const pdf = await client.request.get(client.url().replace(/#.*$/, '') + '/pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // Answering asks for the proof first.
  await client.getByTestId('accept-proposal').click();
  await expect(client.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await ready(client, js);
  await client.locator('button[name=intent][value=send]').click();
  await toast(client).toContainText('We sent a 6-digit code');
  await ready(client, js);
  const mail = await lastMailTo(email);
  await client.getByLabel('Code from the mail').fill(/is (\d{6})\./.exec(mail.text)![1]!);
  await client.getByRole('button', { name: 'Confirm', exact: true }).click();
  await toast(client).toContainText(PORTAL_MESSAGES.proven);
  await expect(client.getByTestId('accept-proposal')).toBeVisible();
  await ready(client, js);
  await client.getByTestId('accept-proposal').click();
  await toast(client).toContainText(PM.accepted);
  await expect(client.getByTestId('portal-fee-proposal')).toContainText('Accepted');
  await context.close();
}

test('the COA example: concept, preliminary on a lower estimate, the credit-note true-up, the final stage on the actual cost', async ({ page, browser, js }) => {
  test.setTimeout(240_000);
  const { firm, project, contactId, email } = await architectWithClient('Baner Clinic');
  await loginAs(page, firm.email, firm.password);
  await open(page, js, `/workspace/project/schedules/${project.id}`);
  await page.getByRole('navigation', { name: 'Project pages' }).getByRole('link', { name: 'Fees' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/project/fees/${project.id}$`));
  await ready(page, js);

  // The agreement: other works, the rate left empty for the COA minimum (5 %), the client.
  const agreement = page.getByTestId('agreement-form');
  await agreement.getByLabel('The works').selectOption('other');
  await agreement.getByLabel('Client the stage invoices go to').selectOption({ label: 'Kiran Desai' });
  await agreement.getByRole('button', { name: 'Save agreement' }).click();
  await toast(page).toContainText(FEE_MESSAGES.saved);
  await expect(page.getByTestId('agreement-form').getByLabel('Rate, % of the cost of works')).toHaveValue('5');
  await expect(page.getByTestId('fee-stage')).toHaveCount(9);

  // Concept, 10 %: 5 % of ₹2,00,00,000 = ₹10,00,000; × 10 % = ₹1,00,000 − ₹0; GST 18 % = ₹18,000; total ₹1,18,000.
  await recordCost(page, 'Rough estimate', '2,00,00,000', '2026-04-10');

  // The fee proposal shared with the client, who accepts it in their portal (docs/decisions/421).
  await ready(page, js);
  await page.getByTestId('share-proposal').click();
  await toast(page).toContainText(PM.shared(1));
  await expect(page.getByTestId('fee-proposal-status')).toHaveText('Waiting for the client');
  await clientAccepts(browser, js, await portalOf(contactId, firm.token), email);
  await open(page, js, `/workspace/project/fees/${project.id}`);
  await expect(page.getByTestId('fee-proposal-status')).toHaveText('Accepted');
  await expect(page.getByTestId('fee-proposal')).toContainText(`by ${email}`);
  await expect(page.getByTestId('in-force-note')).toContainText('Version 1, accepted by the client, is in force');

  await reach(page, js, 'Concept design', '2026-05-01');
  await expect(page.getByTestId('fee-offer')).toContainText('invoice ₹1,00,000.00');
  await billAndIssue(page, js, /Fee for Concept design: 5 % of ₹2,00,00,000\.00 \(rough estimate of 10 Apr 2026\) × 10 % cumulative = ₹1,00,000\.00, less ₹0\.00 already billed/, '₹1,00,000.00', '₹1,18,000.00');

  // Preliminary, 20 %, on a lower ₹1,50,00,000: 7,50,000 × 20 % = 1,50,000 − 1,00,000 = ₹50,000; total ₹59,000.
  await open(page, js, `/workspace/project/fees/${project.id}`);
  await recordCost(page, 'Preliminary estimate', '1,50,00,000', '2026-06-01');
  await reach(page, js, 'Preliminary design and estimate', '2026-06-15');
  await billAndIssue(page, js, /× 20 % cumulative = ₹1,50,000\.00, less ₹1,00,000\.00 already billed/, '₹50,000.00', '₹59,000.00');

  // The estimate falls to ₹90,00,000: 4,50,000 × 20 % = 90,000 − 1,50,000 = −₹60,000: credit notes,
  // newest first: ₹50,000 + GST = ₹59,000 (all the preliminary invoice owes), then ₹10,000 + GST = ₹11,800.
  await open(page, js, `/workspace/project/fees/${project.id}`);
  await recordCost(page, 'Preliminary estimate', '90,00,000', '2026-07-01');
  await expect(page.getByTestId('fee-offer')).toContainText('credit ₹60,000.00');
  await ready(page, js);
  await page.getByTestId('bill-stage').click();
  await toast(page).toContainText('Credit note issued');
  const documents = page.getByTestId('fee-document');
  await expect(documents).toHaveCount(4);
  // Both credit notes are made in one transaction: their order in the list is not fixed.
  await expect(documents.filter({ hasText: '−₹11,800.00' })).toHaveCount(1);
  await expect(documents.filter({ hasText: '−₹59,000.00' })).toHaveCount(1);
  await expect(page.getByTestId('fee-offer')).toContainText('billed ₹90,000.00');
  await expect(page.getByTestId('offer-refusal')).toHaveText(FEE_MESSAGES.nothingToBill);

  // The final stage on the actual ₹1,20,00,000: 5 % = ₹6,00,000 × 100 % − ₹90,000 = ₹5,10,000; total ₹6,01,800.
  await reach(page, js, 'Completion and final bill', '2026-11-20');
  await expect(page.getByTestId('offer-refusal')).toHaveText(FEE_MESSAGES.noCost('Actual cost'));
  await recordCost(page, 'Actual cost', '1,20,00,000', '2026-11-15');
  await billAndIssue(page, js, /Completion and final bill: 5 % of ₹1,20,00,000\.00 \(actual cost of 15 Nov 2026\) × 100 % cumulative = ₹6,00,000\.00, less ₹90,000\.00 already billed/, '₹5,10,000.00', '₹6,01,800.00');
});

test('the schedule is the firm’s: a stage renamed in its panel, moved down and up', async ({ page, js }) => {
  const { firm, project } = await architectWithClient('Aundh House');
  await loginAs(page, firm.email, firm.password);
  await open(page, js, `/workspace/project/fees/${project.id}`);
  await page.getByTestId('agreement-form').getByRole('button', { name: 'Save agreement' }).click();
  await toast(page).toContainText(FEE_MESSAGES.saved);
  // An individual house: the COA minimum of 7.5 %.
  await expect(page.getByTestId('agreement-form').getByLabel('Rate, % of the cost of works')).toHaveValue('7.5');
  await ready(page, js);
  await page.getByRole('link', { name: 'Edit Concept design' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Concept design' })).toBeVisible();
  await ready(page, js);
  await page.getByLabel('Stage name').fill('Concept and site study');
  await page.getByRole('button', { name: 'Save stage' }).click();
  await toast(page).toContainText(FEE_MESSAGES.stageSaved);
  const stages = page.getByTestId('fee-stage');
  await expect(stages.nth(1)).toContainText('Concept and site study');
  await ready(page, js);
  await page.getByRole('button', { name: 'Move Concept and site study down' }).click();
  await expect(stages.nth(2)).toContainText('Concept and site study');
  await ready(page, js);
  await page.getByRole('button', { name: 'Move Concept and site study up' }).click();
  await expect(stages.nth(1)).toContainText('Concept and site study');
});

test('screenshots of the fee page', { tag: ['@js-only', '@on-demand'] }, async ({ page, js }) => {
  const { firm, project } = await architectWithClient('Kothrud Residence');
  const put = await apiCall('PUT', `/fee-agreements/${project.id}`, { basis: 'percentage', workKind: 'individual_house' }, firm.token);
  expect(put.status).toBe(200);
  expect((await apiCall('POST', `/fee-agreements/${project.id}/costs`, { kind: 'rough', amount: 1_00_00_000_00, recordedOn: '2026-04-10' }, firm.token)).status).toBe(200);
  await loginAs(page, firm.email, firm.password);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await open(page, js, `/workspace/project/fees/${project.id}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/fees-${width}.png`, fullPage: true });
  }
});
