import type { Page } from '@playwright/test';
import { REVIEW_MESSAGES } from '../../server/contract/reviews-rules';
import { createContact } from '../../server/seed/chat-book';
import { createWorkspaceProject } from '../../server/seed/factories';
import { createInvoiceWithStatus } from '../../server/seed/reviews';
import { openE2EDatabase } from './database';
import { expect, loginAs, ready, test } from './fixtures';
import { newVerifiedFirm } from './workspace-helpers';

/**
 * A review from a paid invoice to the firm's page (docs/decisions/409, 410), JavaScript on and off:
 * the firm asks its client for a review on the paid invoice's page and copies the link; the client,
 * signed out, opens it, is told what is missing, writes a 4-star review and finds it on the firm's
 * page with the project's name, the rating and the JSON-LD's aggregateRating.
 */

async function open(page: Page, js: boolean, url: string) {
  await page.goto(url);
  await ready(page, js);
}

test('a client who paid reviews the firm, and the review is on the firm’s page', async ({ page, js }) => {
  test.setTimeout(90_000);
  const firm = await newVerifiedFirm();
  const database = await openE2EDatabase();
  let invoiceId: string;
  try {
    const project = await createWorkspaceProject(database.db, firm.user.id, { projectName: 'Juhu sea-view flat' });
    const client = await createContact(database.db, firm.user.id, { name: 'Kavita Menon' });
    invoiceId = (await createInvoiceWithStatus(database.db, firm.user.id, { projectId: project.id, contactId: client.id })).id;
  } finally {
    await database.close();
  }

  await loginAs(page, firm.email, firm.password);
  await open(page, js, `/workspace/invoices/${invoiceId}`);
  await page.getByTestId('review-link').click();
  await expect(page.getByTestId('review-link-made')).toContainText(REVIEW_MESSAGES.invitationMade);
  const link = await page.getByTestId('review-link-url').inputValue();
  expect(link).toMatch(/\/review\/[\w-]{43}$/);

  // The client has no account: signed out, the link alone.
  await page.context().clearCookies();
  await open(page, js, new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Review');
  await page.getByTestId('rating-4').check();
  await page.getByLabel('What was it like to work with them?').fill('Good');
  await page.getByRole('button', { name: 'Publish review' }).click();
  const text = page.getByLabel('What was it like to work with them?');
  await expect(page.locator('.review-form .field-errors')).toHaveText(REVIEW_MESSAGES.bodyShort);
  await expect(page.getByTestId('rating-4')).toBeChecked();
  await ready(page, js);
  await text.fill('A calm team: the drawings were clear and the site was handed over on the promised day.');
  await page.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByTestId('toast')).toContainText(REVIEW_MESSAGES.saved);
  await expect(page.getByTestId('your-review')).toContainText('Juhu sea-view flat');
  await expect(page.getByTestId('your-review').getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();

  await page.getByRole('link', { name: /See it on .*’s page/ }).click();
  await expect(page).toHaveURL(new RegExp(`/firms/${firm.user.id}`));
  await ready(page, js);
  const reviews = page.locator('#reviews');
  await expect(reviews.getByTestId('review')).toHaveCount(1);
  await expect(reviews.getByTestId('review')).toContainText('Juhu sea-view flat');
  await expect(reviews.getByTestId('review')).toContainText('the site was handed over');
  await expect(reviews.getByTestId('rating-line')).toContainText('4.0');
  await expect(reviews.getByTestId('rating-line')).toContainText('1 review');
  // The client's name is never on the public page.
  await expect(page.locator('body')).not.toContainText('Kavita Menon');
  const graphs = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  expect(graphs.find((g) => g['@type'] === 'ProfessionalService')?.aggregateRating).toMatchObject({ ratingValue: '4', reviewCount: 1 });

  // The link again: the review, and no second form.
  await open(page, js, new URL(link).pathname);
  await expect(page.getByTestId('your-review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish review' })).toHaveCount(0);
});
