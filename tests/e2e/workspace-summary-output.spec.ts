import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCall, expect, loginAs, ready, test } from './fixtures';
import { E2E } from './env';
import { firmWithSummary, LONG_DESCRIPTION } from './summary-output-helpers';
import { openItem, openSectionCard } from './summary-editor-helpers';

/**
 * The summary's outputs (6 and 8), with JavaScript and without: the PDF export,
 * the firm-wide Financial overview with its CSV, and the client approval link from the Client
 * Board to the client's decisions and back.
 */

const pdfText = (pdf: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-')), 'doc.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

test('export the PDF of chosen sections and open it', async ({ page, js }) => {
  test.setTimeout(60_000);
  const { firm, project, schedule, tree } = await firmWithSummary();
  await loginAs(page, firm.email, firm.password);
  const seating = tree.rooms[0]!.sections[0]!.id;
  // The editor's export form (a plain GET form): tick one section on the financial tab.
  await page.goto(`/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}&tab=financial`);
  await ready(page, js);
  await page.locator(`[data-section-id="${seating}"]`).getByTestId('section-check').check();
  const form = page.locator('#pdf-form');
  const fields = [
    ['schedule', await form.locator('input[name="schedule"]').inputValue()],
    ['tab', await form.locator('input[name="tab"]').inputValue()],
    ...(await page.locator('input[form="pdf-form"][name="sections"]:checked').evaluateAll((boxes) => boxes.map((b) => ['sections', (b as HTMLInputElement).value]))),
  ];
  const pdfUrl = `${await form.getAttribute('action')}?${new URLSearchParams(fields as string[][]).toString()}`;
  expect(pdfUrl).toBe(`/workspace/project/schedules/summary-financial/${project.id}/pdf?schedule=${schedule.id}&tab=financial&sections=${seating}`);
  const res = await page.request.get(pdfUrl);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const pdf = await res.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  for (const name of ['Juhu Residence', 'Living and dining', 'Seating', 'Cane armchair', '₹81,000.00', '₹93,000.00']) expect(text).toContain(name);
  // Lines wrap where they like: compared without white space.
  expect(text.replace(/\s+/g, '')).toContain(`${LONG_DESCRIPTION.slice(0, 50).trimEnd()}…`.replace(/\s+/g, ''));
  expect(text.replace(/\s+/g, '')).not.toContain(LONG_DESCRIPTION.slice(0, 51).replace(/\s+/g, ''));
  expect(text).not.toContain('Lighting');

  // A schedule of no project of the path, and a stranger, get no PDF.
  expect((await page.request.get(pdfUrl.replace(project.id, 'a'.repeat(24)))).status()).toBe(404);
  await page.context().clearCookies();
  await page.goto(pdfUrl);
  await ready(page, js);
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('the Financial overview: figures per schedule, totals, filter and CSV', async ({ page, js }) => {
  const { firm, project } = await firmWithSummary();
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace');
  await ready(page, js);
  await page.getByRole('link', { name: 'Financial', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Financial', level: 1 })).toBeVisible();
  const row = page.getByTestId('financial-row').filter({ hasText: 'Living and dining' });
  await expect(row).toContainText('Juhu Residence');
  // ₹81,000 + ₹12,000 client price; ₹60,000 + ₹8,000 trade cost.
  await expect(row).toContainText('₹93,000.00');
  await expect(row).toContainText('₹68,000.00');
  await expect(page.getByTestId('financial-totals')).toContainText('₹25,000.00');

  await page.getByLabel('Project', { exact: true }).selectOption(project.id);
  if (!js) await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`project=${project.id}`));
  await expect(page.getByTestId('financial-row')).toHaveCount(1);

  const csv = await page.request.get(await page.getByTestId('financial-csv').getAttribute('href') as string);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const body = await csv.text();
  expect(body).toContain('"Juhu Residence","Living and dining","93000.00","68000.00","25000.00","36.76"');
});

test('share a link; the client approves one section and rejects another; the firm sees both', async ({ page, js }) => {
  // A long journey (two people, three pages each way) on a shared machine.
  test.setTimeout(90_000);
  const { firm, project, schedule, tree } = await firmWithSummary();
  await loginAs(page, firm.email, firm.password);
  // From the editor: "Share with client" opens the Client Board's panel with this schedule chosen.
  await page.goto(`/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`);
  await ready(page, js);
  await page.getByTestId('share-with-client').click();
  await expect(page).toHaveURL(new RegExp(`/workspace/client-board\\?panel=new&schedule=${schedule.id}$`));
  await ready(page, js);
  const panel = page.getByTestId('share-panel');
  await expect(panel.getByLabel('Schedule')).toHaveValue(schedule.id);
  await panel.getByLabel('Client name').fill('Mrs Rao');
  await panel.getByRole('button', { name: 'Create link' }).click();
  const url = await page.getByTestId('link-url').inputValue();
  expect(url).toMatch(new RegExp(`^${E2E.baseURL}/share/[A-Za-z0-9_-]{43}$`));

  // The client: no account.
  await page.context().clearCookies();
  await page.goto(url);
  await ready(page, js);
  await expect(page.getByRole('heading', { name: 'Living and dining', level: 1 })).toBeVisible();
  await expect(page.getByText('Prepared for Mrs Rao')).toBeVisible();
  // Client prices only: nothing of the firm's trade cost, profit or markup.
  await expect(page.getByTestId('client-total')).toContainText('₹93,000.00');
  const content = await page.content();
  for (const secret of ['₹30,000', '₹60,000', '₹68,000', 'Net profit', 'Markup', 'Trade']) expect(content).not.toContain(secret);

  const seating = page.getByTestId('client-section').filter({ hasText: 'Seating' });
  // The whole section at once (each item has its own form too: docs/decisions/412).
  await seating.getByRole('button', { name: /^Approve the whole section/ }).click();
  await expect(seating.getByTestId('your-decision')).toContainText('You approved this');
  await expect(seating.locator('.so-status')).toHaveText('Approved');

  const lighting = page.getByTestId('client-section').filter({ hasText: 'Lighting' });
  await lighting.getByRole('button', { name: /^Reject the whole section/ }).click();
  await expect(lighting.getByRole('alert')).toHaveText('Please tell the studio what to change');
  await lighting.getByLabel(/^The whole section: comment/).fill('Too cold; warmer lamps please');
  await lighting.getByRole('button', { name: /^Reject the whole section/ }).click();
  await expect(lighting.getByTestId('your-decision')).toContainText('You rejected this');
  await expect(lighting.locator('.so-status')).toHaveText('Rejected');

  // The firm: both decisions on the Client Board, both statuses in the summary.
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace/client-board');
  await ready(page, js);
  const decisions = page.getByTestId('decision');
  await expect(decisions).toHaveCount(2);
  await expect(decisions.nth(0)).toContainText('Lighting');
  await expect(decisions.nth(0)).toContainText('Too cold; warmer lamps please');
  await expect(decisions.nth(1)).toContainText('Seating');
  await expect(page.getByTestId('open-link')).toContainText('Mrs Rao');
  // Unread on the Client Board and beside its sidebar link, not in the demand box (decision 295).
  const sidebarCount = page.getByRole('link', { name: /Client Board/ }).first().getByTestId('nav-count');
  await expect(sidebarCount).toContainText('2');
  await expect(page.getByTestId('decisions-unread')).toContainText('2 unread');
  await expect(decisions.nth(0)).toHaveAttribute('data-unread', 'true');
  await decisions.nth(1).getByTestId('mark-read').click();
  await expect(page.getByTestId('decisions-unread')).toContainText('1 unread');
  await expect(sidebarCount).toContainText('1');
  await page.getByTestId('mark-all-read').click();
  await expect(page.getByTestId('decisions-unread')).toHaveCount(0);
  await expect(sidebarCount).toHaveCount(0);
  await expect(page.locator('[data-testid="decision"][data-unread]')).toHaveCount(0);
  // The open link's address again (decision 296): the very link the client used.
  await page.getByTestId('open-link').getByTestId('copy-link').click();
  await expect(page.getByTestId('copied-link').getByTestId('link-url')).toHaveValue(url);
  await page.goto('/workspace/demandbox');
  await ready(page, js);
  await expect(page.getByRole('heading', { name: 'Demand box', level: 1 })).toBeVisible();
  await expect(page.getByText('Client decision')).toHaveCount(0);
  await expect(page.getByText('Mrs Rao')).toHaveCount(0);
  const { json } = await apiCall<{ data: { summary: { rooms: Array<{ sections: Array<{ id: string; status: string }> }> } } }>(
    'GET',
    `/projects/schedules/${schedule.id}/print`,
    undefined,
    firm.token,
  );
  const statuses = Object.fromEntries(json.data.summary.rooms.flatMap((r) => r.sections.map((s) => [s.id, s.status])));
  expect(statuses[tree.rooms[0]!.sections[0]!.id]).toBe('approved');
  expect(statuses[tree.rooms[0]!.sections[1]!.id]).toBe('rejected');
  // And in the editor: both sections on their status colour, with their status chosen.
  await page.goto(`/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`);
  await ready(page, js);
  await expect(page.locator(`[data-section-id="${tree.rooms[0]!.sections[0]!.id}"]`)).toHaveAttribute('data-status', 'approved');
  await expect(page.locator(`[data-section-id="${tree.rooms[0]!.sections[1]!.id}"]`)).toHaveAttribute('data-status', 'rejected');
  await page.goto('/workspace/client-board');
  await ready(page, js);

  // Revoked: the client's page says so.
  await page.getByTestId('open-link').getByRole('button', { name: /Revoke/ }).click();
  await expect(page.getByTestId('open-link')).toHaveCount(0);
  await page.context().clearCookies();
  await page.goto(url);
  await expect(page.getByTestId('share-error')).toContainText('withdrawn');
  await page.goto(`${url.slice(0, -3)}xyz`);
  await expect(page.getByTestId('share-error')).toContainText('Link not found');
});

test('the Project Library: add a product, edit it, add it to a section, see it in the editor', async ({ page, js }) => {
  test.setTimeout(90_000);
  const { firm, project, schedule, tree } = await firmWithSummary();
  await loginAs(page, firm.email, firm.password);
  await page.goto('/workspace');
  await ready(page, js);
  await page.getByRole('link', { name: 'Project Library', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Project Library', level: 1 })).toBeVisible();
  await page.getByTestId('add-product').first().click();
  const panel = page.getByTestId('product-panel');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Title is required')).toBeVisible();
  await panel.getByLabel('Title').fill('Brass floor lamp');
  await panel.getByLabel('Description').fill('Antique brass, linen shade');
  await panel.getByLabel('Retail Price (₹)').fill('18,500');
  await panel.getByLabel('Trade Price (₹)').fill('12000.50');
  await panel.getByRole('button', { name: 'Save' }).click();
  const card = page.getByTestId('library-product').filter({ hasText: 'Brass floor lamp' });
  await expect(card).toContainText('₹18,500.00');
  await expect(card).toContainText('₹12,000.50');

  await card.getByRole('link', { name: 'Edit Brass floor lamp' }).click();
  await page.getByTestId('product-panel').getByLabel('Title').fill('Brass floor lamp, tall');
  await page.getByTestId('product-panel').getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('library-product').filter({ hasText: 'Brass floor lamp, tall' })).toBeVisible();

  // Reused in a schedule, from the editor: "Add from library" on the Lighting section.
  const editor = `/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`;
  const lighting = page.locator(`[data-section-id="${tree.rooms[0]!.sections[1]!.id}"]`);
  await page.goto(editor);
  await ready(page, js);
  // Add from library is a control of the section open for editing (decision 250).
  await openSectionCard(lighting);
  await lighting.getByTestId('library-product').selectOption({ label: 'Brass floor lamp, tall' });
  await lighting.getByTestId('add-from-library').click();
  await expect(lighting.getByTestId('summary-item').filter({ hasText: 'Brass floor lamp, tall' })).toHaveCount(1);
});

test('from the editor: save an item to the library, then add it into another section', async ({ page, js }) => {
  test.setTimeout(90_000);
  const { firm, project, schedule, tree } = await firmWithSummary();
  await loginAs(page, firm.email, firm.password);
  await page.goto(`/workspace/project/schedules/summary-financial/${project.id}?schedule=${schedule.id}`);
  await ready(page, js);
  // No product saved yet: no "Add from library" choice.
  await expect(page.getByTestId('add-from-library')).toHaveCount(0);
  const seating = page.locator(`[data-section-id="${tree.rooms[0]!.sections[0]!.id}"]`);
  // Save to library is a control of the item open for editing (decision 250).
  // By its id: open, its title is a field, not text.
  const armchair = page.locator(`#row-${tree.rooms[0]!.sections[0]!.items[0]}`);
  await openItem(armchair);
  await armchair.getByTestId('save-to-library').click();
  await expect(page.getByText('Saved to the Project Library')).toBeVisible();

  const lighting = page.locator(`[data-section-id="${tree.rooms[0]!.sections[1]!.id}"]`);
  await openSectionCard(lighting);
  await lighting.getByTestId('library-product').selectOption({ label: 'Cane armchair' });
  await lighting.getByTestId('add-from-library').click();
  const copy = lighting.getByTestId('summary-item').filter({ hasText: 'Cane armchair' });
  await expect(copy).toHaveCount(1);
  await expect(copy).toHaveAttribute('data-type', 'product');
  // The original stays where it was; the api has the new item with the product's prices.
  await expect(seating.getByTestId('summary-item').filter({ hasText: 'Cane armchair' })).toHaveCount(1);
  const { json } = await apiCall<{ data: { summary: { rooms: Array<{ sections: Array<{ id: string; items: Array<{ title: string; retailPrice: number; tradePrice: number }> }> }> } } }>(
    'GET',
    `/projects/schedules/${schedule.id}/print`,
    undefined,
    firm.token,
  );
  const added = json.data.summary.rooms[0]!.sections.find((s) => s.id === tree.rooms[0]!.sections[1]!.id)!.items.find((i) => i.title === 'Cane armchair');
  expect(added).toMatchObject({ retailPrice: 4_500_000, tradePrice: 3_000_000 });

  // The images travel too (copies, docs/decisions/150): the new item shows the armchair's picture, and so does the library.
  const loaded = (img: import('@playwright/test').Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
  const copyImage = copy.locator('.sm-images img');
  await expect(copyImage).toHaveCount(1);
  await copyImage.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(copyImage)).toBe(true);
  await page.goto('/workspace/project-library');
  await ready(page, js);
  const libraryImage = page.getByTestId('library-product').filter({ hasText: 'Cane armchair' }).getByTestId('library-image');
  await expect(libraryImage).toHaveAttribute('alt', 'Cane armchair');
  await expect.poll(() => loaded(libraryImage)).toBe(true);
});
